/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.BasicArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.BasicTypeInfo;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.typeutils.RowTypeInfo;
import org.apache.flink.api.java.typeutils.TupleTypeInfo;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import static org.apache.flink.api.java.typeutils.runtime.RandomFields.hex;
import static org.apache.flink.api.java.typeutils.runtime.RandomFields.string;

/**
 * What Flink's row serializer makes of random rows of a shape: the bytes of each, what is read back
 * from them (fresh, and into rows to reuse of every sort: empty, full, name-based, of another
 * arity), its copies (fresh, and into such rows) and which of their fields are the original's
 * objects, and the exception of each operation that fails. Shapes: {@code builtins} (a string and
 * every boxed primitive), {@code mixed} (a nested row, a tuple, arrays, numbers), {@code named}
 * (rows in name-based mode), {@code legacy} (a serializer without the row kind), {@code arity}
 * (rows with a field more or less than the serializer's). Fields are often null and row kinds
 * random. Written against Flink's API only, without nested classes or lambdas, so that a copy of it
 * can run against upstream's classes.
 */
public final class RowWrites {

    private static final String[] NAMES = {"id", "count", "total", "label"};

    private RowWrites() {}

    /** Describes {@code count} random rows of the shape, drawn from the seed. */
    public static List<String> write(String shape, long seed, int count) throws IOException {
        TypeSerializer<Row> serializer = serializer(shape);
        Random random = new Random(seed);
        List<String> described = new ArrayList<>();
        Row previousRead = serializer.createInstance();
        Row previousCopy = serializer.createInstance();
        for (int i = 0; i < count; i++) {
            Row row = row(shape, random);
            // rows to reuse are chosen before this row is read and copied, so that the rows read or
            // copied before, when taken, hold fields where this one has none and the other way
            Row readReuse = reuse(serializer, random, previousRead);
            Row copyReuse = random.nextInt(5) == 0 ? null : reuse(serializer, random, previousCopy);
            StringBuilder line = new StringBuilder();
            byte[] bytes;
            try {
                bytes = bytes(serializer, row);
            } catch (Exception e) {
                bytes = null;
                line.append(failure(e));
            }
            if (bytes != null) {
                line.append(hex(bytes));
                try {
                    previousRead = serializer.deserialize(new DataInputDeserializer(bytes));
                    line.append(" read ").append(describe(serializer, previousRead, null));
                } catch (Exception e) {
                    line.append(" read ").append(failure(e));
                }
                try {
                    Row readInto =
                            serializer.deserialize(readReuse, new DataInputDeserializer(bytes));
                    line.append(" into ")
                            .append(readInto == readReuse)
                            .append(' ')
                            .append(describe(serializer, readInto, null));
                } catch (Exception e) {
                    line.append(" into ").append(failure(e));
                }
            }
            try {
                Row copy = serializer.copy(row);
                line.append(" copy ").append(describe(serializer, copy, row));
                previousCopy = copy;
            } catch (Exception e) {
                line.append(" copy ").append(failure(e));
            }
            try {
                Row copyInto = serializer.copy(row, copyReuse);
                line.append(" copy into ")
                        .append(copyInto == copyReuse)
                        .append(' ')
                        .append(describe(serializer, copyInto, row));
            } catch (Exception e) {
                line.append(" copy into ").append(failure(e));
            }
            described.add(line.toString());
        }
        return described;
    }

    private static TypeSerializer<Row> serializer(String shape) {
        TypeInformation<?>[] types = fieldTypes(shape);
        if (shape.equals("legacy")) {
            TypeSerializer<?>[] serializers = new TypeSerializer<?>[types.length];
            for (int i = 0; i < types.length; i++) {
                serializers[i] = types[i].createSerializer(new SerializerConfigImpl());
            }
            return new RowSerializer(serializers, null, false);
        }
        RowTypeInfo type =
                shape.equals("named") ? new RowTypeInfo(types, NAMES) : new RowTypeInfo(types);
        return type.createSerializer(new SerializerConfigImpl());
    }

    private static TypeInformation<?>[] fieldTypes(String shape) {
        switch (shape) {
            case "builtins":
                return new TypeInformation<?>[] {
                    BasicTypeInfo.STRING_TYPE_INFO,
                    BasicTypeInfo.BOOLEAN_TYPE_INFO,
                    BasicTypeInfo.BYTE_TYPE_INFO,
                    BasicTypeInfo.SHORT_TYPE_INFO,
                    BasicTypeInfo.CHAR_TYPE_INFO,
                    BasicTypeInfo.INT_TYPE_INFO,
                    BasicTypeInfo.FLOAT_TYPE_INFO,
                    BasicTypeInfo.LONG_TYPE_INFO,
                    BasicTypeInfo.DOUBLE_TYPE_INFO
                };
            case "mixed":
                return new TypeInformation<?>[] {
                    BasicTypeInfo.LONG_TYPE_INFO,
                    new RowTypeInfo(BasicTypeInfo.STRING_TYPE_INFO, BasicTypeInfo.LONG_TYPE_INFO),
                    new TupleTypeInfo<Tuple2<String, Long>>(
                            BasicTypeInfo.STRING_TYPE_INFO, BasicTypeInfo.LONG_TYPE_INFO),
                    PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO,
                    BasicArrayTypeInfo.STRING_ARRAY_TYPE_INFO,
                    BasicTypeInfo.DOUBLE_TYPE_INFO
                };
            default:
                return new TypeInformation<?>[] {
                    BasicTypeInfo.STRING_TYPE_INFO,
                    BasicTypeInfo.INT_TYPE_INFO,
                    BasicTypeInfo.LONG_TYPE_INFO,
                    BasicTypeInfo.STRING_TYPE_INFO
                };
        }
    }

    private static Row row(String shape, Random random) {
        RowKind kind = RowKind.values()[random.nextInt(RowKind.values().length)];
        switch (shape) {
            case "builtins":
                return Row.ofKind(
                        kind,
                        string(random),
                        orNull(random, random.nextBoolean()),
                        orNull(random, (byte) random.nextInt()),
                        orNull(random, (short) random.nextInt()),
                        orNull(random, (char) random.nextInt(0x10000)),
                        orNull(random, random.nextInt(2000) - 1000),
                        orNull(random, random.nextFloat()),
                        orNull(random, random.nextLong()),
                        orNull(random, random.nextDouble()));
            case "mixed":
                byte[] bytes = new byte[random.nextInt(20)];
                random.nextBytes(bytes);
                return Row.ofKind(
                        kind,
                        orNull(random, random.nextLong()),
                        orNull(random, Row.of(string(random), orNull(random, random.nextLong()))),
                        orNull(random, Tuple2.of(string(random), random.nextLong())),
                        orNull(random, bytes),
                        orNull(random, new String[] {string(random), string(random)}),
                        orNull(random, random.nextDouble()));
            case "named":
                if (random.nextInt(3) == 0) {
                    return Row.ofKind(kind, fourFields(random));
                }
                Row named = Row.withNames(kind);
                Object[] values = fourFields(random);
                for (int i = 0; i < NAMES.length; i++) {
                    if (random.nextInt(4) != 0) {
                        named.setField(NAMES[i], values[i]);
                    }
                }
                return named;
            case "arity":
                int arity = 3 + random.nextInt(3);
                Object[] fields = new Object[arity];
                System.arraycopy(fourFields(random), 0, fields, 0, Math.min(arity, 4));
                return Row.ofKind(kind, fields);
            default:
                return Row.ofKind(kind, fourFields(random));
        }
    }

    private static Object[] fourFields(Random random) {
        return new Object[] {
            string(random),
            orNull(random, random.nextInt()),
            orNull(random, random.nextLong()),
            string(random)
        };
    }

    /**
     * A row to read or copy into: empty, the row read or copied before, one in name-based mode, or
     * one of another arity.
     */
    private static Row reuse(TypeSerializer<Row> serializer, Random random, Row last) {
        switch (random.nextInt(4)) {
            case 0:
                return serializer.createInstance();
            case 1:
                return last;
            case 2:
                Row named = Row.withNames();
                named.setField("id", "old");
                return named;
            default:
                return new Row(1 + random.nextInt(8));
        }
    }

    private static Object orNull(Random random, Object value) {
        return random.nextInt(4) == 0 ? null : value;
    }

    /**
     * A row's kind, its bytes, and for a copy of {@code original} which of its fields are the
     * original's objects, by name in name-based mode and by position else.
     */
    private static String describe(TypeSerializer<Row> serializer, Row row, Row original)
            throws IOException {
        StringBuilder description = new StringBuilder();
        description.append(row.getKind()).append(' ').append(hex(bytes(serializer, row)));
        if (original != null) {
            description.append(' ');
            Set<String> names = row.getFieldNames(false);
            if (names != null) {
                for (String name : new TreeSet<>(names)) {
                    description.append(row.getField(name) == original.getField(name) ? 'S' : 'c');
                }
            } else {
                for (int i = 0; i < row.getArity(); i++) {
                    description.append(row.getField(i) == original.getField(i) ? 'S' : 'c');
                }
            }
        }
        return description.toString();
    }

    private static String failure(Exception e) {
        return "fails " + e.getClass().getName() + ": " + e.getMessage();
    }

    private static byte[] bytes(TypeSerializer<Row> serializer, Row row) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        serializer.serialize(row, out);
        return out.getCopyOfBuffer();
    }
}

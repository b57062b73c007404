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
import org.apache.flink.api.java.tuple.Tuple;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.typeutils.TupleTypeInfo;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.apache.flink.api.java.typeutils.runtime.RandomFields.hex;
import static org.apache.flink.api.java.typeutils.runtime.RandomFields.string;

/**
 * What Flink's tuple serializer makes of random tuples of a shape: the bytes of each, what is read
 * back from them (fresh and into a reused tuple), its copies (fresh and into a reused tuple) and
 * which of their fields are the original's objects, and the exception of a tuple that cannot be
 * written. Shapes: {@code word} (a string and an int), {@code builtins} (a string and every boxed
 * primitive), {@code mixed} (a nested tuple, arrays, longs), {@code nulls} (strings and boxed
 * primitives, often null). Written against Flink's API only, without nested classes or lambdas, so
 * that a copy of it can run against upstream's classes.
 */
public final class TupleWrites {

    private TupleWrites() {}

    /** Describes {@code count} random tuples of the shape, drawn from the seed. */
    @SuppressWarnings("unchecked")
    public static List<String> write(String shape, long seed, int count) throws IOException {
        TypeSerializer<Tuple> serializer =
                (TypeSerializer<Tuple>)
                        new TupleTypeInfo<Tuple>(fieldTypes(shape))
                                .createSerializer(new SerializerConfigImpl());
        Random random = new Random(seed);
        List<String> described = new ArrayList<>();
        Tuple reuse = serializer.createInstance();
        for (int i = 0; i < count; i++) {
            Tuple tuple = tuple(shape, random);
            byte[] bytes;
            try {
                bytes = bytes(serializer, tuple);
            } catch (Exception e) {
                described.add("fails " + e.getClass().getName() + ": " + e.getMessage());
                continue;
            }
            Tuple read = serializer.deserialize(new DataInputDeserializer(bytes));
            Tuple readInto = serializer.deserialize(reuse, new DataInputDeserializer(bytes));
            Tuple copy = serializer.copy(tuple);
            Tuple copyInto = serializer.copy(tuple, serializer.createInstance());
            described.add(
                    hex(bytes)
                            + " read "
                            + hex(bytes(serializer, read))
                            + " into "
                            + (readInto == reuse)
                            + ' '
                            + hex(bytes(serializer, readInto))
                            + " copy "
                            + hex(bytes(serializer, copy))
                            + ' '
                            + sharedFields(tuple, copy)
                            + " into "
                            + hex(bytes(serializer, copyInto))
                            + ' '
                            + sharedFields(tuple, copyInto)
                            + ' '
                            + read.getClass().getName());
        }
        return described;
    }

    private static TypeInformation<?>[] fieldTypes(String shape) {
        switch (shape) {
            case "word":
                return new TypeInformation<?>[] {
                    BasicTypeInfo.STRING_TYPE_INFO, BasicTypeInfo.INT_TYPE_INFO
                };
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

    private static Tuple tuple(String shape, Random random) {
        switch (shape) {
            case "word":
                return Tuple2.of(string(random), random.nextInt());
            case "builtins":
                Tuple builtins = Tuple.newInstance(9);
                builtins.setField(string(random), 0);
                builtins.setField(random.nextBoolean(), 1);
                builtins.setField((byte) random.nextInt(), 2);
                builtins.setField((short) random.nextInt(), 3);
                builtins.setField((char) random.nextInt(0x10000), 4);
                builtins.setField(random.nextInt(2000) - 1000, 5);
                builtins.setField(random.nextFloat(), 6);
                builtins.setField(random.nextLong(), 7);
                builtins.setField(random.nextDouble(), 8);
                return builtins;
            case "mixed":
                Tuple mixed = Tuple.newInstance(5);
                mixed.setField(random.nextLong(), 0);
                mixed.setField(Tuple2.of(string(random), random.nextLong()), 1);
                byte[] bytes = new byte[random.nextInt(20)];
                random.nextBytes(bytes);
                mixed.setField(random.nextInt(5) == 0 ? null : bytes, 2);
                mixed.setField(new String[] {string(random), string(random)}, 3);
                mixed.setField(random.nextDouble(), 4);
                return mixed;
            default:
                Tuple nulls = Tuple.newInstance(4);
                nulls.setField(string(random), 0);
                nulls.setField(random.nextInt(4) == 0 ? null : random.nextInt(), 1);
                nulls.setField(random.nextInt(4) == 0 ? null : random.nextLong(), 2);
                nulls.setField(string(random), 3);
                return nulls;
        }
    }

    private static byte[] bytes(TypeSerializer<Tuple> serializer, Tuple tuple) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        serializer.serialize(tuple, out);
        return out.getCopyOfBuffer();
    }

    /** For each field, whether the copy holds the original's object. */
    private static String sharedFields(Tuple original, Tuple copy) {
        StringBuilder shared = new StringBuilder();
        for (int i = 0; i < original.getArity(); i++) {
            shared.append(copy.getField(i) == original.getField(i) ? 'S' : 'c');
        }
        return shared.toString();
    }
}

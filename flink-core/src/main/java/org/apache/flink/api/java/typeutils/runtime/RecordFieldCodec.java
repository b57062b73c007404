/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.typeutils.runtime.RecordAccessGenerator.RecordComponents;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.types.StringValue;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.apache.flink.api.java.typeutils.runtime.BuiltInFieldKinds.BOOLEAN;
import static org.apache.flink.api.java.typeutils.runtime.BuiltInFieldKinds.BYTE;
import static org.apache.flink.api.java.typeutils.runtime.BuiltInFieldKinds.CHAR;
import static org.apache.flink.api.java.typeutils.runtime.BuiltInFieldKinds.DOUBLE;
import static org.apache.flink.api.java.typeutils.runtime.BuiltInFieldKinds.FLOAT;
import static org.apache.flink.api.java.typeutils.runtime.BuiltInFieldKinds.INT;
import static org.apache.flink.api.java.typeutils.runtime.BuiltInFieldKinds.LONG;
import static org.apache.flink.api.java.typeutils.runtime.BuiltInFieldKinds.SHORT;
import static org.apache.flink.api.java.typeutils.runtime.BuiltInFieldKinds.STRING;

/**
 * The fields of one Java record class as {@link PojoSerializer} writes, reads and copies them: each
 * field behind a null flag, in the serializer's field order, with the field's serializer, and a new
 * record made through the record's canonical constructor. Same bytes, same records and the same
 * failures as the serializer's reflective path, at a lower cost per field: the fields are read and
 * the record made through the record's generated {@link RecordAccess}, strings and primitives with
 * Flink's own serializers for them are written and read in place, without boxing, and no builder is
 * made per record.
 *
 * <p>As upstream, a component that the serializer has no field for (one added to the record since a
 * snapshot) gets its type's default value, and a field that the record no longer has is read and
 * dropped.
 */
@Internal
final class RecordFieldCodec {

    /** No such component in the record any more (a field removed since a snapshot). */
    private static final byte ABSENT = 0;

    /** A component of a reference type, with its serializer. */
    private static final byte OBJECT = 2;

    // and, from BuiltInFieldKinds: a String component with StringSerializer, and primitive
    // components, each with Flink's serializer for its boxed type

    private static final Logger LOG = LoggerFactory.getLogger(RecordFieldCodec.class);

    /** The record types logged as serialized through reflection. */
    private static final Set<String> LOGGED_REFLECTIVE_TYPES = ConcurrentHashMap.newKeySet();

    private final RecordAccess access;
    private final TypeSerializer<Object>[] serializers;
    private final int componentCount;

    /** Per field of the serializer: its kind, its component's index and its component's type. */
    private final byte[] kinds;

    private final int[] components;
    private final Class<?>[] types;

    private RecordFieldCodec(
            RecordAccess access,
            TypeSerializer<Object>[] serializers,
            int componentCount,
            byte[] kinds,
            int[] components,
            Class<?>[] types) {
        this.access = access;
        this.serializers = serializers;
        this.componentCount = componentCount;
        this.kinds = kinds;
        this.components = components;
        this.types = types;
    }

    /**
     * The codec of a record class for a serializer's fields, or null if the serializer has to take
     * its reflective path for this class, which is logged once per class with the reason.
     *
     * @param fields the serializer's fields, {@code null} for a field the record no longer has
     * @param serializers the serializer of each field
     */
    static RecordFieldCodec create(
            Class<?> recordClass, Field[] fields, TypeSerializer<Object>[] serializers) {
        try {
            RecordAccess access = RecordAccessGenerator.accessOf(recordClass);
            if (access == null) {
                throw new UnsupportedOperationException(
                        "no access to it could be generated: "
                                + RecordAccessGenerator.whyNoAccess(recordClass));
            }
            RecordComponents recordComponents = RecordComponents.of(recordClass);
            byte[] kinds = new byte[fields.length];
            int[] components = new int[fields.length];
            Class<?>[] types = new Class<?>[fields.length];
            for (int i = 0; i < fields.length; i++) {
                components[i] =
                        fields[i] == null ? -1 : recordComponents.indexOf(fields[i].getName());
                if (fields[i] == null) {
                    kinds[i] = ABSENT;
                } else if (components[i] < 0) {
                    throw new UnsupportedOperationException(
                            "it has no component " + fields[i].getName());
                } else {
                    types[i] = recordComponents.type(components[i]);
                    kinds[i] = kindOf(types[i], serializers[i]);
                }
            }
            return new RecordFieldCodec(
                    access, serializers, recordComponents.count(), kinds, components, types);
        } catch (UnsupportedOperationException | ReflectiveOperationException e) {
            if (LOGGED_REFLECTIVE_TYPES.add(recordClass.getName())) {
                LOG.info(
                        "Record type {} is serialized through reflection, as upstream Flink"
                                + " serializes it: {}.",
                        recordClass.getName(),
                        e.getMessage());
            }
            return null;
        }
    }

    private static byte kindOf(Class<?> type, TypeSerializer<?> serializer) {
        if (serializer == null) {
            throw new UnsupportedOperationException("a field has no serializer");
        }
        byte builtIn = BuiltInFieldKinds.ofField(type, serializer.getClass());
        if (builtIn != BuiltInFieldKinds.NONE) {
            return builtIn;
        } else if (!type.isPrimitive()) {
            return OBJECT;
        }
        throw new UnsupportedOperationException(
                "its component of type "
                        + type
                        + " has the serializer "
                        + serializer.getClass().getName());
    }

    /** Writes every field of {@code record}. */
    void serialize(Object record, DataOutputView target) throws IOException {
        for (int i = 0; i < kinds.length; i++) {
            switch (kinds[i]) {
                case STRING:
                    String text = (String) access.getReference(record, components[i]);
                    target.writeBoolean(text == null);
                    if (text != null) {
                        StringValue.writeString(text, target);
                    }
                    break;
                case OBJECT:
                    Object value = access.getReference(record, components[i]);
                    target.writeBoolean(value == null);
                    if (value != null) {
                        serializers[i].serialize(value, target);
                    }
                    break;
                case ABSENT:
                    target.writeBoolean(true);
                    break;
                default:
                    target.writeBoolean(false);
                    writeBits(kinds[i], access.getPrimitive(record, components[i]), target);
            }
        }
    }

    /** Reads every field and makes the record of them. */
    Object deserialize(DataInputView source) throws IOException {
        long[] primitives = new long[componentCount];
        Object[] references = new Object[componentCount];
        for (int i = 0; i < kinds.length; i++) {
            boolean isNull = source.readBoolean();
            switch (kinds[i]) {
                case STRING:
                    references[components[i]] = isNull ? null : StringValue.readString(source);
                    break;
                case OBJECT:
                    references[components[i]] =
                            isNull ? null : checked(i, serializers[i].deserialize(source));
                    break;
                case ABSENT:
                    if (!isNull) {
                        serializers[i].deserialize(source);
                    }
                    break;
                default:
                    if (isNull) {
                        throw notInstantiated(
                                new IllegalArgumentException(
                                        "null for the primitive component of field " + i));
                    }
                    primitives[components[i]] = readBits(kinds[i], source);
            }
        }
        return construct(primitives, references);
    }

    /** A new record whose fields are copies of those of {@code from}, as deep as upstream's. */
    Object copy(Object from) {
        long[] primitives = new long[componentCount];
        Object[] references = new Object[componentCount];
        for (int i = 0; i < kinds.length; i++) {
            int component = components[i];
            switch (kinds[i]) {
                case STRING:
                    references[component] = access.getReference(from, component);
                    break;
                case OBJECT:
                    Object value = access.getReference(from, component);
                    references[component] =
                            value == null ? null : checked(i, serializers[i].copy(value));
                    break;
                case ABSENT:
                    break;
                default:
                    primitives[component] = access.getPrimitive(from, component);
            }
        }
        return construct(primitives, references);
    }

    /** A field's value, if it fits its component's type; else the failure of upstream's builder. */
    private Object checked(int field, Object value) {
        if (!types[field].isInstance(value)) {
            throw notInstantiated(new IllegalArgumentException("argument type mismatch"));
        }
        return value;
    }

    private Object construct(long[] primitives, Object[] references) {
        try {
            return access.construct(primitives, references);
        } catch (Throwable t) {
            // as upstream's builder: what the canonical constructor threw, wrapped as reflection
            // does
            throw notInstantiated(new InvocationTargetException(t));
        }
    }

    private static RuntimeException notInstantiated(Exception cause) {
        return new RuntimeException("Could not instantiate record", cause);
    }

    /** Writes a primitive from its bits, as Flink's serializer of its boxed type writes it. */
    private static void writeBits(byte kind, long bits, DataOutputView target) throws IOException {
        switch (kind) {
            case BOOLEAN:
                target.writeBoolean(bits != 0);
                break;
            case BYTE:
                target.writeByte((int) bits);
                break;
            case SHORT:
                target.writeShort((int) bits);
                break;
            case CHAR:
                target.writeChar((int) bits);
                break;
            case INT:
                target.writeInt((int) bits);
                break;
            case FLOAT:
                target.writeFloat(Float.intBitsToFloat((int) bits));
                break;
            case LONG:
                target.writeLong(bits);
                break;
            case DOUBLE:
                target.writeDouble(Double.longBitsToDouble(bits));
                break;
            default:
                throw new IllegalStateException("Not a primitive field kind: " + kind);
        }
    }

    /** Reads a primitive as Flink's serializer of its boxed type reads it, into its bits. */
    private static long readBits(byte kind, DataInputView source) throws IOException {
        switch (kind) {
            case BOOLEAN:
                return source.readBoolean() ? 1 : 0;
            case BYTE:
                return source.readByte();
            case SHORT:
                return source.readShort();
            case CHAR:
                return source.readChar();
            case INT:
                return source.readInt();
            case FLOAT:
                return Float.floatToRawIntBits(source.readFloat());
            case LONG:
                return source.readLong();
            case DOUBLE:
                return Double.doubleToRawLongBits(source.readDouble());
            default:
                throw new IllegalStateException("Not a primitive field kind: " + kind);
        }
    }
}

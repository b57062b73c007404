/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.types.StringValue;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
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
import static org.apache.flink.core.memory.MemoryUtils.UNSAFE;

/**
 * The fields of one POJO class as {@link PojoSerializer} writes, reads and copies them for an
 * instance of exactly that class: each field behind a null flag, in the serializer's field order,
 * with the field's serializer. Same bytes and same objects as the serializer's reflective path, at
 * a lower cost per field:
 *
 * <ul>
 *   <li>a field is reached at its offset in the object, not through {@link Field#get} and {@link
 *       Field#set} (which check access and the instance's class on every call);
 *   <li>strings and primitives with Flink's own serializers for them are written and read in place,
 *       without a call through {@link TypeSerializer} and without boxing;
 *   <li>every other field goes through its serializer, and a value read for it is stored only if it
 *       is an instance of the field's type: otherwise {@link Field#set} stores it, failing as the
 *       reflective path fails.
 * </ul>
 *
 * <p>Fields that cannot be reached by offset (a field of another class, a volatile field, or one of
 * a class whose layout the JVM does not expose) and primitive fields with a serializer of their own
 * take the reflective path, one by one, logged once per field. Callers hand in instances of exactly
 * the POJO class; an instance of any other class would be read at the wrong offsets.
 */
@Internal
final class PojoFieldCodec {

    /** No such field in the class any more (a field removed since a snapshot): always null. */
    private static final byte ABSENT = 0;

    /** A field read and written through {@link Field} and its serializer, as upstream does. */
    private static final byte REFLECTIVE = 1;

    /** A field of a reference type, reached at its offset, with its serializer. */
    private static final byte OBJECT = 2;

    // and, from BuiltInFieldKinds: a String field with StringSerializer, and primitive fields,
    // each with Flink's serializer for its boxed type

    private static final Logger LOG = LoggerFactory.getLogger(PojoFieldCodec.class);

    /** The POJO types' fields logged as serialized through reflection, by class and field name. */
    private static final Set<String> LOGGED_REFLECTIVE_FIELDS = ConcurrentHashMap.newKeySet();

    private final Field[] fields;
    private final TypeSerializer<Object>[] serializers;
    private final byte[] kinds;
    private final long[] offsets;

    /**
     * @param pojoClass the class whose instances this codec is handed
     * @param fields the serializer's fields, {@code null} for a field the class no longer has
     * @param serializers the serializer of each field
     */
    PojoFieldCodec(Class<?> pojoClass, Field[] fields, TypeSerializer<Object>[] serializers) {
        this.fields = fields;
        this.serializers = serializers;
        this.kinds = new byte[fields.length];
        this.offsets = new long[fields.length];
        for (int i = 0; i < fields.length; i++) {
            kinds[i] = kindOf(pojoClass, fields[i], serializers[i]);
            if (kinds[i] > REFLECTIVE) {
                offsets[i] = UNSAFE.objectFieldOffset(fields[i]);
            }
        }
    }

    /** Writes every field of {@code pojo}. */
    void serialize(Object pojo, DataOutputView target) throws IOException {
        for (int i = 0; i < kinds.length; i++) {
            long offset = offsets[i];
            switch (kinds[i]) {
                case STRING:
                    String text = (String) UNSAFE.getObject(pojo, offset);
                    target.writeBoolean(text == null);
                    if (text != null) {
                        StringValue.writeString(text, target);
                    }
                    break;
                case OBJECT:
                    writeNullable(UNSAFE.getObject(pojo, offset), i, target);
                    break;
                case REFLECTIVE:
                    writeNullable(get(fields[i], pojo), i, target);
                    break;
                case ABSENT:
                    target.writeBoolean(true);
                    break;
                default:
                    target.writeBoolean(false);
                    writePrimitive(kinds[i], pojo, offset, target);
            }
        }
    }

    /** Reads every field into {@code pojo}, whatever it held before. */
    void deserialize(Object pojo, DataInputView source) throws IOException {
        for (int i = 0; i < kinds.length; i++) {
            long offset = offsets[i];
            boolean isNull = source.readBoolean();
            switch (kinds[i]) {
                case STRING:
                    UNSAFE.putObject(pojo, offset, isNull ? null : StringValue.readString(source));
                    break;
                case OBJECT:
                    put(i, pojo, isNull ? null : serializers[i].deserialize(source));
                    break;
                case REFLECTIVE:
                    set(fields[i], pojo, isNull ? null : serializers[i].deserialize(source));
                    break;
                case ABSENT:
                    if (!isNull) {
                        serializers[i].deserialize(source);
                    }
                    break;
                default:
                    if (isNull) {
                        // a primitive is never null: fails as upstream fails
                        set(fields[i], pojo, null);
                    }
                    readPrimitive(kinds[i], pojo, offset, source);
            }
        }
    }

    /** Sets every field of {@code to} to a copy of the one of {@code from}, as deep as upstream. */
    void copy(Object from, Object to) {
        for (int i = 0; i < kinds.length; i++) {
            long offset = offsets[i];
            switch (kinds[i]) {
                case STRING:
                    UNSAFE.putObject(to, offset, UNSAFE.getObject(from, offset));
                    break;
                case OBJECT:
                    Object value = UNSAFE.getObject(from, offset);
                    put(i, to, value == null ? null : serializers[i].copy(value));
                    break;
                case REFLECTIVE:
                    Object reflected = get(fields[i], from);
                    set(fields[i], to, reflected == null ? null : serializers[i].copy(reflected));
                    break;
                case ABSENT:
                    break;
                default:
                    copyPrimitive(kinds[i], from, to, offset);
            }
        }
    }

    private void writeNullable(Object value, int field, DataOutputView target) throws IOException {
        target.writeBoolean(value == null);
        if (value != null) {
            serializers[field].serialize(value, target);
        }
    }

    /** Stores a value at a field's offset if it fits the field's type, else as upstream does. */
    private void put(int field, Object pojo, Object value) {
        if (value == null || fields[field].getType().isInstance(value)) {
            UNSAFE.putObject(pojo, offsets[field], value);
        } else {
            set(fields[field], pojo, value);
        }
    }

    private static void writePrimitive(byte kind, Object pojo, long offset, DataOutputView target)
            throws IOException {
        switch (kind) {
            case BOOLEAN:
                target.writeBoolean(UNSAFE.getBoolean(pojo, offset));
                break;
            case BYTE:
                target.writeByte(UNSAFE.getByte(pojo, offset));
                break;
            case SHORT:
                target.writeShort(UNSAFE.getShort(pojo, offset));
                break;
            case CHAR:
                target.writeChar(UNSAFE.getChar(pojo, offset));
                break;
            case INT:
                target.writeInt(UNSAFE.getInt(pojo, offset));
                break;
            case FLOAT:
                target.writeFloat(UNSAFE.getFloat(pojo, offset));
                break;
            case LONG:
                target.writeLong(UNSAFE.getLong(pojo, offset));
                break;
            case DOUBLE:
                target.writeDouble(UNSAFE.getDouble(pojo, offset));
                break;
            default:
                throw new IllegalStateException("Not a primitive field kind: " + kind);
        }
    }

    private static void readPrimitive(byte kind, Object pojo, long offset, DataInputView source)
            throws IOException {
        switch (kind) {
            case BOOLEAN:
                UNSAFE.putBoolean(pojo, offset, source.readBoolean());
                break;
            case BYTE:
                UNSAFE.putByte(pojo, offset, source.readByte());
                break;
            case SHORT:
                UNSAFE.putShort(pojo, offset, source.readShort());
                break;
            case CHAR:
                UNSAFE.putChar(pojo, offset, source.readChar());
                break;
            case INT:
                UNSAFE.putInt(pojo, offset, source.readInt());
                break;
            case FLOAT:
                UNSAFE.putFloat(pojo, offset, source.readFloat());
                break;
            case LONG:
                UNSAFE.putLong(pojo, offset, source.readLong());
                break;
            case DOUBLE:
                UNSAFE.putDouble(pojo, offset, source.readDouble());
                break;
            default:
                throw new IllegalStateException("Not a primitive field kind: " + kind);
        }
    }

    /** Copies a primitive by its width: the bits are the value. */
    private static void copyPrimitive(byte kind, Object from, Object to, long offset) {
        switch (kind) {
            case BOOLEAN:
            case BYTE:
                UNSAFE.putByte(to, offset, UNSAFE.getByte(from, offset));
                break;
            case SHORT:
            case CHAR:
                UNSAFE.putShort(to, offset, UNSAFE.getShort(from, offset));
                break;
            case INT:
            case FLOAT:
                UNSAFE.putInt(to, offset, UNSAFE.getInt(from, offset));
                break;
            case LONG:
            case DOUBLE:
                UNSAFE.putLong(to, offset, UNSAFE.getLong(from, offset));
                break;
            default:
                throw new IllegalStateException("Not a primitive field kind: " + kind);
        }
    }

    private static byte kindOf(Class<?> pojoClass, Field field, TypeSerializer<?> serializer) {
        if (field == null) {
            return ABSENT;
        }
        if (serializer == null) {
            return REFLECTIVE; // fails where the field is used, as upstream's would
        }
        String notByOffset = whyNotByOffset(pojoClass, field);
        byte kind =
                notByOffset == null
                        ? kindByType(field.getType(), serializer.getClass())
                        : REFLECTIVE;
        if (kind == REFLECTIVE) {
            logReflectiveOnce(
                    pojoClass,
                    field,
                    notByOffset != null
                            ? notByOffset
                            : "its serializer "
                                    + serializer.getClass().getName()
                                    + " is not Flink's for "
                                    + field.getType());
        }
        return kind;
    }

    private static byte kindByType(Class<?> type, Class<?> serializerClass) {
        byte builtIn = BuiltInFieldKinds.ofField(type, serializerClass);
        if (builtIn != BuiltInFieldKinds.NONE) {
            return builtIn;
        }
        return type.isPrimitive() ? REFLECTIVE : OBJECT;
    }

    /**
     * Why a field cannot be read and written at its offset in instances of the class, or null if it
     * can: a field of the class or one of its superclasses, neither static nor volatile, of a class
     * whose layout the JVM hands out.
     */
    private static String whyNotByOffset(Class<?> pojoClass, Field field) {
        int modifiers = field.getModifiers();
        if (!field.getDeclaringClass().isAssignableFrom(pojoClass)) {
            return "it is not a field of the class or of a superclass";
        } else if (Modifier.isStatic(modifiers)) {
            return "it is static";
        } else if (Modifier.isVolatile(modifiers)) {
            return "it is volatile";
        }
        try {
            UNSAFE.objectFieldOffset(field);
            return null;
        } catch (RuntimeException e) {
            // a hidden class or a record, whose fields the JVM keeps to reflection
            return "the JVM gives no offset for it (" + e + ")";
        }
    }

    private static void logReflectiveOnce(Class<?> pojoClass, Field field, String reason) {
        if (LOGGED_REFLECTIVE_FIELDS.add(pojoClass.getName() + '#' + field.getName())) {
            LOG.info(
                    "Field {} of POJO type {} is serialized through reflection, as upstream Flink"
                            + " serializes it: {}.",
                    field.getName(),
                    pojoClass.getName(),
                    reason);
        }
    }

    private static Object get(Field field, Object pojo) {
        try {
            return field.get(pojo);
        } catch (IllegalAccessException e) {
            throw new RuntimeException("Cannot read field " + field + " of a POJO.", e);
        }
    }

    private static void set(Field field, Object pojo, Object value) {
        try {
            field.set(pojo, value);
        } catch (IllegalAccessException e) {
            throw new RuntimeException("Cannot set field " + field + " of a POJO.", e);
        }
    }

    /** For tests: whether a field is reached at its offset. */
    boolean reachesByOffset(int field) {
        return kinds[field] > REFLECTIVE;
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.api.common.serialization.SerializerConfig;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.lang.reflect.Field;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes, reads and copies the fields of an instance of the serializer's own class with a {@link
 * PojoFieldCodec}, or of a Java record with a {@link RecordFieldCodec}: no reflection per field,
 * strings and primitives in place, and no default values given to the fields of a new instance only
 * to be overwritten. Same bytes, same objects; subclasses and the reuse variants as upstream.
 */
public final class PojoSerializer<T> {

    /**
     * The fields of {@link #clazz}, or null for a record. Made with the serializer, by each of its
     * constructors and when it is deserialized, not on its first use: a check on the record path
     * for a serializer's first use is a branch that the JIT compiles as never taken (the first
     * job's serializers most likely take it before their methods are profiled), and the next job's
     * new serializers then throw away the compiled code of every record path that inlined it.
     */
    private transient PojoFieldCodec fieldCodec;

    /**
     * Makes the instances of {@link #clazz} that the codec fills; made with {@link #fieldCodec}.
     */
    private transient NoArgumentConstructor<T> constructor;

    /**
     * The fields of {@link #clazz} if it is a record, made where {@link #fieldCodec} is made; null
     * for a record whose fields take upstream's reflective path (the reason logged once).
     */
    private transient RecordFieldCodec recordCodec;

    /** The constructor of a new serializer for a POJO type: upstream's, then the codec. */
    @Overlay.Wrap("1.20.5:a1f838234c46")
    public PojoSerializer(
            Class<T> clazz,
            TypeSerializer<?>[] fieldSerializers,
            Field[] fields,
            SerializerConfig serializerConfig) {
        prepareFieldCodec();
    }

    /** The constructor of {@code duplicate()} and of restored snapshots: upstream's, the codec. */
    @Overlay.Wrap("1.20.5:0ba4e701221b")
    PojoSerializer(
            Class<T> clazz,
            Field[] fields,
            TypeSerializer<Object>[] fieldSerializers,
            // the subclasses: those registered, their serializers, and those met since
            LinkedHashMap<Class<?>, Integer> registeredClasses,
            TypeSerializer<?>[] registeredSerializers,
            Map<Class<?>, TypeSerializer<?>> subclassSerializerCache,
            SerializerConfig serializerConfig) {
        prepareFieldCodec();
    }

    /** A serializer deserialized, as in a task's configuration: upstream's fields, the codec. */
    @Overlay.Wrap("1.20.5:679d921eeab6")
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        readObject$upstream(in);
        prepareFieldCodec();
    }

    @Overlay.Wrap("1.20.5:384bf2bbe5a9")
    @Override
    public void serialize(T value, DataOutputView target) throws IOException {
        if (value != null && value.getClass() == clazz && fieldCodec != null) {
            target.writeByte(NO_SUBCLASS);
            fieldCodec.serialize(value, target);
        } else if (value != null && value.getClass() == clazz && recordCodec != null) {
            target.writeByte(NO_SUBCLASS);
            recordCodec.serialize(value, target);
        } else {
            serialize$upstream(value, target);
        }
    }

    @Overlay.Replace("1.20.5:7da2b82eff89")
    @Override
    public T deserialize(DataInputView source) throws IOException {
        int flags = source.readByte();
        if ((flags & IS_NULL) != 0) {
            return null;
        } else if ((flags & IS_SUBCLASS) != 0) {
            String subclassName = source.readUTF();
            try {
                Class<?> subclass = Class.forName(subclassName, true, cl);
                return deserializeSubclass(getSubclassSerializer(subclass), source);
            } catch (ClassNotFoundException e) {
                throw new RuntimeException("Cannot instantiate class.", e);
            }
        } else if ((flags & IS_TAGGED_SUBCLASS) != 0) {
            return deserializeSubclass(registeredSerializers[source.readByte()], source);
        } else if ((flags & NO_SUBCLASS) != 0) {
            return isRecord() ? deserializeRecord(source) : deserializeFields(source);
        }
        throw new IOException("Corrupt POJO data: unknown flags " + flags + " for " + clazz);
    }

    @Overlay.Wrap("1.20.5:abfa3278712e")
    @Override
    public T copy(T from) {
        if (from != null && from.getClass() == clazz && recordCodec != null) {
            return (T) recordCodec.copy(from);
        } else if (from == null || from.getClass() != clazz || isRecord()) {
            return copy$upstream(from);
        }
        T target;
        try {
            target = constructor.newInstance();
        } catch (Throwable t) {
            // as upstream's copy: an error of the constructor too
            throw new RuntimeException("Cannot instantiate class.", t);
        }
        fieldCodec.copy(from, target);
        return target;
    }

    private T deserializeFields(DataInputView source) throws IOException {
        T target;
        try {
            target = constructor.newInstance();
        } catch (Exception e) {
            // as upstream's createInstance: an error of the constructor passes as it is
            throw new RuntimeException("Cannot instantiate class.", e);
        }
        fieldCodec.deserialize(target, source);
        return target;
    }

    @SuppressWarnings("unchecked")
    private T deserializeRecord(DataInputView source) throws IOException {
        if (recordCodec != null) {
            return (T) recordCodec.deserialize(source);
        }
        JavaRecordBuilderFactory<T>.JavaRecordBuilder builder = recordFactory.newBuilder();
        for (int i = 0; i < numFields; i++) {
            Object value = source.readBoolean() ? null : fieldSerializers[i].deserialize(source);
            if (fields[i] != null) {
                builder.setField(i, value);
            }
        }
        return builder.build();
    }

    /**
     * A subclass instance: the fields this serializer knows get their default values, the
     * subclass's serializer reads the rest into it.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private T deserializeSubclass(TypeSerializer subclassSerializer, DataInputView source)
            throws IOException {
        T target = (T) subclassSerializer.createInstance();
        initializeFields(target);
        return (T) subclassSerializer.deserialize(target, source);
    }

    private void prepareFieldCodec() {
        if (isRecord()) {
            recordCodec = RecordFieldCodec.create(clazz, fields, fieldSerializers);
        } else {
            fieldCodec = new PojoFieldCodec(clazz, fields, fieldSerializers);
            constructor = new NoArgumentConstructor<>(clazz);
        }
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.typeutils.TypeExtractor;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;

/** A POJO type's serializer, the fork's or upstream's, on its own Flink buffers. */
interface PojoCodecs {

    /** Serializes into Flink's output buffer, emptied first; returns the buffer. */
    Object serialize(Object value) throws Throwable;

    /** Deserializes from Flink's input buffer, set to {@code bytes} first. */
    Object deserialize(byte[] bytes) throws Throwable;

    /** A deep copy of {@code value}, as {@code TypeSerializer#copy(Object)} makes it. */
    Object copy(Object value) throws Throwable;

    /** The bytes of the last {@link #serialize}. */
    byte[] lastBytes() throws Throwable;

    static PojoCodecs named(String name, Class<?> type) {
        switch (name) {
            case "wirespeed":
                return new Wirespeed(type);
            case "upstream":
                return new PinnedUpstream(type);
            default:
                throw new IllegalArgumentException("Unknown implementation " + name);
        }
    }

    /** The fork's serializer, as Flink's type extraction makes it, called directly. */
    final class Wirespeed implements PojoCodecs {
        private final TypeSerializer<Object> serializer;
        private final DataOutputSerializer out = new DataOutputSerializer(256);
        private final DataInputDeserializer in = new DataInputDeserializer();

        @SuppressWarnings("unchecked")
        Wirespeed(Class<?> type) {
            serializer =
                    (TypeSerializer<Object>)
                            TypeExtractor.createTypeInfo(type)
                                    .createSerializer(new SerializerConfigImpl());
        }

        @Override
        public Object serialize(Object value) throws Throwable {
            out.clear();
            serializer.serialize(value, out);
            return out;
        }

        @Override
        public Object deserialize(byte[] bytes) throws Throwable {
            in.setBuffer(bytes);
            return serializer.deserialize(in);
        }

        @Override
        public Object copy(Object value) {
            return serializer.copy(value);
        }

        @Override
        public byte[] lastBytes() {
            return out.getCopyOfBuffer();
        }
    }

    /** The pinned upstream release's serializer, from its jar, through constant method handles. */
    final class PinnedUpstream implements PojoCodecs {
        private static final String SERIALIZER_TYPE =
                "org.apache.flink.api.common.typeutils.TypeSerializer";
        private static final String OUTPUT = "org.apache.flink.core.memory.DataOutputSerializer";
        private static final String INPUT = "org.apache.flink.core.memory.DataInputDeserializer";

        private static final MethodHandle SERIALIZE =
                erased(
                        Upstream.virtualMethod(
                                SERIALIZER_TYPE,
                                "serialize",
                                MethodType.methodType(
                                        void.class,
                                        Object.class,
                                        Upstream.load(
                                                "org.apache.flink.core.memory.DataOutputView"))));
        private static final MethodHandle DESERIALIZE =
                erased(
                        Upstream.virtualMethod(
                                SERIALIZER_TYPE,
                                "deserialize",
                                MethodType.methodType(
                                        Object.class,
                                        Upstream.load(
                                                "org.apache.flink.core.memory.DataInputView"))));
        private static final MethodHandle COPY =
                erased(
                        Upstream.virtualMethod(
                                SERIALIZER_TYPE,
                                "copy",
                                MethodType.methodType(Object.class, Object.class)));
        private static final MethodHandle CLEAR =
                Upstream.virtualMethod(OUTPUT, "clear", MethodType.methodType(void.class));
        private static final MethodHandle COPY_OF_BUFFER =
                Upstream.virtualMethod(
                        OUTPUT, "getCopyOfBuffer", MethodType.methodType(byte[].class));
        private static final MethodHandle SET_BUFFER =
                Upstream.virtualMethod(
                        INPUT, "setBuffer", MethodType.methodType(void.class, byte[].class));

        private final Object serializer;
        private final Object out = Upstream.newInstance(OUTPUT, new Class<?>[] {int.class}, 256);
        private final Object in = Upstream.newInstance(INPUT, new Class<?>[0]);

        /** A handle whose parameters of upstream's types take any object. */
        private static MethodHandle erased(MethodHandle handle) {
            return handle.asType(handle.type().erase());
        }

        PinnedUpstream(Class<?> type) {
            try {
                Object typeInfo =
                        Upstream.load("org.apache.flink.api.java.typeutils.TypeExtractor")
                                .getMethod("createTypeInfo", Class.class)
                                .invoke(null, type);
                Class<?> config =
                        Upstream.load("org.apache.flink.api.common.serialization.SerializerConfig");
                serializer =
                        Upstream.load("org.apache.flink.api.common.typeinfo.TypeInformation")
                                .getMethod("createSerializer", config)
                                .invoke(
                                        typeInfo,
                                        Upstream.newInstance(
                                                "org.apache.flink.api.common.serialization.SerializerConfigImpl",
                                                new Class<?>[0]));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public Object serialize(Object value) throws Throwable {
            CLEAR.invokeExact(out);
            SERIALIZE.invokeExact(serializer, value, out);
            return out;
        }

        @Override
        public Object deserialize(byte[] bytes) throws Throwable {
            SET_BUFFER.invokeExact(in, bytes);
            return (Object) DESERIALIZE.invokeExact(serializer, in);
        }

        @Override
        public Object copy(Object value) throws Throwable {
            return (Object) COPY.invokeExact(serializer, value);
        }

        @Override
        public byte[] lastBytes() throws Throwable {
            return (byte[]) COPY_OF_BUFFER.invokeExact(out);
        }
    }
}

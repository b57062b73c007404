/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.types.StringValue;

import java.io.DataInput;
import java.io.DataOutput;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;

/** The string methods of {@code StringValue}, the fork's and upstream's, on their own buffers. */
interface StringCodecs {

    /** Writes into Flink's output buffer, emptied first; returns it. */
    Object writeToBuffer(String value) throws Throwable;

    /** Reads from Flink's input buffer, set to {@code bytes} first. */
    String readFromBuffer(byte[] bytes) throws Throwable;

    /** Copies from Flink's input buffer, set to {@code bytes}, to its output buffer, emptied. */
    Object copyBetweenBuffers(byte[] bytes) throws Throwable;

    void writeString(String value, DataOutput out) throws Throwable;

    String readString(DataInput in) throws Throwable;

    static StringCodecs named(String name) {
        switch (name) {
            case "wirespeed":
                return new Wirespeed();
            case "upstream":
                return new PinnedUpstream();
            default:
                throw new IllegalArgumentException("Unknown implementation " + name);
        }
    }

    /** The fork's classes, called directly. */
    final class Wirespeed implements StringCodecs {
        private final DataOutputSerializer out = new DataOutputSerializer(64);
        private final DataOutputSerializer copyOut = new DataOutputSerializer(64);
        private final DataInputDeserializer in = new DataInputDeserializer();

        @Override
        public Object writeToBuffer(String value) throws Throwable {
            out.clear();
            StringValue.writeString(value, out);
            return out;
        }

        @Override
        public String readFromBuffer(byte[] bytes) throws Throwable {
            in.setBuffer(bytes);
            return StringValue.readString(in);
        }

        @Override
        public Object copyBetweenBuffers(byte[] bytes) throws Throwable {
            in.setBuffer(bytes);
            copyOut.clear();
            StringValue.copyString(in, copyOut);
            return copyOut;
        }

        @Override
        public void writeString(String value, DataOutput out) throws Throwable {
            StringValue.writeString(value, out);
        }

        @Override
        public String readString(DataInput in) throws Throwable {
            return StringValue.readString(in);
        }
    }

    /** The pinned upstream release's classes, from its jar, through constant method handles. */
    final class PinnedUpstream implements StringCodecs {
        private static final String VALUE = "org.apache.flink.types.StringValue";
        private static final String SERIALIZER =
                "org.apache.flink.core.memory.DataOutputSerializer";
        private static final String DESERIALIZER =
                "org.apache.flink.core.memory.DataInputDeserializer";

        private static final MethodHandle WRITE_STRING =
                Upstream.staticMethod(
                        VALUE,
                        "writeString",
                        MethodType.methodType(void.class, CharSequence.class, DataOutput.class));
        private static final MethodHandle READ_STRING =
                Upstream.staticMethod(
                        VALUE, "readString", MethodType.methodType(String.class, DataInput.class));
        private static final MethodHandle COPY_STRING =
                Upstream.staticMethod(
                        VALUE,
                        "copyString",
                        MethodType.methodType(void.class, DataInput.class, DataOutput.class));
        private static final MethodHandle CLEAR =
                Upstream.virtualMethod(SERIALIZER, "clear", MethodType.methodType(void.class));
        private static final MethodHandle SET_BUFFER =
                Upstream.virtualMethod(
                        DESERIALIZER, "setBuffer", MethodType.methodType(void.class, byte[].class));

        private final DataOutput out = newSerializer();
        private final DataOutput copyOut = newSerializer();
        private final DataInput in =
                (DataInput) Upstream.newInstance(DESERIALIZER, new Class<?>[0]);

        private static DataOutput newSerializer() {
            return (DataOutput) Upstream.newInstance(SERIALIZER, new Class<?>[] {int.class}, 64);
        }

        @Override
        public Object writeToBuffer(String value) throws Throwable {
            CLEAR.invokeExact((Object) out);
            WRITE_STRING.invokeExact((CharSequence) value, out);
            return out;
        }

        @Override
        public String readFromBuffer(byte[] bytes) throws Throwable {
            SET_BUFFER.invokeExact((Object) in, bytes);
            return (String) READ_STRING.invokeExact(in);
        }

        @Override
        public Object copyBetweenBuffers(byte[] bytes) throws Throwable {
            SET_BUFFER.invokeExact((Object) in, bytes);
            CLEAR.invokeExact((Object) copyOut);
            COPY_STRING.invokeExact(in, copyOut);
            return copyOut;
        }

        @Override
        public void writeString(String value, DataOutput out) throws Throwable {
            WRITE_STRING.invokeExact((CharSequence) value, out);
        }

        @Override
        public String readString(DataInput in) throws Throwable {
            return (String) READ_STRING.invokeExact(in);
        }
    }
}

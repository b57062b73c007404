/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.core.memory;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Upstream Flink's string serialization, from the pinned upstream flink-core jar loaded in a class
 * loader of its own: the reference the fork's bytes are compared with.
 */
final class UpstreamStrings {

    private static final UpstreamStrings INSTANCE = new UpstreamStrings();

    private final Method writeString;
    private final Method readString;
    private final Method copyString;
    private final Constructor<?> stringValue;
    private final Method stringValueWrite;
    private final Method stringValueRead;
    private final Constructor<?> outputSerializer;
    private final Method copyOfBuffer;
    private final Constructor<?> inputDeserializer;

    private UpstreamStrings() {
        try {
            Path jar = Paths.get(System.getProperty("upstream.flink-core.jar"));
            ClassLoader loader =
                    new URLClassLoader(
                            new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
            Class<?> value = loader.loadClass("org.apache.flink.types.StringValue");
            Class<?> outputView = loader.loadClass("org.apache.flink.core.memory.DataOutputView");
            Class<?> inputView = loader.loadClass("org.apache.flink.core.memory.DataInputView");
            Class<?> serializer =
                    loader.loadClass("org.apache.flink.core.memory.DataOutputSerializer");
            Class<?> deserializer =
                    loader.loadClass("org.apache.flink.core.memory.DataInputDeserializer");
            writeString = value.getMethod("writeString", CharSequence.class, DataOutput.class);
            readString = value.getMethod("readString", DataInput.class);
            copyString = value.getMethod("copyString", DataInput.class, DataOutput.class);
            stringValue = value.getConstructor(CharSequence.class);
            stringValueWrite = value.getMethod("write", outputView);
            stringValueRead = value.getMethod("read", inputView);
            outputSerializer = serializer.getConstructor(int.class);
            copyOfBuffer = serializer.getMethod("getCopyOfBuffer");
            inputDeserializer = deserializer.getConstructor(byte[].class);
            if (value.getClassLoader() != loader) {
                throw new IllegalStateException("Upstream's StringValue is not isolated");
            }
        } catch (ReflectiveOperationException | IOException e) {
            throw new IllegalStateException("Cannot load upstream's flink-core", e);
        }
    }

    static UpstreamStrings get() {
        return INSTANCE;
    }

    /** Upstream's {@code StringValue.writeString}. */
    byte[] writeString(CharSequence value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        UpstreamCalls.invoke(writeString, null, value, new DataOutputStream(bytes));
        return bytes.toByteArray();
    }

    /** Upstream's {@code StringValue.readString}. */
    String readString(byte[] bytes) throws IOException {
        return (String) UpstreamCalls.invoke(readString, null, input(bytes));
    }

    /** Upstream's {@code StringValue.copyString}. */
    byte[] copyString(byte[] bytes) throws IOException {
        ByteArrayOutputStream copy = new ByteArrayOutputStream();
        UpstreamCalls.invoke(copyString, null, input(bytes), new DataOutputStream(copy));
        return copy.toByteArray();
    }

    /** Upstream's {@code StringValue#write}. */
    byte[] writeStringValue(CharSequence value) throws IOException {
        try {
            Object out = outputSerializer.newInstance(16);
            UpstreamCalls.invoke(stringValueWrite, stringValue.newInstance(value), out);
            return (byte[]) copyOfBuffer.invoke(out);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Upstream's {@code StringValue#read}, as a string. */
    String readStringValue(byte[] bytes) throws IOException {
        try {
            Object value = stringValue.newInstance("");
            UpstreamCalls.invoke(
                    stringValueRead, value, inputDeserializer.newInstance((Object) bytes));
            return value.toString();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static DataInputStream input(byte[] bytes) {
        return new DataInputStream(new ByteArrayInputStream(bytes));
    }
}

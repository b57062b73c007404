/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import dev.wirespeed.testing.UpstreamFirstClassLoader;

import org.apache.flink.core.memory.UpstreamCalls;

import java.io.IOException;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Upstream Flink's serializers, from the pinned upstream flink-core jar, as its type extraction
 * makes them for a class: the reference the fork's serializers are compared with. Classes that the
 * upstream jar does not hold (its dependencies, the types under test) come from the test's class
 * path.
 */
final class UpstreamSerializers {

    private static final UpstreamFirstClassLoader LOADER = loader();

    private final Object serializer;
    private final Method serialize;
    private final Method deserialize;
    private final Method copy;
    private final Class<?> outputSerializer;
    private final Class<?> inputDeserializer;

    /**
     * Upstream's serializer for a type.
     *
     * @param registeredPojoTypes subclasses registered with the serializer configuration
     */
    UpstreamSerializers(Class<?> type, List<Class<?>> registeredPojoTypes) {
        this(serializerOf(type, registeredPojoTypes));
    }

    private UpstreamSerializers(Object serializer) {
        this.serializer = serializer;
        try {
            Class<?> serializerType = load("org.apache.flink.api.common.typeutils.TypeSerializer");
            serialize =
                    serializerType.getMethod(
                            "serialize",
                            Object.class,
                            load("org.apache.flink.core.memory.DataOutputView"));
            deserialize =
                    serializerType.getMethod(
                            "deserialize", load("org.apache.flink.core.memory.DataInputView"));
            copy = serializerType.getMethod("copy", Object.class);
            outputSerializer = load("org.apache.flink.core.memory.DataOutputSerializer");
            inputDeserializer = load("org.apache.flink.core.memory.DataInputDeserializer");
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Cannot call upstream's serializer " + serializer, e);
        }
    }

    private static Object serializerOf(Class<?> type, List<Class<?>> registeredPojoTypes) {
        try {
            Object serializerConfig = newSerializerConfig();
            for (Class<?> registered : registeredPojoTypes) {
                serializerConfig
                        .getClass()
                        .getMethod("registerPojoType", Class.class)
                        .invoke(serializerConfig, registered);
            }
            Object typeInfo =
                    load("org.apache.flink.api.java.typeutils.TypeExtractor")
                            .getMethod("createTypeInfo", Class.class)
                            .invoke(null, type);
            return load("org.apache.flink.api.common.typeinfo.TypeInformation")
                    .getMethod(
                            "createSerializer",
                            load("org.apache.flink.api.common.serialization.SerializerConfig"))
                    .invoke(typeInfo, serializerConfig);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Cannot make upstream's serializer of " + type, e);
        }
    }

    /**
     * Upstream's {@code PojoSerializer} as a snapshot restores it, through the constructor that
     * takes fields the class no longer has as {@code null}, with no subclasses.
     *
     * @param fieldSerializers the class names of Flink's serializers of the fields, each with a
     *     static {@code INSTANCE}
     */
    static UpstreamSerializers restoredPojoSerializer(
            Class<?> type, Field[] fields, String... fieldSerializers) {
        try {
            Class<?> serializerType = load("org.apache.flink.api.common.typeutils.TypeSerializer");
            Object[] serializers = (Object[]) Array.newInstance(serializerType, fields.length);
            for (int i = 0; i < fields.length; i++) {
                serializers[i] = load(fieldSerializers[i]).getField("INSTANCE").get(null);
            }
            Constructor<?> constructor =
                    load("org.apache.flink.api.java.typeutils.runtime.PojoSerializer")
                            .getDeclaredConstructor(
                                    Class.class,
                                    Field[].class,
                                    serializers.getClass(),
                                    LinkedHashMap.class,
                                    serializers.getClass(),
                                    Map.class,
                                    load(
                                            "org.apache.flink.api.common.serialization.SerializerConfig"));
            constructor.setAccessible(true);
            return new UpstreamSerializers(
                    constructor.newInstance(
                            type,
                            fields,
                            serializers,
                            new LinkedHashMap<>(),
                            Array.newInstance(serializerType, 0),
                            new HashMap<>(),
                            newSerializerConfig()));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Cannot make upstream's serializer of " + type, e);
        }
    }

    private static Object newSerializerConfig() throws ReflectiveOperationException {
        return load("org.apache.flink.api.common.serialization.SerializerConfigImpl")
                .getConstructor()
                .newInstance();
    }

    /** The name of upstream's serializer class for the type. */
    String serializerClassName() {
        return serializer.getClass().getName();
    }

    byte[] serialize(Object value) throws IOException {
        try {
            Object out = outputSerializer.getConstructor(int.class).newInstance(64);
            UpstreamCalls.invoke(serialize, serializer, value, out);
            return (byte[]) outputSerializer.getMethod("getCopyOfBuffer").invoke(out);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    Object deserialize(byte[] bytes) throws IOException {
        try {
            return UpstreamCalls.invoke(
                    deserialize,
                    serializer,
                    inputDeserializer.getConstructor(byte[].class).newInstance((Object) bytes));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Upstream's snapshot of the serializer, as a checkpoint's state meta data holds it. */
    byte[] snapshot() throws IOException {
        try {
            Object snapshot =
                    load("org.apache.flink.api.common.typeutils.TypeSerializer")
                            .getMethod("snapshotConfiguration")
                            .invoke(serializer);
            Object out = outputSerializer.getConstructor(int.class).newInstance(256);
            UpstreamCalls.invoke(
                    load("org.apache.flink.api.common.typeutils.TypeSerializerSnapshotSerializationUtil")
                            .getMethod(
                                    "writeSerializerSnapshot",
                                    load("org.apache.flink.core.memory.DataOutputView"),
                                    load(
                                            "org.apache.flink.api.common.typeutils.TypeSerializerSnapshot")),
                    null,
                    out,
                    snapshot);
            return (byte[]) outputSerializer.getMethod("getCopyOfBuffer").invoke(out);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Upstream's deep copy of a value. */
    Object copy(Object value) throws IOException {
        return UpstreamCalls.invoke(copy, serializer, value);
    }

    private static Class<?> load(String name) throws ClassNotFoundException {
        Class<?> type = LOADER.loadClass(name);
        if (type.getClassLoader() != LOADER) {
            throw new IllegalStateException(name + " did not come from the upstream jar");
        }
        return type;
    }

    /**
     * A copy of a class that uses Flink's API only, linked against upstream's flink-core ({@link
     * UpstreamFirstClassLoader#copyOf}).
     */
    static Class<?> copyOf(Class<?> type) {
        return LOADER.copyOf(type);
    }

    private static UpstreamFirstClassLoader loader() {
        Path jar = Paths.get(System.getProperty("upstream.flink-core.jar"));
        return new UpstreamFirstClassLoader(UpstreamSerializers.class.getClassLoader(), jar);
    }
}

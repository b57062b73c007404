/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import org.apache.flink.runtime.io.network.api.serialization.UpstreamRuntime;

import java.util.Arrays;
import java.util.function.Supplier;

/**
 * The operations that the serializer benchmarks measure, each a {@link Supplier} of a class such as
 * {@link TupleSerializations}, made with a shape and an operation, and with a {@code bytes()}
 * method that gives what its serializer wrote for the shape; Wirespeed's class, or its copy linked
 * against upstream's classes.
 */
final class SerializationOperations {

    private SerializationOperations() {}

    /**
     * The class itself for {@code wirespeed}, its copy against upstream's classes for {@code
     * upstream}.
     */
    static Class<?> implementation(Class<?> type, String implementation) {
        return implementation.equals("upstream") ? UpstreamRuntime.copyOf(type) : type;
    }

    /** An operation of the class on a shape. */
    @SuppressWarnings("unchecked")
    static Supplier<Object> operation(Class<?> type, String shape, String operation)
            throws Throwable {
        return (Supplier<Object>)
                type.getConstructor(String.class, String.class).newInstance(shape, operation);
    }

    /** Fails unless Wirespeed's and upstream's serializers write the same bytes for the shape. */
    static void checkSameBytes(Class<?> type, String shape) throws Throwable {
        if (!Arrays.equals(bytes(type, shape), bytes(UpstreamRuntime.copyOf(type), shape))) {
            throw new IllegalStateException("The serializers' bytes differ");
        }
    }

    private static byte[] bytes(Class<?> type, String shape) throws Throwable {
        Supplier<Object> serialize = operation(type, shape, "serialize");
        return (byte[]) serialize.getClass().getMethod("bytes").invoke(serialize);
    }
}

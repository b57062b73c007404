/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.common.typeutils.base.array;

import dev.wirespeed.testing.UpstreamFirstClassLoader;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Paths;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fork's serializers of {@code int[]}, {@code long[]}, {@code float[]} and {@code double[]},
 * which write and read the elements in Flink's own buffers in one pass, against upstream 1.20.5's,
 * loaded from the upstream jar, on the same random arrays ({@link PrimitiveArrayWrites}): the same
 * bytes in buffers and streams, the same elements read back bit for bit, and the same failures,
 * with the buffer left where upstream's leaves it, for truncated bytes, a negative length and a
 * null array.
 */
class PrimitiveArraySerializerDifferentialTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"int", "long", "float", "double"})
    void randomArraysMatchUpstream(String type) throws Exception {
        long seed = type.hashCode();
        List<String> fork = write(PrimitiveArrayWrites.class, type, seed);
        List<String> upstream =
                write(
                        new UpstreamFirstClassLoader(
                                        PrimitiveArrayWrites.class.getClassLoader(),
                                        Paths.get(System.getProperty("upstream.flink-core.jar")))
                                .copyOf(PrimitiveArrayWrites.class),
                        type,
                        seed);

        assertThat(fork).containsExactlyElementsOf(upstream);
        assertThat(fork)
                .anyMatch(line -> line.contains("java.io.EOFException"))
                .anyMatch(line -> line.contains("NegativeArraySizeException"))
                .anyMatch(line -> line.startsWith("null: java.lang.IllegalArgumentException"));
    }

    @SuppressWarnings("unchecked")
    private static List<String> write(Class<?> writes, String type, long seed) throws Exception {
        Method write = writes.getMethod("write", String.class, long.class, int.class);
        try {
            return (List<String>) write.invoke(null, type, seed, 200);
        } catch (InvocationTargetException e) {
            throw (Exception) e.getCause();
        }
    }
}

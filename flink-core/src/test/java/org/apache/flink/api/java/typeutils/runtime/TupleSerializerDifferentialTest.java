/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fork's {@link TupleSerializer} against upstream 1.20.5's, loaded from the upstream jar, on
 * the same random tuples ({@link TupleWrites}): strings and every boxed primitive, which the fork
 * writes and reads itself, beside nested tuples and arrays, which their serializers write; nulls
 * where the serializers take them and where they fail. The same bytes, the same tuples read back
 * fresh and into a reused one, copies as deep as upstream's, and the same failures.
 */
class TupleSerializerDifferentialTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"word", "builtins", "mixed", "nulls"})
    void randomTuplesMatchUpstream(String shape) throws Exception {
        long seed = shape.hashCode();
        List<String> fork = write(TupleWrites.class, shape, seed);
        List<String> upstream = write(UpstreamSerializers.copyOf(TupleWrites.class), shape, seed);

        assertThat(fork).hasSize(500).containsExactlyElementsOf(upstream);
        if (shape.equals("nulls")) {
            assertThat(fork).anyMatch(line -> line.startsWith("fails"));
        }
    }

    @SuppressWarnings("unchecked")
    private static List<String> write(Class<?> writes, String shape, long seed) throws Exception {
        Method write = writes.getMethod("write", String.class, long.class, int.class);
        try {
            return (List<String>) write.invoke(null, shape, seed, 500);
        } catch (InvocationTargetException e) {
            throw (Exception) e.getCause();
        }
    }
}

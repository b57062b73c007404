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
 * The fork's {@link RowSerializer} against upstream 1.20.5's, loaded from the upstream jar, on the
 * same random rows ({@link RowWrites}): strings and every boxed primitive, which the fork reads and
 * copies itself, beside nested rows, tuples and arrays, which their serializers read and copy;
 * nulls, every row kind, rows in name-based mode, a serializer without row kinds, and rows of the
 * wrong arity. The same bytes, the same rows read back fresh and into rows to reuse, copies as deep
 * as upstream's, and the same failures.
 */
class RowSerializerDifferentialTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"builtins", "mixed", "named", "legacy", "arity"})
    void randomRowsMatchUpstream(String shape) throws Exception {
        long seed = shape.hashCode();
        List<String> fork = write(RowWrites.class, shape, seed);
        List<String> upstream = write(UpstreamSerializers.copyOf(RowWrites.class), shape, seed);

        assertThat(fork).hasSize(400).containsExactlyElementsOf(upstream);
        assertThat(String.join("\n", fork))
                .as("rows read into and copied into rows they reuse")
                .contains(" into true ", " copy into true ");
        if (shape.equals("arity")) {
            assertThat(fork).anyMatch(line -> line.startsWith("fails"));
        }
    }

    @SuppressWarnings("unchecked")
    private static List<String> write(Class<?> writes, String shape, long seed) throws Exception {
        Method write = writes.getMethod("write", String.class, long.class, int.class);
        try {
            return (List<String>) write.invoke(null, shape, seed, 400);
        } catch (InvocationTargetException e) {
            throw (Exception) e.getCause();
        }
    }
}

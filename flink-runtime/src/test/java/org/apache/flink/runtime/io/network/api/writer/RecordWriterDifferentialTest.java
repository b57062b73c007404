/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.writer;

import org.apache.flink.runtime.io.network.api.serialization.UpstreamRuntime;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fork's record writer and pipelined partition against upstream's, on the same records: the
 * consumers of every subpartition read the same buffers, byte for byte, cut at the same places, and
 * the same events between them. The records mix fixed-length types, which the fork serializes
 * straight into the buffers, with strings and arrays, which it serializes as upstream does; among
 * them flushes, broadcast events, reads of the consumers and buffers resized by a debloater, in
 * buffers small enough that records span them and as large as the default.
 */
class RecordWriterDifferentialTest {

    static Stream<Arguments> partitions() {
        Stream.Builder<Arguments> partitions = Stream.builder();
        long seed = 20261125;
        for (int segmentSize : new int[] {64, 256, 4096, 32 * 1024}) {
            for (int subpartitions : new int[] {1, 3}) {
                for (boolean flushAlways : new boolean[] {false, true}) {
                    partitions.add(Arguments.of(segmentSize, subpartitions, flushAlways, seed++));
                }
            }
        }
        return partitions.build();
    }

    @ParameterizedTest(name = "buffers of {0} bytes, {1} subpartitions, flush always {2}")
    @MethodSource("partitions")
    void consumersReadWhatUpstreamsRead(
            int segmentSize, int subpartitions, boolean flushAlways, long seed) throws Exception {
        List<String> fork =
                write(PartitionWrites.class, segmentSize, subpartitions, flushAlways, seed);
        List<String> upstream =
                write(
                        UpstreamRuntime.copyOf(PartitionWrites.class),
                        segmentSize,
                        subpartitions,
                        flushAlways,
                        seed);

        assertThat(fork).hasSizeGreaterThan(subpartitions).containsExactlyElementsOf(upstream);
    }

    @SuppressWarnings("unchecked")
    private static List<String> write(
            Class<?> writes, int segmentSize, int subpartitions, boolean flushAlways, long seed)
            throws Exception {
        Method write =
                writes.getMethod(
                        "write", int.class, int.class, boolean.class, long.class, int.class);
        try {
            return (List<String>)
                    write.invoke(null, segmentSize, subpartitions, flushAlways, seed, 3000);
        } catch (InvocationTargetException e) {
            throw (Exception) e.getCause();
        }
    }
}

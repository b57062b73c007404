/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import org.apache.flink.runtime.io.network.api.serialization.UpstreamRuntime;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * A record's hop between two streaming tasks ({@link PartitionHops}): a task's output writing it
 * into a pipelined result partition and the next task's record deserializer reading it back from
 * the partition's buffers. The fork's flink-core, flink-runtime and flink-streaming-java against
 * upstream 1.20.5's in the same run. Scores are records per microsecond.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class PartitionHopBenchmark {

    @Param({"wirespeed", "upstream"})
    public String implementation;

    @Param({"boolean", "long", "longs", "word"})
    public String shape;

    private IntSupplier hops;

    @Setup
    public void setUp() throws Exception {
        Class<?> type =
                implementation.equals("upstream")
                        ? UpstreamRuntime.copyOf(PartitionHops.class)
                        : PartitionHops.class;
        hops = (IntSupplier) type.getConstructor(String.class).newInstance(shape);
        for (int i = 0; i < 100_000; i++) {
            hops.getAsInt();
        }
        long read = (long) type.getMethod("recordsRead").invoke(hops);
        if (read < 50_000) {
            throw new IllegalStateException("Only " + read + " of 100000 records were read back");
        }
    }

    @Benchmark
    public int hop() {
        return hops.getAsInt();
    }
}

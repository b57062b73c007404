/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

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
 * A record's hop between two streaming tasks in Wirespeed ({@link PartitionHops}), in Flink's own
 * record format and as tagless records (FLIP-330, {@code pipeline.force-timestamp-support} false).
 * Wirespeed alone: upstream has no tagless records; {@link PartitionHopBenchmark} sets Flink's own
 * format against upstream's. Scores are records per microsecond.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class TaglessHopBenchmark {

    @Param({"tagged", "tagless"})
    public String format;

    @Param({"boolean", "long", "longs", "word"})
    public String shape;

    private IntSupplier hops;

    @Setup
    public void setUp() throws Exception {
        PartitionHops partitionHops = new PartitionHops(shape, format.equals("tagless"));
        for (int i = 0; i < 100_000; i++) {
            partitionHops.getAsInt();
        }
        if (partitionHops.recordsRead() < 50_000) {
            throw new IllegalStateException(
                    "Only " + partitionHops.recordsRead() + " of 100000 records were read back");
        }
        hops = partitionHops;
    }

    @Benchmark
    public int hop() {
        return hops.getAsInt();
    }
}

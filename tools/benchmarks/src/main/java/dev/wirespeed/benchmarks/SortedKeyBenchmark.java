/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import org.apache.flink.runtime.io.network.api.serialization.UpstreamRuntime;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * Comparisons of a batch job's in-memory sort of a keyed input ({@link SortedKeyComparisons}): the
 * fork's flink-streaming-java, whose comparators compare serialized keys eight bytes a step,
 * against upstream 1.20.5's, which reads them a byte a call, in the same run. Comparisons per µs.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SortedKeyBenchmark {

    @Param({"wirespeed", "upstream"})
    public String implementation;

    /**
     * How the pairs compared are drawn: {@code same-word}, two records of one word, whose
     * serialized records are compared; {@code random}, most of them told apart by their normalized
     * keys.
     */
    @Param({"same-word", "random"})
    public String draw;

    private IntSupplier comparisons;

    @Setup
    public void setUp() throws Exception {
        Class<?> type =
                implementation.equals("upstream")
                        ? UpstreamRuntime.copyOf(SortedKeyComparisons.class)
                        : SortedKeyComparisons.class;
        boolean sameWords = draw.equals("same-word");
        comparisons =
                (IntSupplier)
                        type.getConstructor(int.class, boolean.class)
                                .newInstance(200_000, sameWords);
        int equal = (int) type.getMethod("equalPairs").invoke(comparisons);
        if ((equal == 16 * SortedKeyComparisons.PAIRS) != sameWords) {
            throw new IllegalStateException(equal + " pairs of equal records, drawn " + draw);
        }
    }

    @Benchmark
    @OperationsPerInvocation(SortedKeyComparisons.PAIRS)
    public int compareRecords() {
        return comparisons.getAsInt();
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import org.apache.flink.runtime.io.network.api.serialization.UpstreamRuntime;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.lang.reflect.Method;
import java.util.concurrent.TimeUnit;

/**
 * A batch job's sort buffer, full of a word count's records, sorted by {@code QuickSort} ({@link
 * SortedKeyComparisons#sortAgain}): every record of a frequent word ties with the others on its
 * normalized key, so that the sort compares their serialized records, with the fork's comparators
 * of serialized keys ({@code sorted-keys}) against upstream 1.20.5's, in the same run. Whole
 * buffers sorted a second; the buffer is filled anew before each sort, outside the measured time.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class RecordSortBenchmark {

    @Param({"wirespeed", "upstream"})
    public String implementation;

    /**
     * The records in the buffer: 200,000 of them fit in the CPU's caches, 2,000,000 (a buffer of
     * about 128 MB) do not, as a sort buffer of managed memory mostly does not.
     */
    @Param({"200000", "2000000"})
    public int records;

    private Object buffer;
    private Method refill;
    private Method sort;

    @Setup
    public void setUp() throws Exception {
        Class<?> type =
                implementation.equals("upstream")
                        ? UpstreamRuntime.copyOf(SortedKeyComparisons.class)
                        : SortedKeyComparisons.class;
        buffer = type.getConstructor(int.class, boolean.class).newInstance(records, false);
        refill = type.getMethod("refill");
        sort = type.getMethod("sortAgain");
    }

    @Setup(Level.Invocation)
    public void refill() throws Exception {
        refill.invoke(buffer);
    }

    @Benchmark
    public int sort() throws Exception {
        return (int) sort.invoke(buffer);
    }
}

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

import java.io.File;
import java.lang.reflect.Method;
import java.util.concurrent.TimeUnit;

/**
 * A batch job's sort buffer, full of a word count's records, read in its sorted order ({@link
 * SortedKeyComparisons#read}) and spilled to a file ({@link SortedKeyComparisons#spill}): the
 * fork's flink-runtime, which loads the records of the sorted order a group ahead, against upstream
 * 1.20.5's, in the same run. Whole buffers read or spilled a second.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class SortedRecordsBenchmark {

    @Param({"wirespeed", "upstream"})
    public String implementation;

    /**
     * The records in the buffer: 200,000 of them fit in the CPU's caches, 2,000,000 (a buffer of
     * about 128 MB) do not, as a sort buffer of managed memory mostly does not.
     */
    @Param({"200000", "2000000"})
    public int records;

    private Object buffer;
    private Method read;
    private Method spill;
    private final File directory = new File(System.getProperty("java.io.tmpdir"));

    @Setup
    public void setUp() throws Exception {
        Class<?> type =
                implementation.equals("upstream")
                        ? UpstreamRuntime.copyOf(SortedKeyComparisons.class)
                        : SortedKeyComparisons.class;
        buffer = type.getConstructor(int.class, boolean.class).newInstance(records, false);
        read = type.getMethod("read");
        spill = type.getMethod("spill", File.class);
        if ((int) read.invoke(buffer) != records) {
            throw new IllegalStateException("The sorted buffer holds other records than written");
        }
    }

    @Benchmark
    public int read() throws Exception {
        return (int) read.invoke(buffer);
    }

    @Benchmark
    public long spill() throws Exception {
        return (long) spill.invoke(buffer, directory);
    }
}

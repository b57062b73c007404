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
import org.openjdk.jmh.annotations.TearDown;

import java.io.File;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * A restore of keyed state from a local file ({@link StateRestores}): the fork's flink-runtime,
 * whose state handles read their streams ahead a block at a time, against upstream 1.20.5's, which
 * reads the file with a call for every byte of every number and string, in the same run. Restores
 * per second.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class StateRestoreBenchmark {

    @Param({"wirespeed", "upstream"})
    public String implementation;

    /** The keys restored, each with a string key and a value of four fields. */
    @Param({"20000"})
    public int entries;

    private File file;
    private LongSupplier restore;

    @Setup
    public void setUp() throws Exception {
        Class<?> type =
                implementation.equals("upstream")
                        ? UpstreamRuntime.copyOf(StateRestores.class)
                        : StateRestores.class;
        file = Files.createTempFile("state-restore-", ".bin").toFile();
        restore =
                (LongSupplier)
                        type.getConstructor(File.class, int.class).newInstance(file, entries);
        byte[] written = Files.readAllBytes(file.toPath());
        LongSupplier reference = new StateRestores(file, entries);
        if (!Arrays.equals(written, Files.readAllBytes(file.toPath()))) {
            throw new IllegalStateException("The fork and upstream wrote different state");
        }
        if (restore.getAsLong() != reference.getAsLong()) {
            throw new IllegalStateException("The fork and upstream restored different state");
        }
    }

    @TearDown
    public void tearDown() {
        file.delete();
    }

    @Benchmark
    public long restoreKeyedState() {
        return restore.getAsLong();
    }
}

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
 * The per-record path of a streaming task in Flink's own record format ({@link RecordPaths}), the
 * fork's flink-core, flink-runtime and flink-streaming-java against upstream 1.20.5's in the same
 * run: what the tagless mode's hooks in {@code StreamRecord}, {@code TimestampedCollector}, the
 * record writer output and the record deserializer cost a job that does not use it.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class RecordPathBenchmark {

    @Param({"wirespeed", "upstream"})
    public String implementation;

    /** {@code write}: the sending task's part alone; {@code write-and-read}: both tasks' parts. */
    @Param({"write", "write-and-read"})
    public String part;

    private IntSupplier path;

    @Setup
    public void setUp() throws Exception {
        Class<?> type =
                implementation.equals("upstream")
                        ? UpstreamRuntime.copyOf(RecordPaths.class)
                        : RecordPaths.class;
        boolean readBack = part.equals("write-and-read");
        path = (IntSupplier) type.getConstructor(boolean.class).newInstance(readBack);
        for (int i = 0; i < 5_000; i++) {
            path.getAsInt();
        }
        long read = (long) type.getMethod("recordsRead").invoke(path);
        long checksum = (long) type.getMethod("checksum").invoke(path);
        // record i carries the value i + 1 and the timestamp 10 i; a tagged record of a long is
        // 21 bytes with its length
        long expected = readBack ? 11 * read * (read + 1) / 2 + read : 5_000L * 21;
        if ((readBack && read < 3_000) || checksum != expected) {
            throw new IllegalStateException(
                    "The records did not arrive as sent: " + read + " read, checksum " + checksum);
        }
    }

    @Benchmark
    public int taggedRecord() {
        return path.getAsInt();
    }
}

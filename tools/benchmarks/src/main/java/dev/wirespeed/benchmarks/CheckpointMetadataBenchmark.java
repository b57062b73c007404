/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import org.apache.flink.runtime.checkpoint.CheckpointMetadataFiles;
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
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * A checkpoint's metadata file written as the JobManager writes it when the checkpoint completes,
 * and read as a restore from it reads it ({@link CheckpointMetadataFiles}, in a local directory):
 * the fork's flink-runtime, which writes and reads it a block at a time, against upstream 1.20.5's,
 * which makes a call of the file's stream for every byte of every {@code int}, in the same run.
 * Files written or read per second.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class CheckpointMetadataBenchmark {

    @Param({"wirespeed", "upstream"})
    public String implementation;

    /** The job's operators with state, and their parallelism: {@code <operators>x<subtasks>}. */
    @Param({"10x100"})
    public String job;

    private File directory;
    private MethodHandle write;
    private MethodHandle read;

    @Setup
    public void setUp() throws Throwable {
        Class<?> type =
                implementation.equals("upstream")
                        ? UpstreamRuntime.copyOf(CheckpointMetadataFiles.class)
                        : CheckpointMetadataFiles.class;
        String[] shape = job.split("x");
        int operators = Integer.parseInt(shape[0]);
        int parallelism = Integer.parseInt(shape[1]);
        directory = Files.createTempDirectory("checkpoint-metadata-").toFile();
        Object files =
                type.getConstructor(File.class, int.class, int.class)
                        .newInstance(directory, operators, parallelism);
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        write = lookup.findVirtual(type, "write", MethodType.methodType(long.class)).bindTo(files);
        read = lookup.findVirtual(type, "read", MethodType.methodType(long.class)).bindTo(files);

        write.invoke();
        byte[] written = Files.readAllBytes(new File(directory, "_metadata").toPath());
        new CheckpointMetadataFiles(directory, operators, parallelism).write();
        if (!Arrays.equals(
                written, Files.readAllBytes(new File(directory, "_metadata").toPath()))) {
            throw new IllegalStateException("The fork and upstream wrote different metadata");
        }
    }

    @TearDown
    public void tearDown() {
        for (File file : directory.listFiles()) {
            file.delete();
        }
        directory.delete();
    }

    @Benchmark
    public long writeMetadata() throws Throwable {
        return (long) write.invokeExact();
    }

    @Benchmark
    public long readMetadata() throws Throwable {
        return (long) read.invokeExact();
    }
}

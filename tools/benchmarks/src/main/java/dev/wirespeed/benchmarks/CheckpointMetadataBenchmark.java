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
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A checkpoint's metadata file written as the JobManager writes it when the checkpoint completes,
 * and read as a restore from it reads it, and the checkpoint's operator states retrieved from
 * high-availability storage as the JobManager retrieves them when it recovers ({@link
 * CheckpointMetadataFiles}, in a local directory): the fork's flink-runtime, which writes and reads
 * them a block at a time, against upstream 1.20.5's, which makes a call of the file's stream for
 * every byte of every {@code int} of the metadata, and of many fields of the stored object, in the
 * same run. Files written or read per second.
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
    private MethodHandle retrieve;

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
        retrieve =
                lookup.findVirtual(
                                type, "retrieveOperatorStates", MethodType.methodType(long.class))
                        .bindTo(files);
        type.getMethod("storeOperatorStates").invoke(files);
        if ((long) retrieve.invoke() != (long) operators * parallelism) {
            throw new IllegalStateException("The operator states retrieved are not those stored");
        }

        write.invoke();
        byte[] written = Files.readAllBytes(new File(directory, "_metadata").toPath());
        new CheckpointMetadataFiles(directory, operators, parallelism).write();
        if (!Arrays.equals(
                written, Files.readAllBytes(new File(directory, "_metadata").toPath()))) {
            throw new IllegalStateException("The fork and upstream wrote different metadata");
        }
    }

    @TearDown
    public void tearDown() throws IOException {
        try (Stream<java.nio.file.Path> files = Files.walk(directory.toPath())) {
            files.sorted(Comparator.reverseOrder())
                    .map(java.nio.file.Path::toFile)
                    .forEach(File::delete);
        }
    }

    @Benchmark
    public long writeMetadata() throws Throwable {
        return (long) write.invokeExact();
    }

    @Benchmark
    public long readMetadata() throws Throwable {
        return (long) read.invokeExact();
    }

    @Benchmark
    public long retrieveOperatorStates() throws Throwable {
        return (long) retrieve.invokeExact();
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.checkpoint;

import org.apache.flink.runtime.io.network.api.serialization.UpstreamRuntime;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Files;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fork's metadata files of completed checkpoints against upstream's ({@link
 * CheckpointMetadataFiles}, run on upstream's jar in a class loader of its own): the same bytes
 * written, and each reads what the other wrote.
 */
class CheckpointMetadataDifferentialTest {

    @TempDir File forkDirectory;
    @TempDir File upstreamDirectory;

    @ParameterizedTest(name = "{0} operators of {1} subtasks")
    @CsvSource({"1, 1", "10, 40"})
    void writesUpstreamsFileAndReadsWhatUpstreamWrote(int operators, int parallelism)
            throws Exception {
        Object fork = new CheckpointMetadataFiles(forkDirectory, operators, parallelism);
        Object upstream =
                UpstreamRuntime.copyOf(CheckpointMetadataFiles.class)
                        .getConstructor(File.class, int.class, int.class)
                        .newInstance(upstreamDirectory, operators, parallelism);

        long length = (long) call(fork, "write");
        call(upstream, "write");
        byte[] forkFile = Files.readAllBytes(new File(forkDirectory, "_metadata").toPath());
        byte[] upstreamFile = Files.readAllBytes(new File(upstreamDirectory, "_metadata").toPath());

        assertThat(forkFile).hasSize((int) length).isEqualTo(upstreamFile);
        assertThat(call(fork, "read")).isEqualTo((long) operators * parallelism);

        Files.write(new File(forkDirectory, "_metadata").toPath(), upstreamFile);
        Files.write(new File(upstreamDirectory, "_metadata").toPath(), forkFile);
        assertThat((byte[]) call(fork, "readAndSerialize")).isEqualTo(upstreamFile);
        assertThat((byte[]) call(upstream, "readAndSerialize")).isEqualTo(forkFile);
    }

    private static Object call(Object files, String method) throws Exception {
        try {
            return files.getClass().getMethod(method).invoke(files);
        } catch (InvocationTargetException e) {
            throw (Exception) e.getCause();
        }
    }
}

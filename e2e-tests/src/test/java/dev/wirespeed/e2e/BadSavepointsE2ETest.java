/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A job resumed from a savepoint that cannot serve it fails with the error upstream gives for it,
 * once, and the cluster keeps running: a path with no savepoint, a savepoint whose {@code
 * _metadata} is cut short, and a savepoint of another job's graph. Each is tried on upstream's
 * distribution and on the one under test, with the same savepoint, and the error's key sentence
 * must be in both clients' output.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class BadSavepointsE2ETest {

    @TempDir Path work;

    @Test
    void badSavepointsFailTheJobAsUpstreamDoesAndTheClusterKeepsRunning() throws Exception {
        Map<String, Object> config = Map.of("taskmanager.numberOfTaskSlots", 2);
        try (DistributionCluster upstream =
                        DistributionCluster.prepare(
                                DistributionCluster.upstreamHome(),
                                work.resolve("upstream"),
                                1,
                                config);
                DistributionCluster underTest =
                        DistributionCluster.prepare(work.resolve("under-test"), 1, config)) {
            upstream.start(1);
            underTest.start(1);
            String savepoint = countingJobSavepoint(upstream);
            Path truncated = truncatedCopy(savepoint);
            String counts = "dev.wirespeed.e2e.jobs.ExactlyOnceCounts";
            String stateful = "dev.wirespeed.e2e.jobs.StatefulJob";
            assertSameFailure(
                    upstream,
                    underTest,
                    List.of("-s", work.resolve("no-such-savepoint").toString(), "-c", counts),
                    "java.io.FileNotFoundException: Cannot find checkpoint or savepoint"
                            + " file/directory '"
                            + work.resolve("no-such-savepoint")
                            + "' on file system 'file'.");
            assertSameFailure(
                    upstream,
                    underTest,
                    List.of("-s", truncated.toString(), "-c", counts),
                    "Caused by: java.io.EOFException");
            assertSameFailure(
                    upstream,
                    underTest,
                    List.of("-s", savepoint, "-c", stateful),
                    "Cannot map checkpoint/savepoint state for operator");

            for (DistributionCluster cluster : List.of(upstream, underTest)) {
                assertThat(cluster.rest("/overview").path("taskmanagers").asInt()).isEqualTo(1);
                Command.Result good =
                        cluster.flink(
                                "run",
                                "-c",
                                "dev.wirespeed.e2e.jobs.StatefulJob",
                                System.getProperty("e2e.jobsJar"),
                                "--out",
                                work.resolve("good-" + cluster.restPort()).toString(),
                                "--records",
                                "2000");
                assertThat(good.exitCode()).as(good.output()).isZero();
            }
        }
    }

    /**
     * Runs the job attached with the given options on both clusters: it must fail on both, with the
     * given sentence and the same chain of causes, exception classes and messages.
     */
    private void assertSameFailure(
            DistributionCluster upstream,
            DistributionCluster underTest,
            List<String> options,
            String sentence)
            throws Exception {
        List<String> onUpstream = causes(failedRun(upstream, options));
        List<String> onTest = causes(failedRun(underTest, options));
        assertThat(String.join("\n", onUpstream)).contains(sentence);
        assertThat(onTest).isEqualTo(onUpstream);
    }

    /** Runs the job attached with the given options; it must fail. Returns the client's output. */
    private String failedRun(DistributionCluster cluster, List<String> options) throws Exception {
        List<String> args = new ArrayList<>(List.of("run"));
        args.addAll(options);
        args.addAll(
                List.of(
                        System.getProperty("e2e.jobsJar"),
                        "--out",
                        work.resolve("bad-" + cluster.restPort()).toString(),
                        "--records",
                        "1000"));
        Command.Result run =
                cluster.flinkWithin(Duration.ofMinutes(2), args.toArray(new String[0]));
        assertThat(run.exitCode()).as(run.output()).isNotZero();
        return run.output();
    }

    /** The exceptions of a client's output: its first line and each "Caused by" line. */
    private static List<String> causes(String output) {
        return output.lines()
                .filter(
                        line ->
                                line.startsWith("Caused by: ")
                                        || line.startsWith(
                                                "org.apache.flink.client.program"
                                                        + ".ProgramInvocationException"))
                .toList();
    }

    /** A savepoint of {@code ExactlyOnceCounts}, stopped while it runs. */
    private String countingJobSavepoint(DistributionCluster cluster) throws Exception {
        String job = CountingJob.submit(cluster, work.resolve("counts"));
        Jobs.awaitAllTasksRunning(cluster, job);
        return Jobs.completedSavepoint(
                cluster.flink(
                        "stop",
                        "--savepointPath",
                        work.resolve("savepoints").toUri().toString(),
                        job));
    }

    /** A copy of the savepoint with the second half of its {@code _metadata} cut off. */
    private Path truncatedCopy(String savepoint) throws IOException {
        Path source = Path.of(URI.create(savepoint));
        Path copy = work.resolve("truncated");
        Files.createDirectories(copy);
        try (Stream<Path> files = Files.list(source)) {
            for (Path file : files.toList()) {
                Files.copy(file, copy.resolve(file.getFileName()));
            }
        }
        try (FileChannel metadata =
                FileChannel.open(copy.resolve("_metadata"), StandardOpenOption.WRITE)) {
            metadata.truncate(metadata.size() / 2);
        }
        return copy;
    }
}

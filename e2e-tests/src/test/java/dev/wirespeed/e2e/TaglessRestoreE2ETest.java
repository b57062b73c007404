/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * FLIP-330's contract across a savepoint: a job that holds records in its state when it is stopped
 * ({@code BufferedRecordsJob} of {@code e2e-jobs}: windows with an evictor, and async I/O) is
 * stopped with a savepoint and resumed from it, on upstream's distribution and on Wirespeed's, both
 * with {@code pipeline.force-timestamp-support: false} and an auto watermark interval of 0; what
 * the two runs wrote together is the same on both, with records without timestamps (and their
 * timestamps read behind async I/O) and with real timestamps that nothing reads. Lines are compared
 * as sets: async I/O may complete records after the savepoint that the resumed run completes again,
 * on either distribution.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class TaglessRestoreE2ETest {

    /** Numbers for about ten seconds of the job, which sleeps a millisecond every 20. */
    private static final String RECORDS = "200000";

    private static final List<String> TIMESTAMPS = List.of("none", "real");

    @TempDir Path work;

    @Test
    void aJobRestoredWithTheRecordsItHeldComputesUpstreamsOutput() throws Exception {
        assumeThat(DistributionCluster.isFork()).as("the distribution under test is Wirespeed's");
        Map<String, TreeSet<String>> upstream =
                stopAndResume(DistributionCluster.upstreamHome(), work.resolve("upstream"), false);
        Map<String, TreeSet<String>> wirespeed =
                stopAndResume(
                        DistributionCluster.distributionHome(), work.resolve("wirespeed"), true);

        for (String timestamps : TIMESTAMPS) {
            assertThat(upstream.get(timestamps))
                    .as("upstream's output, timestamps %s", timestamps)
                    .anyMatch(line -> line.startsWith("sum of five "))
                    .anyMatch(line -> line.startsWith("looked up " + RECORDS));
            assertThat(wirespeed.get(timestamps))
                    .as("Wirespeed's output, timestamps %s", timestamps)
                    .isEqualTo(upstream.get(timestamps));
        }
        assertThat(upstream.get("none")).contains("looked up 1 at " + Long.MIN_VALUE);
    }

    /**
     * For each kind of timestamps: runs the job on a cluster of the distribution, stops it with a
     * savepoint while it runs, and resumes it from the savepoint to its end; returns the lines of
     * both runs. On Wirespeed, checks that the job's records were tagless.
     */
    private Map<String, TreeSet<String>> stopAndResume(Path home, Path directory, boolean fork)
            throws Exception {
        Map<String, TreeSet<String>> outputs = new TreeMap<>();
        try (DistributionCluster cluster =
                DistributionCluster.prepare(
                        home, directory, 1, Map.of("taskmanager.numberOfTaskSlots", 2))) {
            cluster.start(1);
            for (String timestamps : TIMESTAMPS) {
                Path stopped = directory.resolve(timestamps + "-stopped");
                Path resumed = directory.resolve(timestamps + "-resumed");
                String job =
                        Jobs.submittedJobId(
                                cluster.flink(jobArguments(true, stopped, timestamps, null)));
                Jobs.awaitAllTasksRunning(cluster, job);
                Thread.sleep(2_000);
                String savepoint =
                        Jobs.completedSavepoint(
                                cluster.flink(
                                        "stop",
                                        "--savepointPath",
                                        directory.resolve("savepoints").toUri().toString(),
                                        job));
                assertThat(Jobs.sinkLines(stopped)).as("lines before the stop").isNotEmpty();
                Command.Result run =
                        cluster.flink(jobArguments(false, resumed, timestamps, savepoint));
                assertThat(run.exitCode()).as(run.output()).isZero();
                TreeSet<String> lines = new TreeSet<>(Jobs.sinkLines(stopped));
                lines.addAll(Jobs.sinkLines(resumed));
                outputs.put(timestamps, lines);
            }
            if (fork) {
                assertThat(cluster.log("client"))
                        .containsPattern(
                                "FLIP-330 decision for job 'BufferedRecordsJob'.*: tagless");
            }
        }
        return outputs;
    }

    private static String[] jobArguments(
            boolean detached, Path out, String timestamps, String savepoint) {
        List<String> args = new ArrayList<>(List.of("run"));
        if (detached) {
            args.add("-d");
        }
        if (savepoint != null) {
            args.addAll(List.of("-s", savepoint));
        }
        args.addAll(
                List.of(
                        "-Dpipeline.force-timestamp-support=false",
                        "-Dpipeline.auto-watermark-interval=0",
                        "-c",
                        "dev.wirespeed.e2e.jobs.BufferedRecordsJob",
                        System.getProperty("e2e.jobsJar"),
                        "--out",
                        out.toString(),
                        "--records",
                        RECORDS,
                        "--timestamps",
                        timestamps));
        return args.toArray(new String[0]);
    }
}

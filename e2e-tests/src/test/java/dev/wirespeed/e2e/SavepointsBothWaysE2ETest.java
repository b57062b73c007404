/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * A running job moves from upstream's distribution onto Wirespeed's and back with its state: a job
 * with keyed state of every kind, event-time windows with pending timers, broadcast state and
 * operator state of buffered records ({@code StatefulJob} of {@code e2e-jobs}) starts on upstream,
 * is stopped with a savepoint, resumes on Wirespeed, is stopped with a savepoint again and runs to
 * its end on upstream. What the three runs wrote together is what one uninterrupted run on upstream
 * writes, line for line.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class SavepointsBothWaysE2ETest {

    /**
     * Numbers for about 25 seconds of the job, which sleeps a millisecond every 20: each stop takes
     * some five of them (two seconds of waiting, and the client's start), leaving the last run more
     * than ten.
     */
    private static final String RECORDS = "500000";

    @TempDir Path work;

    @ParameterizedTest(name = "{0} state backend, {1} savepoints, option {2} on Wirespeed")
    @CsvSource({"hashmap, canonical, true", "rocksdb, native, false"})
    void aJobMovesToWirespeedAndBackWithItsState(String backend, String format, String option)
            throws Exception {
        assumeThat(DistributionCluster.isFork()).as("the distribution under test is Wirespeed's");
        Map<String, Object> config = new HashMap<>();
        config.put("taskmanager.numberOfTaskSlots", 2);
        config.put("state.backend.type", backend);
        config.put("execution.checkpointing.incremental", backend.equals("rocksdb"));
        Path savepoints = work.resolve("savepoints");

        List<String> moved = new ArrayList<>();
        List<String> uninterrupted;
        try (DistributionCluster upstream =
                DistributionCluster.prepare(
                        DistributionCluster.upstreamHome(), work.resolve("upstream"), 1, config)) {
            upstream.start(1);
            uninterrupted = Jobs.sinkLines(runToEnd(upstream, "uninterrupted", null));

            String first = submit(upstream, "on-upstream", null);
            String onUpstream = stopWithSavepoint(upstream, first, format, savepoints);
            moved.addAll(Jobs.sinkLines(work.resolve("on-upstream")));

            String onWirespeed;
            try (DistributionCluster wirespeed =
                    DistributionCluster.prepare(
                            DistributionCluster.distributionHome(),
                            work.resolve("wirespeed"),
                            1,
                            config)) {
                wirespeed.start(1);
                String second =
                        submit(
                                wirespeed,
                                "on-wirespeed",
                                onUpstream,
                                "-Dpipeline.force-timestamp-support=" + option);
                assertThat(
                                wirespeed
                                        .rest("/jobs/" + second + "/checkpoints")
                                        .path("latest")
                                        .path("restored")
                                        .path("external_path")
                                        .asText())
                        .isEqualTo(onUpstream);
                onWirespeed = stopWithSavepoint(wirespeed, second, format, savepoints);
            }
            assertThat(Jobs.sinkLines(work.resolve("on-wirespeed")))
                    .as("windows fired on Wirespeed")
                    .isNotEmpty();
            moved.addAll(Jobs.sinkLines(work.resolve("on-wirespeed")));

            moved.addAll(Jobs.sinkLines(runToEnd(upstream, "back-on-upstream", onWirespeed)));
        }

        assertThat(uninterrupted)
                .anyMatch(line -> line.startsWith("key 96 | ") && line.contains("KeyStats{"))
                .anyMatch(line -> line.startsWith("key 96 | seen ") && line.contains("rule-20="))
                .anyMatch(line -> line.startsWith("batch 62500 | "));
        assertThat(moved.stream().sorted().toList()).isEqualTo(uninterrupted);
    }

    /** Runs the job, from a savepoint if one is given, to its end; returns its output. */
    private Path runToEnd(DistributionCluster cluster, String name, String savepoint)
            throws Exception {
        List<String> args = new ArrayList<>(List.of("run"));
        if (savepoint != null) {
            args.addAll(List.of("-s", savepoint));
        }
        args.addAll(jobArguments(name));
        Command.Result run = cluster.flink(args.toArray(new String[0]));
        assertThat(run.exitCode()).as(run.output()).isZero();
        return work.resolve(name);
    }

    /** Submits the job detached and waits until all its tasks run; returns its id. */
    private String submit(
            DistributionCluster cluster, String name, String savepoint, String... options)
            throws Exception {
        List<String> args = new ArrayList<>(List.of("run", "-d"));
        args.addAll(List.of(options));
        if (savepoint != null) {
            args.addAll(List.of("-s", savepoint));
        }
        args.addAll(jobArguments(name));
        String job = Jobs.submittedJobId(cluster.flink(args.toArray(new String[0])));
        Jobs.awaitAllTasksRunning(cluster, job);
        return job;
    }

    private List<String> jobArguments(String name) {
        return List.of(
                "-c",
                "dev.wirespeed.e2e.jobs.StatefulJob",
                System.getProperty("e2e.jobsJar"),
                "--out",
                work.resolve(name).toString(),
                "--records",
                RECORDS);
    }

    /** Lets the job run for two seconds, then stops it with a savepoint; returns the savepoint. */
    private static String stopWithSavepoint(
            DistributionCluster cluster, String job, String format, Path savepoints)
            throws Exception {
        Thread.sleep(2_000);
        assertThat(Jobs.state(cluster, job))
                .as("the job before its stop\n%s", cluster.logs())
                .isEqualTo("RUNNING");
        Command.Result stop =
                cluster.flink(
                        "stop",
                        "--type",
                        format,
                        "--savepointPath",
                        savepoints.toUri().toString(),
                        job);
        assertThat(stop.exitCode()).as("%s\n%s", stop.output(), cluster.logs()).isZero();
        assertThat(Jobs.state(cluster, job)).isEqualTo("FINISHED");
        return Jobs.completedSavepoint(stop);
    }
}

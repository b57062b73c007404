/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A checkpointed job survives the crash of a task manager: {@code ExactlyOnceCounts} of {@code
 * e2e-jobs} runs on two task managers of one slot each, one of them is killed (SIGKILL) once the
 * job has completed a checkpoint, and a task manager started again with {@code bin/taskmanager.sh}
 * takes its place. The job restores its last checkpoint and runs to its end; its file sink's output
 * is exact: every number once, each key's counts without a gap or a repeat.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class TaskManagerFailoverE2ETest {

    /** About ten seconds of the job, whose counting slows it to some 40,000 numbers a second. */
    static final long RECORDS = 400_000;

    private static final Pattern JOB_ID = Pattern.compile("JobID ([0-9a-f]{32})");

    @TempDir Path work;

    @ParameterizedTest(name = "pipeline.force-timestamp-support {0}, unaligned checkpoints {1}")
    @CsvSource({"true, false", "false, false", "true, true", "false, true"})
    void aJobRecoversExactlyOnceOnATaskManagerStartedAgain(String option, boolean unaligned)
            throws Exception {
        try (DistributionCluster cluster =
                DistributionCluster.prepare(
                        work.resolve("cluster"), 2, failoverConfig(unaligned))) {
            cluster.start(2);
            Path output = work.resolve("counts");
            String job = submit(cluster, option, output);

            JsonNode checkpoint = Jobs.awaitCompletedCheckpoint(cluster, job, unaligned);
            if (unaligned) {
                assertThat(checkpoint.path("checkpoint_type").asText())
                        .isEqualTo("UNALIGNED_CHECKPOINT");
            }
            assertThat(Jobs.state(cluster, job))
                    .as("the job before the crash")
                    .isEqualTo("RUNNING");
            List<Long> taskManagers = cluster.pids("taskexecutor");
            assertThat(taskManagers).hasSize(2);
            DistributionCluster.kill(taskManagers.get(0));
            Command.Result started = cluster.script("taskmanager.sh", "start");
            assertThat(started.exitCode()).as(started.output()).isZero();

            assertThat(Jobs.awaitTermination(cluster, job, Duration.ofMinutes(5)))
                    .as("the job after the crash\n%s", cluster.logs())
                    .isEqualTo("FINISHED");
            JsonNode restored =
                    cluster.rest("/jobs/" + job + "/checkpoints").path("latest").path("restored");
            assertThat(restored.path("is_savepoint").asBoolean(true))
                    .as("restored from a checkpoint: %s", restored)
                    .isFalse();
            CountedNumbers.assertExact(output, RECORDS);
            if (DistributionCluster.isFork()) {
                assertThat(cluster.log("client")).contains(decision(option, unaligned));
            }
        }
    }

    /**
     * Two task managers of one slot each, so that the job needs a task manager in place of the one
     * that crashed; checkpoints every second; restarts a second apart; a crashed task manager
     * noticed within seconds rather than upstream's default of 50.
     */
    static Map<String, Object> failoverConfig(boolean unaligned) {
        return Map.of(
                "taskmanager.numberOfTaskSlots",
                1,
                "execution.checkpointing.interval",
                "1 s",
                "execution.checkpointing.unaligned.enabled",
                unaligned,
                "restart-strategy.type",
                "fixed-delay",
                "restart-strategy.fixed-delay.attempts",
                100,
                "restart-strategy.fixed-delay.delay",
                "1 s",
                "heartbeat.interval",
                1000,
                "heartbeat.timeout",
                10000);
    }

    /** Submits {@code ExactlyOnceCounts} detached and waits until all its tasks run. */
    static String submit(DistributionCluster cluster, String option, Path output) throws Exception {
        Command.Result run =
                cluster.flink(
                        "run",
                        "-d",
                        "-Dpipeline.force-timestamp-support=" + option,
                        "-Dpipeline.auto-watermark-interval=0",
                        "-c",
                        "dev.wirespeed.e2e.jobs.ExactlyOnceCounts",
                        System.getProperty("e2e.jobsJar"),
                        "--out",
                        output.toString(),
                        "--records",
                        String.valueOf(RECORDS));
        assertThat(run.exitCode()).as(run.output()).isZero();
        Matcher id = JOB_ID.matcher(run.output());
        assertThat(id.find()).as(run.output()).isTrue();
        Jobs.awaitAllTasksRunning(cluster, id.group(1));
        return id.group(1);
    }

    /** The FLIP-330 decision the client logs for the job. */
    private static String decision(String option, boolean unaligned) {
        if (option.equals("true")) {
            return "tagged records, because pipeline.force-timestamp-support is true";
        }
        return unaligned
                ? "tagged records, although pipeline.force-timestamp-support is false, because"
                        + " execution.checkpointing.unaligned.enabled is true"
                : "tagless records, because pipeline.force-timestamp-support is false";
    }
}

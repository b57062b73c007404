/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A checkpointed job survives the crash of a task manager: {@code ExactlyOnceCounts} of {@code
 * e2e-jobs} runs on two task managers of one slot each, one of them is killed (SIGKILL) once the
 * job has completed a checkpoint, and a task manager started again with {@code bin/taskmanager.sh}
 * takes its place. The job restores its last checkpoint and runs to its end; its file sink's output
 * is exact: every number once, each key's counts without a gap or a repeat. Two cases: tagless
 * records with aligned checkpoints, and upstream's format with unaligned checkpoints, whose restore
 * takes in-flight records too. The option at {@code false} with unaligned checkpoints is not a case
 * of its own: its records are tagged, as with the option at {@code true} ({@code
 * TimestampSupportDecisionTest} checks that decision and its log); nor is the option at {@code
 * true} with aligned checkpoints, whose restore the unaligned case's covers but for the in-flight
 * records.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class TaskManagerFailoverE2ETest {

    @TempDir Path work;

    @ParameterizedTest(name = "pipeline.force-timestamp-support {0}, unaligned checkpoints {1}")
    @CsvSource({"false, false", "true, true"})
    void aJobRecoversExactlyOnceOnATaskManagerStartedAgain(String option, boolean unaligned)
            throws Exception {
        try (DistributionCluster cluster =
                DistributionCluster.prepare(
                        work.resolve("cluster"), 2, CountingJob.checkpointedConfig(unaligned))) {
            cluster.start(2);
            Path output = work.resolve("counts");
            String job =
                    CountingJob.startCheckpointed(
                            cluster, output, unaligned, CountingJob.withOption(option));
            List<Long> taskManagers = cluster.pids("taskexecutor");
            assertThat(taskManagers).hasSize(2);
            DistributionCluster.kill(taskManagers.get(0));
            Command.Result started = cluster.script("taskmanager.sh", "start");
            assertThat(started.exitCode()).as(started.output()).isZero();

            CountingJob.assertRecoveredExactly(cluster, job, output);
            if (DistributionCluster.isFork()) {
                assertThat(cluster.log("client")).contains(CountingJob.decision(option));
            }
        }
    }
}

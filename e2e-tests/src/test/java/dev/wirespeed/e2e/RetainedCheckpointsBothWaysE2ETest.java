/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * A job moves between upstream's distribution and Wirespeed's through a retained unaligned
 * checkpoint that holds records in flight, both ways: {@code ExactlyOnceCounts} of {@code e2e-jobs}
 * runs backpressured with unaligned checkpoints, is cancelled once a checkpoint with in-flight data
 * has completed, and resumes from that checkpoint on the other distribution, with the option at its
 * default; its output is exact. With {@code pipeline.force-timestamp-support: false} (and unaligned
 * checkpoints off, so that the job's records would travel without timestamps) Wirespeed refuses
 * upstream's in-flight data with the message of the docs, once, without restarts.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class RetainedCheckpointsBothWaysE2ETest {

    @TempDir Path work;

    @Test
    void unalignedCheckpointsWithInFlightDataResumeOnTheOtherDistribution() throws Exception {
        assumeThat(DistributionCluster.isFork()).as("the distribution under test is Wirespeed's");
        Map<String, Object> config = CountingJob.checkpointedConfig(true);
        config.put("taskmanager.numberOfTaskSlots", 2);
        config.put("execution.checkpointing.dir", work.resolve("checkpoints").toUri().toString());
        config.put(
                "execution.checkpointing.externalized-checkpoint-retention",
                "RETAIN_ON_CANCELLATION");
        try (DistributionCluster upstream =
                        DistributionCluster.prepare(
                                DistributionCluster.upstreamHome(),
                                work.resolve("upstream"),
                                1,
                                config);
                DistributionCluster wirespeed =
                        DistributionCluster.prepare(
                                DistributionCluster.distributionHome(),
                                work.resolve("wirespeed"),
                                1,
                                config)) {
            upstream.start(1);
            wirespeed.start(1);

            Path fromUpstream = work.resolve("from-upstream");
            String onUpstream = cancelAtInFlightCheckpoint(upstream, fromUpstream);

            String refused =
                    CountingJob.submit(
                            wirespeed,
                            fromUpstream,
                            "-s",
                            onUpstream,
                            "-Dpipeline.force-timestamp-support=false",
                            "-Dpipeline.auto-watermark-interval=0",
                            "-Dexecution.checkpointing.unaligned.enabled=false");
            assertThat(Jobs.awaitTermination(wirespeed, refused, Duration.ofMinutes(2)))
                    .isEqualTo("FAILED");
            JsonNode exceptions = wirespeed.rest("/jobs/" + refused + "/exceptions");
            assertThat(exceptions.path("exceptionHistory").path("entries"))
                    .as("failed once, without restarts: %s", exceptions)
                    .hasSize(1);
            assertThat(exceptions.path("root-exception").asText())
                    .contains("The failure is not recoverable")
                    .contains(
                            "holds in-flight data of an unaligned checkpoint, written with record"
                                    + " timestamps; this job sends records without them"
                                    + " (pipeline.force-timestamp-support is false) and cannot"
                                    + " read it. Restore from a savepoint or an aligned"
                                    + " checkpoint, or set pipeline.force-timestamp-support to"
                                    + " true.");

            resumeToTheEnd(wirespeed, onUpstream, fromUpstream);
            CountingJob.assertExact(fromUpstream);

            Path fromWirespeed = work.resolve("from-wirespeed");
            String onWirespeed = cancelAtInFlightCheckpoint(wirespeed, fromWirespeed);
            resumeToTheEnd(upstream, onWirespeed, fromWirespeed);
            CountingJob.assertExact(fromWirespeed);
        }
    }

    /**
     * Runs the job until it has completed an unaligned checkpoint with in-flight data, cancels it
     * and returns the checkpoint it retained: the latest it completed, which may be a later one,
     * found on disk (the REST API's statistics may lag behind a checkpoint that completes while the
     * job is cancelled), which must hold in-flight data too.
     */
    private String cancelAtInFlightCheckpoint(DistributionCluster cluster, Path output)
            throws Exception {
        String job = CountingJob.startCheckpointed(cluster, output, true);
        Command.Result cancel = cluster.flink("cancel", job);
        assertThat(cancel.exitCode()).as(cancel.output()).isZero();
        assertThat(Jobs.awaitTermination(cluster, job, Duration.ofMinutes(1)))
                .isEqualTo("CANCELED");
        Path retained = latestCompletedCheckpoint(work.resolve("checkpoints").resolve(job));
        JsonNode details = Jobs.awaitCheckpointDetails(cluster, job, checkpointId(retained));
        assertThat(details.path("persisted_data").asLong())
                .as("in-flight data in the retained checkpoint %s", details)
                .isPositive();
        // as Flink writes a checkpoint's path
        return "file:" + retained.toAbsolutePath();
    }

    /** The id of a checkpoint's directory, {@code chk-<id>}. */
    private static long checkpointId(Path directory) {
        return Long.parseLong(directory.getFileName().toString().substring("chk-".length()));
    }

    /** The checkpoint directory of the highest number that holds a checkpoint's metadata. */
    private static Path latestCompletedCheckpoint(Path jobCheckpoints) throws IOException {
        try (Stream<Path> directories = Files.list(jobCheckpoints)) {
            return directories
                    .filter(directory -> directory.getFileName().toString().startsWith("chk-"))
                    .filter(directory -> Files.exists(directory.resolve("_metadata")))
                    .max(Comparator.comparingLong(RetainedCheckpointsBothWaysE2ETest::checkpointId))
                    .orElseThrow(
                            () ->
                                    new AssertionError(
                                            "No retained checkpoint in " + jobCheckpoints));
        }
    }

    /** Resumes the job from a checkpoint, with the options at their defaults, to its end. */
    private static void resumeToTheEnd(DistributionCluster cluster, String checkpoint, Path output)
            throws Exception {
        String job = CountingJob.submit(cluster, output, "-s", checkpoint);
        assertThat(Jobs.awaitTermination(cluster, job, Duration.ofMinutes(4)))
                .as("the resumed job\n%s", cluster.logs())
                .isEqualTo("FINISHED");
        assertThat(
                        cluster.rest("/jobs/" + job + "/checkpoints")
                                .path("latest")
                                .path("restored")
                                .path("external_path")
                                .asText())
                .isEqualTo(checkpoint);
    }
}

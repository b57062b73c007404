/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ExactlyOnceCounts} of {@code e2e-jobs} as the tests run it on a {@link
 * DistributionCluster}, and the check of its output: lines {@code "<key> <number> <count>"} in the
 * files its file sink made visible (not the hidden files of parts in progress or left behind by a
 * failure).
 */
final class CountingJob {

    /** About ten seconds of the job, whose counting slows it to some 40,000 numbers a second. */
    static final long RECORDS = 400_000;

    private CountingJob() {}

    /**
     * A cluster configuration for the job: checkpoints every second, restarts a second apart, a
     * crashed task manager noticed within seconds rather than upstream's default of 50, and task
     * managers of one slot each, so that the job needs a task manager in place of one that crashed.
     */
    static Map<String, Object> checkpointedConfig(boolean unaligned) {
        Map<String, Object> config = new HashMap<>();
        config.put("taskmanager.numberOfTaskSlots", 1);
        config.put("execution.checkpointing.interval", "1 s");
        config.put("execution.checkpointing.unaligned.enabled", unaligned);
        config.put("restart-strategy.type", "fixed-delay");
        config.put("restart-strategy.fixed-delay.attempts", 100);
        config.put("restart-strategy.fixed-delay.delay", "1 s");
        config.put("heartbeat.interval", 1000);
        config.put("heartbeat.timeout", 10000);
        return config;
    }

    /**
     * Submits the job detached, with the given options of {@code flink run} (such as {@code -D}
     * options and {@code -s}), writing into {@code output}; returns its id.
     */
    static String submit(DistributionCluster cluster, Path output, String... options)
            throws Exception {
        List<String> args = new ArrayList<>(List.of("run", "-d"));
        args.addAll(List.of(options));
        args.addAll(
                List.of(
                        "-c",
                        "dev.wirespeed.e2e.jobs.ExactlyOnceCounts",
                        System.getProperty("e2e.jobsJar"),
                        "--out",
                        output.toString(),
                        "--records",
                        String.valueOf(RECORDS)));
        return Jobs.submittedJobId(cluster.flink(args.toArray(new String[0])));
    }

    /**
     * Submits the job with the given options of {@code flink run}, and waits until it has completed
     * a checkpoint, an unaligned one with in-flight data if {@code unaligned}; returns its id, the
     * job still running.
     */
    static String startCheckpointed(
            DistributionCluster cluster, Path output, boolean unaligned, String... options)
            throws Exception {
        String job = submit(cluster, output, options);
        Jobs.awaitAllTasksRunning(cluster, job);
        JsonNode checkpoint = Jobs.awaitCompletedCheckpoint(cluster, job, unaligned);
        if (unaligned) {
            assertThat(checkpoint.path("checkpoint_type").asText())
                    .isEqualTo("UNALIGNED_CHECKPOINT");
        }
        assertThat(Jobs.state(cluster, job)).as("the job at its checkpoint").isEqualTo("RUNNING");
        return job;
    }

    /** The options of {@code flink run} for the given {@code pipeline.force-timestamp-support}. */
    static String[] withOption(String option) {
        return new String[] {
            "-Dpipeline.force-timestamp-support=" + option, "-Dpipeline.auto-watermark-interval=0"
        };
    }

    /** The FLIP-330 decision that Wirespeed's client logs for the job with the given option. */
    static String decision(String option) {
        return option.equals("true")
                ? "tagged records, because pipeline.force-timestamp-support is true"
                : "tagless records, because pipeline.force-timestamp-support is false";
    }

    /**
     * Waits until the job, after a crash, has finished, restored from a checkpoint, and requires
     * its output exact.
     */
    static void assertRecoveredExactly(DistributionCluster cluster, String job, Path output)
            throws Exception {
        assertThat(Jobs.awaitTermination(cluster, job, Duration.ofMinutes(5)))
                .as("the job after the crash\n%s", cluster.logs())
                .isEqualTo("FINISHED");
        JsonNode restored =
                cluster.rest("/jobs/" + job + "/checkpoints").path("latest").path("restored");
        assertThat(restored.path("is_savepoint").asBoolean(true))
                .as("restored from a checkpoint: %s", restored)
                .isFalse();
        assertExact(output);
    }

    /**
     * Requires every number from 1 to {@link #RECORDS} once, and the counts of each key to run from
     * 1 to the number of its numbers: nothing lost, nothing written twice, no state lost or counted
     * twice.
     */
    static void assertExact(Path directory) throws IOException {
        int[] seen = new int[Math.toIntExact(RECORDS + 1)];
        Map<Long, List<Long>> countsByKey = new HashMap<>();
        for (String line : committedLines(directory)) {
            String[] fields = line.split(" ");
            long number = Long.parseLong(fields[1]);
            assertThat(number).as(line).isBetween(1L, RECORDS);
            seen[(int) number]++;
            countsByKey
                    .computeIfAbsent(Long.parseLong(fields[0]), key -> new ArrayList<>())
                    .add(Long.parseLong(fields[2]));
        }
        List<Long> wrong = new ArrayList<>();
        for (int number = 1; number <= RECORDS; number++) {
            if (seen[number] != 1) {
                wrong.add((long) number);
            }
        }
        assertThat(wrong)
                .as("numbers written other than once (%d of %d)", wrong.size(), RECORDS)
                .isEmpty();
        for (Map.Entry<Long, List<Long>> key : countsByKey.entrySet()) {
            List<Long> counts = key.getValue().stream().sorted().toList();
            for (int i = 0; i < counts.size(); i++) {
                assertThat(counts.get(i))
                        .as("count %d of key %d", i + 1, key.getKey())
                        .isEqualTo(i + 1L);
            }
        }
    }

    private static List<String> committedLines(Path directory) throws IOException {
        List<String> lines = new ArrayList<>();
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file :
                    files.filter(Files::isRegularFile)
                            .filter(file -> !file.getFileName().toString().startsWith("."))
                            .toList()) {
                lines.addAll(Files.readAllLines(file));
            }
        }
        return lines;
    }
}

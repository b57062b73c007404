/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Records crossing task managers, through the network stack, in a two-task-manager cluster. */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class TwoTaskManagersE2ETest {

    private static final int CATEGORIES = 12;
    private static final int RECORDS = 120_000;

    @TempDir Path work;

    @Test
    void shufflesStringHeavyEventsAcrossTaskManagersWithBothSettings() throws Exception {
        try (DistributionCluster cluster = DistributionCluster.prepare(work, 2, Map.of())) {
            cluster.start(2);
            for (String forceTimestampSupport : List.of("true", "false")) {
                Path output = work.resolve("totals-" + forceTimestampSupport + ".txt");
                Command.Result run =
                        cluster.flink(
                                "run",
                                "-p",
                                "2",
                                "-Dpipeline.force-timestamp-support=" + forceTimestampSupport,
                                "-Dpipeline.auto-watermark-interval=0",
                                DistributionCluster.example("wirespeed/StringShuffle.jar")
                                        .toString(),
                                "--records",
                                String.valueOf(RECORDS),
                                "--output",
                                output.toString());
                assertThat(run.exitCode()).as(run.output()).isZero();

                List<String> totals = Files.readAllLines(output);
                assertThat(totals).hasSize(CATEGORIES);
                for (String line : totals) {
                    String[] fields = line.substring(1, line.length() - 1).split(",");
                    assertThat(Long.parseLong(fields[1])).as(line).isEqualTo(RECORDS / CATEGORIES);
                }
            }
            assertThat(taskManagersOfTheKeyedOperator(cluster)).hasSize(2);
            if (DistributionCluster.isFork()) {
                // the client's log is the last run's, the one with the option false
                assertThat(cluster.log("client"))
                        .contains(
                                "tagless records, because pipeline.force-timestamp-support is false");
            }
            checkTheSameEventsAsJavaRecords(cluster, work.resolve("totals-false.txt"));
        }
    }

    /**
     * The string-heavy shuffle's events as a Java record, from the job's own class loader in each
     * TaskManager: the totals of the same events as POJOs, and on Wirespeed no record type left to
     * reflection.
     */
    private void checkTheSameEventsAsJavaRecords(DistributionCluster cluster, Path pojoTotals)
            throws Exception {
        Path output = work.resolve("record-totals.txt");
        Command.Result run =
                cluster.flink(
                        "run",
                        "-p",
                        "2",
                        DistributionCluster.example("wirespeed/ProductRecordShuffle.jar")
                                .toString(),
                        "--records",
                        String.valueOf(RECORDS),
                        "--output",
                        output.toString());

        assertThat(run.exitCode()).as(run.output()).isZero();
        assertThat(Files.readAllLines(output))
                .containsExactlyInAnyOrderElementsOf(Files.readAllLines(pojoTotals));
        assertThat(cluster.log("taskexecutor"))
                .isNotBlank()
                .doesNotContain("is serialized through reflection");
    }

    /** The task managers that ran the subtasks of the last job's keyed operator. */
    private static Set<String> taskManagersOfTheKeyedOperator(DistributionCluster cluster)
            throws Exception {
        String jobId = cluster.rest("/jobs").path("jobs").get(0).path("id").asText();
        Set<String> taskManagers = new HashSet<>();
        for (JsonNode vertex : cluster.rest("/jobs/" + jobId).path("vertices")) {
            if (vertex.path("name").asText().contains("total per category")) {
                JsonNode perTaskManager =
                        cluster.rest(
                                "/jobs/"
                                        + jobId
                                        + "/vertices/"
                                        + vertex.path("id").asText()
                                        + "/taskmanagers");
                for (JsonNode taskManager : perTaskManager.path("taskmanagers")) {
                    taskManagers.add(taskManager.path("taskmanager-id").asText());
                }
            }
        }
        return taskManagers;
    }
}

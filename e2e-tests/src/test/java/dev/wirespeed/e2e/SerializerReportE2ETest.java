/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.assertj.core.data.Percentage.withPercentage;

/**
 * {@code GET /jobs/:jobid/serializers} on Wirespeed's distribution, for a job whose POJO records,
 * with a field that falls back to Kryo, cross a tagless edge into keyed state of a POJO and of the
 * Kryo type, and whose tuples cross a second edge: each edge's and each state's type and serializer
 * kind, the advice for the Kryo type, and the bytes a record takes on the wire, as the job's own
 * byte and record counts give them. Upstream has no such endpoint.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class SerializerReportE2ETest {

    private static final String JOB = "dev.wirespeed.e2e.jobs.SerializerMix";
    private static final String READING = "dev.wirespeed.e2e.jobs.SerializerMix$Reading";
    private static final String CALIBRATION = "dev.wirespeed.e2e.jobs.SerializerMix$Calibration";

    @TempDir Path work;

    @Test
    void reportsEachEdgeAndStateOfARunningJob() throws Exception {
        assumeThat(DistributionCluster.isFork())
                .as("the serializer report is Wirespeed's")
                .isTrue();
        Map<String, Object> entries =
                Map.of(
                        "taskmanager.numberOfTaskSlots",
                        2,
                        "metrics.fetcher.update-interval",
                        "500 ms");
        try (DistributionCluster cluster = DistributionCluster.prepare(work, 1, entries)) {
            cluster.start(1);
            String job =
                    Jobs.submittedJobId(
                            cluster.flink(
                                    "run",
                                    "-d",
                                    "-Dpipeline.force-timestamp-support=false",
                                    "-Dpipeline.auto-watermark-interval=0",
                                    "-c",
                                    JOB,
                                    System.getProperty("e2e.jobsJar")));
            Jobs.awaitAllTasksRunning(cluster, job);

            JsonNode report = awaitCompleteReport(cluster, job);
            Map<String, JsonNode> edges = new HashMap<>();
            for (JsonNode edge : report.path("edges")) {
                edges.put(edge.path("kind").asText(), edge);
            }
            assertThat(edges).containsOnlyKeys("POJO", "TUPLE");

            JsonNode readings = edges.get("POJO");
            assertThat(readings.path("source").path("name").asText()).contains("readings");
            assertThat(readings.path("target").path("name").asText()).contains("totals");
            assertThat(readings.path("partitioner").asText()).isEqualTo("HASH");
            assertThat(readings.path("type").asText()).isEqualTo(READING);
            assertThat(readings.path("taglessRecords").asBoolean()).isTrue();
            assertThat(readings.path("kryoTypes").get(0).asText()).isEqualTo(CALIBRATION);
            assertThat(readings.path("advice").get(0).asText())
                    .contains(CALIBRATION, "POJO", "pipeline.generic-types");
            assertThat(readings.path("bytesPerRecord").asDouble())
                    .isCloseTo(
                            bytesPerRecordOf(cluster, job, readings.path("source")),
                            withPercentage(10));

            JsonNode totals = edges.get("TUPLE");
            assertThat(totals.path("source").path("name").asText()).contains("totals");
            assertThat(totals.path("target").path("name").asText()).contains("discard");
            assertThat(totals.path("partitioner").asText()).isEqualTo("REBALANCE");
            assertThat(totals.path("type").asText())
                    .isEqualTo("org.apache.flink.api.java.tuple.Tuple2");
            assertThat(totals.path("kryoTypes")).isEmpty();
            assertThat(totals.path("bytesPerRecord").asDouble()).isPositive();

            Map<String, JsonNode> states = new HashMap<>();
            for (JsonNode state : report.path("states")) {
                states.put(state.path("state").asText(), state);
            }
            // the number source keeps its splits in an operator state
            assertThat(states).containsOnlyKeys("stats", "calibration", "SourceReaderState");
            assertThat(states.get("SourceReaderState").path("scope").asText())
                    .isEqualTo("operator");
            assertThat(states.get("stats").path("kind").asText()).isEqualTo("POJO");
            assertThat(states.get("stats").path("type").asText())
                    .isEqualTo("dev.wirespeed.e2e.jobs.KeyStats");
            assertThat(states.get("stats").path("key").path("type").asText())
                    .isEqualTo("java.lang.Long");
            assertThat(states.get("calibration").path("kind").asText()).isEqualTo("KRYO");
            assertThat(states.get("calibration").path("operator").asText()).isEqualTo("totals");
            assertThat(states.get("calibration").path("advice")).hasSize(1);

            assertThat(cluster.log("standalonesession"))
                    .contains(
                            "Serializers of job 'SerializerMix' (" + job + "):",
                            "-> 'totals' (HASH): POJO " + READING + " with Kryo for " + CALIBRATION,
                            "Kryo serializes " + CALIBRATION);

            Command.Result cancel = cluster.flink("cancel", job);
            assertThat(cancel.exitCode()).as(cancel.output()).isZero();
        }
    }

    /** The report once both edges know their bytes per record and both states are created. */
    private static JsonNode awaitCompleteReport(DistributionCluster cluster, String job)
            throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        JsonNode report;
        do {
            Thread.sleep(500);
            report = cluster.rest("/jobs/" + job + "/serializers");
        } while (!isComplete(report) && System.nanoTime() < deadline);
        return report;
    }

    private static boolean isComplete(JsonNode report) {
        if (report.path("edges").size() < 2 || report.path("states").size() < 3) {
            return false;
        }
        for (JsonNode edge : report.path("edges")) {
            if (!edge.path("bytesPerRecord").isNumber()) {
                return false;
            }
        }
        return true;
    }

    /** A vertex's bytes written per record written, from the job's own REST details. */
    private static double bytesPerRecordOf(DistributionCluster cluster, String job, JsonNode vertex)
            throws Exception {
        for (JsonNode details : cluster.rest("/jobs/" + job).path("vertices")) {
            if (details.path("id").asText().equals(vertex.path("id").asText())) {
                JsonNode metrics = details.path("metrics");
                return metrics.path("write-bytes").asDouble()
                        / metrics.path("write-records").asDouble();
            }
        }
        throw new AssertionError("No vertex " + vertex + " in the job's details");
    }
}

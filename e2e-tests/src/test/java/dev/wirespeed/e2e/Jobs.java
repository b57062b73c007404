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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Job states and metrics through the REST API of a {@link DistributionCluster}, and what jobs
 * wrote.
 */
final class Jobs {

    private static final Pattern JOB_ID = Pattern.compile("JobID ([0-9a-f]{32})");
    private static final Pattern SAVEPOINT = Pattern.compile("Savepoint completed\\. Path: (\\S+)");

    private Jobs() {}

    /** The id of the job that a successful {@code bin/flink run} submitted. */
    static String submittedJobId(Command.Result run) {
        assertThat(run.exitCode()).as(run.output()).isZero();
        return match(JOB_ID, run.output());
    }

    /** The path of the savepoint that a successful {@code bin/flink stop} took. */
    static String completedSavepoint(Command.Result stop) {
        assertThat(stop.exitCode()).as(stop.output()).isZero();
        return match(SAVEPOINT, stop.output());
    }

    private static String match(Pattern pattern, String text) {
        Matcher matcher = pattern.matcher(text);
        assertThat(matcher.find()).as("%s in:\n%s", pattern, text).isTrue();
        return matcher.group(1);
    }

    /** Every line the job's sinks wrote under a directory, sorted. */
    static List<String> sinkLines(Path directory) throws IOException {
        List<String> lines = new ArrayList<>();
        if (Files.isDirectory(directory)) {
            try (Stream<Path> files = Files.walk(directory)) {
                for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                    lines.addAll(Files.readAllLines(file));
                }
            }
        }
        lines.sort(null);
        return lines;
    }

    /** The job's state, for example {@code RUNNING}. */
    static String state(DistributionCluster cluster, String jobId) throws Exception {
        return cluster.rest("/jobs/" + jobId).path("state").asText();
    }

    /**
     * Waits until the job runs and every one of its tasks has started (runs, or has finished, as a
     * short bounded source does), as checkpoints and stop-with-savepoint require.
     */
    static void awaitAllTasksRunning(DistributionCluster cluster, String jobId) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (true) {
            JsonNode job = cluster.rest("/jobs/" + jobId);
            if (job.path("state").asText().equals("RUNNING") && allVerticesStarted(job)) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("Job " + jobId + " is not running: " + job);
            }
            Thread.sleep(200);
        }
    }

    /**
     * Waits until the job reaches a globally terminal state ({@code FINISHED}, {@code FAILED} or
     * {@code CANCELED}) and returns it. A REST API that does not answer, or does not know the job
     * yet, is waited for too: a job manager started again takes a while to take its jobs over.
     */
    static String awaitTermination(DistributionCluster cluster, String jobId, Duration limit)
            throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            String state;
            try {
                state = state(cluster, jobId);
            } catch (IOException e) {
                state = "not reported (" + e + ")";
            }
            if (state.equals("FINISHED") || state.equals("FAILED") || state.equals("CANCELED")) {
                return state;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "Job " + jobId + " is still " + state + " after " + limit);
            }
            Thread.sleep(500);
        }
    }

    /**
     * Waits until the job has completed a checkpoint, one that holds in-flight data if {@code
     * withInFlightData}, and returns that checkpoint's statistics.
     */
    static JsonNode awaitCompletedCheckpoint(
            DistributionCluster cluster, String jobId, boolean withInFlightData) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (true) {
            for (JsonNode checkpoint :
                    cluster.rest("/jobs/" + jobId + "/checkpoints").path("history")) {
                if (checkpoint.path("status").asText().equals("COMPLETED")
                        && (!withInFlightData || checkpoint.path("persisted_data").asLong() > 0)) {
                    return checkpoint;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "Job "
                                + jobId
                                + " completed no checkpoint"
                                + (withInFlightData ? " with in-flight data" : "")
                                + ": "
                                + cluster.rest("/jobs/" + jobId + "/checkpoints"));
            }
            Thread.sleep(200);
        }
    }

    /** Waits until the REST API reports the statistics of the job's checkpoint of the given id. */
    static JsonNode awaitCheckpointDetails(DistributionCluster cluster, String jobId, long id)
            throws Exception {
        String path = "/jobs/" + jobId + "/checkpoints/details/" + id;
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        while (true) {
            try {
                return cluster.rest(path);
            } catch (IOException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
            }
            Thread.sleep(500);
        }
    }

    /**
     * Waits until each of the {@code vertices} reports the 99th percentile of its latency from the
     * {@code source} vertex among its metrics through REST, and returns them by vertex; returns
     * what there is after two minutes.
     */
    static Map<String, String> awaitLatencyP99s(
            DistributionCluster cluster, String jobId, String source, List<String> vertices)
            throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        Map<String, String> p99s = new HashMap<>();
        while (p99s.size() < vertices.size() && System.nanoTime() < deadline) {
            Thread.sleep(500);
            for (String vertex : vertices) {
                String metrics = "/jobs/" + jobId + "/vertices/" + vertex + "/metrics";
                for (JsonNode metric : cluster.rest(metrics)) {
                    String id = metric.path("id").asText();
                    // <subtask>.latency.source_id.<source>.operator_id.<operator>....latency_p99
                    if (id.contains(".latency.source_id." + source + ".operator_id." + vertex)
                            && id.endsWith("latency_p99")) {
                        JsonNode value = cluster.rest(metrics + "?get=" + id).get(0);
                        p99s.put(vertex, value.path("value").asText());
                    }
                }
            }
        }
        return p99s;
    }

    /** The value of a metric of the given vertices' tasks, once the REST API reports it. */
    static Map<String, String> awaitTaskMetric(
            DistributionCluster cluster, String jobId, List<String> vertices, String metric)
            throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        Map<String, String> values = new HashMap<>();
        while (values.size() < vertices.size() && System.nanoTime() < deadline) {
            Thread.sleep(500);
            for (String vertex : vertices) {
                JsonNode reported =
                        cluster.rest(
                                "/jobs/"
                                        + jobId
                                        + "/vertices/"
                                        + vertex
                                        + "/metrics?get="
                                        + metric);
                if (reported.size() > 0) {
                    values.put(vertex, reported.get(0).path("value").asText());
                }
            }
        }
        return values;
    }

    private static boolean allVerticesStarted(JsonNode job) {
        for (JsonNode vertex : job.path("vertices")) {
            String status = vertex.path("status").asText();
            if (!status.equals("RUNNING") && !status.equals("FINISHED")) {
                return false;
            }
        }
        return true;
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Duration;

/** Job states through the REST API of a {@link DistributionCluster}. */
final class Jobs {

    private Jobs() {}

    /** The job's state, for example {@code RUNNING}. */
    static String state(DistributionCluster cluster, String jobId) throws Exception {
        return cluster.rest("/jobs/" + jobId).path("state").asText();
    }

    /** Waits until the job and every one of its tasks run, as stop-with-savepoint requires. */
    static void awaitAllTasksRunning(DistributionCluster cluster, String jobId) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (true) {
            JsonNode job = cluster.rest("/jobs/" + jobId);
            if (job.path("state").asText().equals("RUNNING") && allVerticesRunning(job)) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("Job " + jobId + " is not running: " + job);
            }
            Thread.sleep(200);
        }
    }

    private static boolean allVerticesRunning(JsonNode job) {
        for (JsonNode vertex : job.path("vertices")) {
            if (!vertex.path("status").asText().equals("RUNNING")) {
                return false;
            }
        }
        return true;
    }
}

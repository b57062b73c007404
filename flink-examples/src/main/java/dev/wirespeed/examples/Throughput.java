/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

import org.apache.flink.api.common.JobExecutionResult;

import java.util.Locale;

/** The one line a throughput demo prints when its job has finished. */
final class Throughput {

    private Throughput() {}

    /**
     * For example {@code "1000000 records in 812 ms: 1231527 records/s"}; for a job submitted
     * detached, that its throughput is in the web UI.
     */
    static String describe(long records, JobExecutionResult result) {
        if (!result.isJobExecutionResult()) {
            return "Job " + result.getJobID() + " runs detached: see its throughput in the web UI";
        }
        long millis = Math.max(1, result.getNetRuntime());
        return String.format(
                Locale.ROOT,
                "%d records in %d ms: %d records/s",
                records,
                millis,
                records * 1000 / millis);
    }
}

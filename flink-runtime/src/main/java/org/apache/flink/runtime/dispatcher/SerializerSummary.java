/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.dispatcher;

import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.runtime.jobgraph.JobGraph;

import org.slf4j.Logger;

/**
 * The summary of a job's serializers that the JobManager logs when the job is submitted: its
 * network edges and keys, and the types Kryo serializes. It is written into the job's configuration
 * where the job graph is built, which knows the serializers; jobs built by upstream's client carry
 * none, and nothing is logged for them.
 */
@Internal
public final class SerializerSummary {

    /** The summary, as lines; internal to Wirespeed, set where the job graph is built. */
    public static final ConfigOption<String> SUMMARY =
            ConfigOptions.key("wirespeed.internal.serializer-summary")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "Internal: the serializers of the job's network edges and keys, which"
                                    + " the JobManager logs when the job is submitted.");

    private SerializerSummary() {}

    /** Logs the summary the job graph carries, if it carries one. */
    static void log(Logger log, JobGraph jobGraph) {
        jobGraph.getJobConfiguration()
                .getOptional(SUMMARY)
                .ifPresent(
                        summary ->
                                log.info(
                                        "Serializers of job '{}' ({}):{}",
                                        jobGraph.getName(),
                                        jobGraph.getJobID(),
                                        summary));
    }
}

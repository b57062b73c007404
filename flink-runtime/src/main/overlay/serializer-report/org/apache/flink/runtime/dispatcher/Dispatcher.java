/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.dispatcher;

import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.messages.Acknowledge;

import java.util.concurrent.CompletableFuture;

/** Logs a submitted job's serializers ({@link SerializerSummary}) after upstream's line. */
public abstract class Dispatcher {

    @Overlay.Wrap("1.20.5:6a6a2130dda2")
    private CompletableFuture<Acknowledge> internalSubmitJob(JobGraph jobGraph) {
        CompletableFuture<Acknowledge> submitted = internalSubmitJob$upstream(jobGraph);
        SerializerSummary.log(log, jobGraph);
        return submitted;
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.graph;

import org.apache.flink.runtime.jobgraph.JobGraph;

/**
 * Makes the FLIP-330 decision once per job, when its job graph is built, and writes the summary of
 * the job's serializers that the JobManager logs.
 */
public class StreamingJobGraphGenerator {

    @Overlay.Wrap("1.20.5:4b49cf2255c1")
    private JobGraph createJobGraph() {
        JobGraph graph = createJobGraph$upstream();
        TimestampSupportDecision decision = TimestampSupportDecision.decide(streamGraph);
        decision.applyTo(graph);
        JobSerializersSummary.applyTo(
                graph,
                streamGraph,
                physicalEdgesInOrder,
                jobVertices,
                chainedConfigs,
                decision.isTagless());
        return graph;
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.graph;

import org.apache.flink.runtime.jobgraph.JobGraph;

/** Makes the FLIP-330 decision once per job, when its job graph is built. */
public class StreamingJobGraphGenerator {

    @Overlay.Wrap
    private JobGraph createJobGraph() {
        JobGraph graph = createJobGraph$upstream();
        TimestampSupportDecision.decide(streamGraph).applyTo(graph);
        return graph;
    }
}

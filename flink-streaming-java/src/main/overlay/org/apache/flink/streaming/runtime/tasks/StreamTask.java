/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.tasks;

import org.apache.flink.streaming.runtime.io.TaglessNetwork;

/**
 * Initializes the task in its job's record format (FLIP-330), after checking that what it restores
 * can be read in that format, and shows the format as a metric of the task.
 */
public abstract class StreamTask<OUT, OP> {

    @Overlay.Wrap
    void restoreInternal() throws Exception {
        boolean tagless = TaglessNetwork.isEnabled(getEnvironment().getJobConfiguration());
        TaglessNetwork.registerMetric(getEnvironment().getMetricGroup(), tagless);
        if (tagless) {
            TaglessNetwork.checkCanRestore(
                    configuration,
                    getEnvironment().getTaskStateManager(),
                    getUserCodeClassLoader());
        }
        TaglessNetwork.initializeTask(tagless, this::restoreInternal$upstream);
    }
}

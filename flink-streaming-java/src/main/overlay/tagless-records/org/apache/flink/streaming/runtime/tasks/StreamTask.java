/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.tasks;

import org.apache.flink.streaming.api.operators.StreamOperator;
import org.apache.flink.streaming.runtime.io.TaglessNetwork;

import java.util.ArrayList;
import java.util.List;

/**
 * Initializes the task in its job's record format (FLIP-330), after checking that what it restores
 * can be read in that format, and shows the format and the task's serializers as metrics of the
 * task.
 */
public abstract class StreamTask<OUT, OP> {

    @Overlay.Wrap("1.20.5:8dcf80ed6a1d")
    void restoreInternal() throws Exception {
        boolean tagless = TaglessNetwork.isEnabled(getEnvironment().getJobConfiguration());
        TaglessNetwork.registerMetric(getEnvironment().getMetricGroup(), tagless);
        if (tagless) {
            TaglessNetwork.checkCanRestore(
                    configuration,
                    getEnvironment().getTaskStateManager(),
                    getUserCodeClassLoader());
        }
        TaskSerializers serializers =
                TaskSerializers.ofNetwork(
                        configuration,
                        getUserCodeClassLoader(),
                        getEnvironment().getAllInputGates(),
                        tagless);
        TaglessNetwork.initializeTask(tagless, this::restoreInternal$upstream);
        List<StreamOperator<?>> operators = new ArrayList<>();
        operatorChain
                .getAllOperators()
                .forEach(wrapper -> operators.add(wrapper.getStreamOperator()));
        serializers.register(getEnvironment().getMetricGroup(), operators);
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.io;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.eventtime.TimestampAssigner;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.state.TaskStateManager;
import org.apache.flink.streaming.api.graph.StreamConfig;
import org.apache.flink.streaming.api.graph.TimestampSupportDecision;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.util.function.ThrowingRunnable;

import java.util.Optional;

/**
 * Where a task learns whether its job's records cross the network tagless (FLIP-330), and the
 * checks that keep such a task from reading bytes written in the other format.
 *
 * <p>Outputs read the decision from the job configuration. Network inputs are created deep inside
 * each task type's initialization, which has no access to it; the task therefore runs its
 * initialization {@linkplain #initializeTask in a scope} that the input factory {@linkplain
 * #inTaglessTask() asks}.
 */
@Internal
public final class TaglessNetwork {

    /**
     * The name of the task metric that shows the task's record format: 1 when its records travel
     * tagless, 0 when they keep upstream's format.
     */
    public static final String METRIC_NAME = "taglessRecords";

    private static final ThreadLocal<Boolean> TAGLESS_TASK_INITIALIZATION =
            ThreadLocal.withInitial(() -> false);

    private TaglessNetwork() {}

    /** Whether the job with this configuration sends its records tagless. */
    public static boolean isEnabled(Configuration jobConfiguration) {
        return jobConfiguration.get(TimestampSupportDecision.TAGLESS_RECORDS);
    }

    /** Shows the task's record format as its {@link #METRIC_NAME} gauge. */
    public static void registerMetric(MetricGroup taskMetricGroup, boolean tagless) {
        int value = tagless ? 1 : 0;
        taskMetricGroup.gauge(METRIC_NAME, (Gauge<Integer>) () -> value);
    }

    /**
     * Whether the operator of this stream node is the user's own in a job that sends tagless
     * records: its network outputs refuse records with timestamps.
     */
    public static boolean isUserOperator(Configuration jobConfiguration, int streamNodeId) {
        return jobConfiguration.get(TimestampSupportDecision.USER_OPERATORS).contains(streamNodeId);
    }

    /**
     * Fails if a user's operator sends a record with a timestamp into a network output that would
     * leave the timestamp behind.
     */
    public static void checkNoTimestamp(StreamRecord<?> record, String operatorName) {
        if (record.hasTimestamp() && record.getTimestamp() != TimestampAssigner.NO_TIMESTAMP) {
            throw new TaglessRecordsException(
                    "Operator '"
                            + operatorName
                            + "' emitted a record with timestamp "
                            + record.getTimestamp()
                            + " in a job whose records travel without timestamps, because "
                            + PipelineOptions.FORCE_TIMESTAMP_SUPPORT.key()
                            + " is false. Set "
                            + PipelineOptions.FORCE_TIMESTAMP_SUPPORT.key()
                            + " to true for jobs whose operators set record timestamps.");
        }
    }

    /**
     * Runs a task's initialization; the network inputs it creates read tagless records if the job
     * sends them.
     */
    public static void initializeTask(boolean tagless, ThrowingRunnable<Exception> initialization)
            throws Exception {
        TAGLESS_TASK_INITIALIZATION.set(tagless);
        try {
            initialization.run();
        } finally {
            TAGLESS_TASK_INITIALIZATION.remove();
        }
    }

    /** Whether the calling thread initializes a task of a job that sends tagless records. */
    public static boolean inTaglessTask() {
        return TAGLESS_TASK_INITIALIZATION.get();
    }

    /**
     * Fails before a tagless task reads any in-flight data: data that unaligned checkpoints keep is
     * only ever written with tagged records, which a tagless input would misread.
     */
    public static void checkCanRestore(
            StreamConfig taskConfig, TaskStateManager stateManager, ClassLoader classLoader) {
        if (taskConfig.isUnalignedCheckpointsEnabled()) {
            throw new TaglessRecordsException(
                    "This job sends records without timestamps ("
                            + PipelineOptions.FORCE_TIMESTAMP_SUPPORT.key()
                            + " is false), which needs aligned checkpoints, but unaligned"
                            + " checkpoints are enabled. Disable unaligned checkpoints or set "
                            + PipelineOptions.FORCE_TIMESTAMP_SUPPORT.key()
                            + " to true.");
        }
        for (StreamConfig operatorConfig :
                taskConfig.getTransitiveChainedTaskConfigsWithSelf(classLoader).values()) {
            Optional<OperatorSubtaskState> restored =
                    stateManager.getSubtaskJobManagerRestoredState(operatorConfig.getOperatorID());
            if (restored.isPresent() && hasInFlightData(restored.get())) {
                throw new TaglessRecordsException(
                        "Checkpoint "
                                + stateManager.getRestoreCheckpointId().orElse(-1L)
                                + " holds in-flight data of an unaligned checkpoint, written with"
                                + " record timestamps; this job sends records without them ("
                                + PipelineOptions.FORCE_TIMESTAMP_SUPPORT.key()
                                + " is false) and cannot read it. Restore from a savepoint or an"
                                + " aligned checkpoint, or set "
                                + PipelineOptions.FORCE_TIMESTAMP_SUPPORT.key()
                                + " to true.");
            }
        }
    }

    private static boolean hasInFlightData(OperatorSubtaskState state) {
        return state.getInputChannelState().hasState()
                || state.getResultSubpartitionState().hasState();
    }
}

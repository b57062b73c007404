/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.graph;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.eventtime.NoWatermarksGenerator;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.streaming.api.operators.SimpleOperatorFactory;
import org.apache.flink.streaming.api.operators.SourceOperatorFactory;
import org.apache.flink.streaming.api.operators.StreamOperatorFactory;
import org.apache.flink.streaming.api.operators.StreamSource;
import org.apache.flink.streaming.runtime.operators.TimestampsAndWatermarksOperator;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * FLIP-330's decision for one job: whether its records can cross the network without the per-record
 * element tag and timestamp. They can when {@code pipeline.force-timestamp-support} is false, the
 * auto watermark interval is 0, unaligned checkpoints are disabled (their in-flight data is kept in
 * one format), and nothing in the job can produce watermarks: every source built with {@code
 * fromSource} and every timestamp/watermark assigner uses a watermark strategy whose generator is
 * {@code noWatermarks()}'s, and there is no legacy {@code SourceFunction} source, which can always
 * emit watermarks. Otherwise every byte stays Flink's.
 *
 * <p>The decision is made once, when the job graph is built, and travels to every task in the job
 * configuration under {@link #TAGLESS_RECORDS}.
 */
@Internal
public final class TimestampSupportDecision {

    /**
     * Where the decision travels to the tasks, in the job graph's configuration. Set by the job
     * graph generator, never by users.
     */
    public static final ConfigOption<Boolean> TAGLESS_RECORDS =
            ConfigOptions.key("wirespeed.internal.tagless-records")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription(
                            "Set when a job graph is built: whether the job's records cross the"
                                    + " network without element tag and timestamp (FLIP-330).");

    /**
     * The stream nodes of the user's own operators in a tagless job, whose network outputs refuse
     * records with timestamps. Set by the job graph generator, never by users.
     */
    public static final ConfigOption<List<Integer>> USER_OPERATORS =
            ConfigOptions.key("wirespeed.internal.tagless-user-operators")
                    .intType()
                    .asList()
                    .defaultValues()
                    .withDescription(
                            "Set when a job graph is built: the stream nodes of operators that are"
                                    + " not Flink's own, in a job whose records cross the network"
                                    + " without timestamps (FLIP-330).");

    private static final Logger LOG = LoggerFactory.getLogger(TimestampSupportDecision.class);

    private static final String FLINK_PACKAGE = "org.apache.flink.";

    private final boolean tagless;
    private final String reason;
    private final List<Integer> userOperators;

    private TimestampSupportDecision(boolean tagless, String reason) {
        this(tagless, reason, Collections.emptyList());
    }

    private TimestampSupportDecision(boolean tagless, String reason, List<Integer> userOperators) {
        this.tagless = tagless;
        this.reason = reason;
        this.userOperators = userOperators;
    }

    /** Decides for the job of a stream graph. */
    public static TimestampSupportDecision decide(StreamGraph streamGraph) {
        if (streamGraph.getJobConfiguration().get(PipelineOptions.FORCE_TIMESTAMP_SUPPORT)) {
            return new TimestampSupportDecision(
                    false, PipelineOptions.FORCE_TIMESTAMP_SUPPORT.key() + " is true");
        }
        long interval = streamGraph.getExecutionConfig().getAutoWatermarkInterval();
        if (interval != 0) {
            return new TimestampSupportDecision(
                    false,
                    PipelineOptions.AUTO_WATERMARK_INTERVAL.key()
                            + " is "
                            + interval
                            + " ms; set it to 0");
        }
        if (streamGraph.getCheckpointConfig().isUnalignedCheckpointsEnabled()) {
            return new TimestampSupportDecision(
                    false,
                    CheckpointingOptions.ENABLE_UNALIGNED.key()
                            + " is true; records without timestamps need aligned checkpoints");
        }
        for (StreamNode node : streamGraph.getStreamNodes()) {
            Optional<String> producer = watermarkProducer(node);
            if (producer.isPresent()) {
                return new TimestampSupportDecision(false, producer.get());
            }
        }
        return new TimestampSupportDecision(
                true,
                PipelineOptions.FORCE_TIMESTAMP_SUPPORT.key()
                        + " is false and nothing in the job produces watermarks",
                userOperators(streamGraph));
    }

    /** Whether the job's records travel without element tag and timestamp. */
    public boolean isTagless() {
        return tagless;
    }

    /** Why: the setting or the operator that decided. */
    public String getReason() {
        return reason;
    }

    /**
     * The stream nodes of the job's operators that are not Flink's own: a custom operator, or one
     * from a library outside Flink. Only they can give records timestamps that the job means to
     * use; Flink's operators attach timestamps that a job without watermarks never reads.
     */
    public List<Integer> getUserOperators() {
        return userOperators;
    }

    /** Records the decision in the job graph's configuration and logs it. */
    public void applyTo(JobGraph jobGraph) {
        jobGraph.getJobConfiguration().set(TAGLESS_RECORDS, tagless);
        if (!userOperators.isEmpty()) {
            jobGraph.getJobConfiguration().set(USER_OPERATORS, userOperators);
        }
        LOG.info(
                "FLIP-330 decision for job '{}' ({}): {} records, because {}.",
                jobGraph.getName(),
                jobGraph.getJobID(),
                tagless ? "tagless" : "tagged",
                reason);
    }

    private static List<Integer> userOperators(StreamGraph streamGraph) {
        List<Integer> nodes = new ArrayList<>();
        for (StreamNode node : streamGraph.getStreamNodes()) {
            StreamOperatorFactory<?> factory = node.getOperatorFactory();
            Class<?> operatorClass =
                    factory instanceof SimpleOperatorFactory
                            ? ((SimpleOperatorFactory<?>) factory).getOperator().getClass()
                            : factory.getClass();
            if (!operatorClass.getName().startsWith(FLINK_PACKAGE)) {
                nodes.add(node.getId());
            }
        }
        Collections.sort(nodes);
        return Collections.unmodifiableList(nodes);
    }

    private static Optional<String> watermarkProducer(StreamNode node) {
        StreamOperatorFactory<?> factory = node.getOperatorFactory();
        String name = "'" + node.getOperatorName() + "'";
        if (factory instanceof SourceOperatorFactory) {
            return unlessNoWatermarks(
                    ((SourceOperatorFactory<?>) factory).getWatermarkStrategy(),
                    "source " + name + " has a watermark strategy other than noWatermarks()");
        }
        if (factory instanceof SimpleOperatorFactory) {
            Object operator = ((SimpleOperatorFactory<?>) factory).getOperator();
            if (operator instanceof TimestampsAndWatermarksOperator) {
                return unlessNoWatermarks(
                        ((TimestampsAndWatermarksOperator<?>) operator).getWatermarkStrategy(),
                        "operator "
                                + name
                                + " assigns watermarks with a strategy other than noWatermarks()");
            }
            if (operator instanceof StreamSource) {
                return Optional.of(
                        "legacy source "
                                + name
                                + " is a SourceFunction, which can emit watermarks; use a"
                                + " Source with WatermarkStrategy.noWatermarks()");
            }
        }
        return Optional.empty();
    }

    /** No reason, or the given one if the strategy can produce watermarks. */
    private static Optional<String> unlessNoWatermarks(
            WatermarkStrategy<?> strategy, String reason) {
        return emitsNoWatermarks(strategy) ? Optional.empty() : Optional.of(reason);
    }

    /**
     * Whether a strategy's watermark generator is {@code noWatermarks()}'s. A strategy whose
     * generator cannot be created outside a task counts as producing watermarks.
     */
    private static boolean emitsNoWatermarks(WatermarkStrategy<?> strategy) {
        try {
            return strategy.createWatermarkGenerator(UnregisteredMetricsGroup::new)
                    instanceof NoWatermarksGenerator;
        } catch (RuntimeException e) {
            LOG.debug("Cannot inspect watermark strategy {}", strategy, e);
            return false;
        }
    }
}

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
import java.util.Map;
import java.util.Optional;

/**
 * FLIP-330's decision for one job: whether its records can cross the network without the per-record
 * element tag and timestamp. They can when {@code pipeline.force-timestamp-support} is false, the
 * auto watermark interval is 0, unaligned checkpoints are disabled (their in-flight data is kept in
 * one format), and nothing in the job can produce watermarks: every source built with {@code
 * fromSource} and every timestamp/watermark assigner uses a watermark strategy whose generator is
 * {@code noWatermarks()}'s, there is no legacy {@code SourceFunction} source, which can always emit
 * watermarks, no operator of Flink's libraries that produces watermarks or orders records by their
 * timestamps (the Table planner's watermark and mini-batch assigners and row-time inserter, CEP),
 * no operator of the user's own that reads its records' timestamps itself ({@link
 * RecordTimestampReads}), and no iteration. Otherwise every byte stays Flink's.
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

    /** The package prefix of Flink's own classes, whose operators the decision knows. */
    static final String FLINK_PACKAGE = "org.apache.flink.";

    /**
     * Operators of Flink's libraries, which this module does not depend on, that produce watermarks
     * or need the records' timestamps, by the class of the operator or its factory: what each does.
     */
    private static final Map<String, String> TIMESTAMP_OPERATORS =
            Map.of(
                    "org.apache.flink.table.runtime.operators.wmassigners.WatermarkAssignerOperatorFactory",
                    "assigns a table's watermarks",
                    "org.apache.flink.table.runtime.operators.wmassigners.WatermarkAssignerOperator",
                    "assigns a table's watermarks",
                    "org.apache.flink.table.runtime.operators.wmassigners.ProcTimeMiniBatchAssignerOperator",
                    "emits the watermarks that close mini-batches",
                    "org.apache.flink.table.runtime.operators.wmassigners.RowTimeMiniBatchAssginerOperator",
                    "emits the watermarks that close mini-batches",
                    "org.apache.flink.table.runtime.operators.sink.StreamRecordTimestampInserter",
                    "hands a table's row time to its sink as the records' timestamps",
                    "org.apache.flink.cep.operator.CepOperator",
                    "matches CEP patterns (in event time, by the records' timestamps)");

    private final boolean tagless;
    private final String reason;
    private final List<Integer> userOperators;

    /** Whether the user asked for tagless records, which the job may still not get. */
    private final boolean requested;

    private TimestampSupportDecision(
            boolean tagless, String reason, List<Integer> userOperators, boolean requested) {
        this.tagless = tagless;
        this.reason = reason;
        this.userOperators = userOperators;
        this.requested = requested;
    }

    /** Decides for the job of a stream graph. */
    public static TimestampSupportDecision decide(StreamGraph streamGraph) {
        if (streamGraph.getJobConfiguration().get(PipelineOptions.FORCE_TIMESTAMP_SUPPORT)) {
            return new TimestampSupportDecision(
                    false,
                    PipelineOptions.FORCE_TIMESTAMP_SUPPORT.key() + " is true",
                    Collections.emptyList(),
                    false);
        }
        long interval = streamGraph.getExecutionConfig().getAutoWatermarkInterval();
        if (interval != 0) {
            return refused(
                    PipelineOptions.AUTO_WATERMARK_INTERVAL.key()
                            + " is "
                            + interval
                            + " ms; set it to 0");
        }
        if (streamGraph.getCheckpointConfig().isUnalignedCheckpointsEnabled()) {
            return refused(
                    CheckpointingOptions.ENABLE_UNALIGNED.key()
                            + " is true; records without timestamps need aligned checkpoints");
        }
        if (!streamGraph.getIterationSourceSinkPairs().isEmpty()) {
            return refused(
                    "the job has an iteration (DataStream#iterate), whose head and tail tasks"
                            + " tagless records do not cover");
        }
        for (StreamNode node : streamGraph.getStreamNodes()) {
            Optional<String> reason = watermarkProducer(node).or(() -> timestampReader(node));
            if (reason.isPresent()) {
                return refused(reason.get());
            }
        }
        return new TimestampSupportDecision(
                true,
                PipelineOptions.FORCE_TIMESTAMP_SUPPORT.key()
                        + " is false and nothing in the job produces watermarks",
                userOperators(streamGraph),
                true);
    }

    /** Tagged records for a job whose user asked for tagless ones, and why. */
    private static TimestampSupportDecision refused(String reason) {
        return new TimestampSupportDecision(false, reason, Collections.emptyList(), true);
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
     * Records the decision in the job graph's configuration and logs it: as a warning when the user
     * asked for tagless records and the job cannot have them.
     */
    public void applyTo(JobGraph jobGraph) {
        jobGraph.getJobConfiguration().set(TAGLESS_RECORDS, tagless);
        if (!userOperators.isEmpty()) {
            jobGraph.getJobConfiguration().set(USER_OPERATORS, userOperators);
        }
        if (requested && !tagless) {
            LOG.warn(
                    "FLIP-330 decision for job '{}' ({}): tagged records, although {} is false,"
                            + " because {}.",
                    jobGraph.getName(),
                    jobGraph.getJobID(),
                    PipelineOptions.FORCE_TIMESTAMP_SUPPORT.key(),
                    reason);
            return;
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
            if (!operatorClassName(node).startsWith(FLINK_PACKAGE)) {
                nodes.add(node.getId());
            }
        }
        Collections.sort(nodes);
        return Collections.unmodifiableList(nodes);
    }

    /**
     * The class of a node's operator, or of its factory when the factory makes the operator in the
     * task; the nodes of an iteration's head and tail have neither and answer their task's class.
     */
    private static String operatorClassName(StreamNode node) {
        StreamOperatorFactory<?> factory = node.getOperatorFactory();
        if (factory instanceof SimpleOperatorFactory) {
            return ((SimpleOperatorFactory<?>) factory).getOperator().getClass().getName();
        }
        return factory != null ? factory.getClass().getName() : node.getJobVertexClass().getName();
    }

    private static Optional<String> watermarkProducer(StreamNode node) {
        StreamOperatorFactory<?> factory = node.getOperatorFactory();
        String name = "'" + node.getOperatorName() + "'";
        String libraryOperator = TIMESTAMP_OPERATORS.get(operatorClassName(node));
        if (libraryOperator != null) {
            return Optional.of("operator " + name + " " + libraryOperator);
        }
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

    /**
     * Why a user's own operator with inputs needs its records' timestamps: it reads them itself
     * ({@link RecordTimestampReads}), where a record whose timestamp stayed behind at a network
     * edge would read as one without a timestamp; or it comes from a factory of the user's that
     * does not say which operator it makes, which may.
     */
    private static Optional<String> timestampReader(StreamNode node) {
        StreamOperatorFactory<?> factory = node.getOperatorFactory();
        if (node.getInEdges().isEmpty() || factory == null) {
            return Optional.empty();
        }
        String name = "operator '" + node.getOperatorName() + "'";
        Class<?> operatorClass;
        if (factory instanceof SimpleOperatorFactory) {
            operatorClass = ((SimpleOperatorFactory<?>) factory).getOperator().getClass();
        } else if (factory.getClass().getName().startsWith(FLINK_PACKAGE)) {
            return Optional.empty();
        } else {
            try {
                operatorClass = factory.getStreamOperatorClass(factory.getClass().getClassLoader());
            } catch (RuntimeException | LinkageError e) {
                operatorClass = null;
            }
            if (operatorClass == null) {
                return Optional.of(
                        name
                                + " comes from the factory "
                                + factory.getClass().getName()
                                + ", which does not name the operator's class, whose reads of"
                                + " timestamps cannot be checked");
            }
        }
        return RecordTimestampReads.firstRead(operatorClass)
                .map(read -> name + " reads its records' timestamps itself (" + read + ")");
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

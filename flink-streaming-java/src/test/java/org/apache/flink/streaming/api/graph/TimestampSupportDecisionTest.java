/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.graph;

import dev.wirespeed.userjob.TimestampReadingOperator;
import dev.wirespeed.userjob.UserOperator;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.cep.CEP;
import org.apache.flink.cep.pattern.Pattern;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.IterativeStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.functions.source.SourceFunction;
import org.apache.flink.testutils.logging.LoggerAuditingExtension;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.LogEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/** The FLIP-330 decision for each kind of job graph. */
class TimestampSupportDecisionTest {

    private static final String READS_TIMESTAMPS_ITSELF =
            "operator 'reads timestamps' reads its records' timestamps itself ("
                    + TimestampReadingOperator.class.getName()
                    + "#processElement calls StreamRecord#hasTimestamp())";

    @RegisterExtension
    private final LoggerAuditingExtension decisionLog =
            new LoggerAuditingExtension(TimestampSupportDecision.class, org.slf4j.event.Level.INFO);

    @Test
    void keepsTheTaggedFormatByDefault() {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        sink(source(env, WatermarkStrategy.noWatermarks()));

        TimestampSupportDecision decision = decide(env);

        assertThat(decision.isTagless()).isFalse();
        assertThat(decision.getReason()).isEqualTo("pipeline.force-timestamp-support is true");
    }

    @Test
    void needsTheAutoWatermarkIntervalAtZero() {
        StreamExecutionEnvironment env = optedOut(200);
        sink(source(env, WatermarkStrategy.noWatermarks()));

        TimestampSupportDecision decision = decide(env);

        assertThat(decision.isTagless()).isFalse();
        assertThat(decision.getReason())
                .isEqualTo("pipeline.auto-watermark-interval is 200 ms; set it to 0");
    }

    @Test
    void needsAlignedCheckpoints() {
        StreamExecutionEnvironment env = optedOut(0);
        env.enableCheckpointing(1_000);
        env.getCheckpointConfig().enableUnalignedCheckpoints();
        sink(source(env, WatermarkStrategy.noWatermarks()));

        TimestampSupportDecision decision = decide(env);

        assertThat(decision.isTagless()).isFalse();
        assertThat(decision.getReason())
                .isEqualTo(
                        "execution.checkpointing.unaligned.enabled is true; records without"
                                + " timestamps need aligned checkpoints");
    }

    @Test
    void goesTaglessWhenNothingProducesWatermarks() {
        StreamExecutionEnvironment env = optedOut(0);
        DataStream<Long> numbers = source(env, WatermarkStrategy.noWatermarks());
        sink(
                numbers.assignTimestampsAndWatermarks(WatermarkStrategy.noWatermarks())
                        .keyBy(n -> n % 3)
                        .map(n -> n * 2));

        TimestampSupportDecision decision = decide(env);

        assertThat(decision.isTagless()).isTrue();
        assertThat(decision.getReason())
                .isEqualTo(
                        "pipeline.force-timestamp-support is false and nothing in the job"
                                + " produces watermarks");
    }

    @Test
    void staysTaggedForASourceWithAWatermarkStrategy() {
        StreamExecutionEnvironment env = optedOut(0);
        sink(source(env, WatermarkStrategy.forMonotonousTimestamps()));

        assertThat(decide(env).getReason())
                .isEqualTo(
                        "source 'Source: numbers' has a watermark strategy other than noWatermarks()");
    }

    @Test
    void staysTaggedForIdlenessWhichEmitsWatermarkStatus() {
        StreamExecutionEnvironment env = optedOut(0);
        sink(
                source(
                        env,
                        WatermarkStrategy.<Long>noWatermarks()
                                .withIdleness(Duration.ofSeconds(1))));

        assertThat(decide(env).isTagless()).isFalse();
    }

    @Test
    void staysTaggedForAWatermarkAssigner() {
        StreamExecutionEnvironment env = optedOut(0);
        sink(
                source(env, WatermarkStrategy.noWatermarks())
                        .assignTimestampsAndWatermarks(
                                WatermarkStrategy.<Long>forBoundedOutOfOrderness(
                                                Duration.ofSeconds(1))
                                        .withTimestampAssigner((n, ts) -> n))
                        .name("assign"));

        assertThat(decide(env).getReason())
                .isEqualTo(
                        "operator 'assign' assigns watermarks with a strategy"
                                + " other than noWatermarks()");
    }

    @Test
    void staysTaggedForALegacySource() {
        StreamExecutionEnvironment env = optedOut(0);
        sink(env.addSource(new OneNumber()).name("legacy"));

        assertThat(decide(env).getReason())
                .startsWith("legacy source 'Source: legacy' is a SourceFunction");
    }

    @Test
    void staysTaggedForAnIteration() {
        StreamExecutionEnvironment env = optedOut(0);
        IterativeStream<Long> loop = source(env, WatermarkStrategy.noWatermarks()).iterate();
        DataStream<Long> halved = loop.map(n -> n / 2);
        loop.closeWith(halved.filter(n -> n > 0));
        sink(halved);

        StreamGraph streamGraph = env.getStreamGraph();

        assertThat(TimestampSupportDecision.decide(streamGraph).getReason())
                .isEqualTo(
                        "the job has an iteration (DataStream#iterate), whose head and tail"
                                + " tasks tagless records do not cover");
        assertThat(streamGraph.getJobGraph().getJobConfiguration())
                .matches(conf -> !conf.get(TimestampSupportDecision.TAGLESS_RECORDS));
    }

    @Test
    void staysTaggedForCep() {
        StreamExecutionEnvironment env = optedOut(0);
        DataStream<Long> numbers = source(env, WatermarkStrategy.noWatermarks());
        sink(
                CEP.pattern(numbers.keyBy(n -> n % 3), Pattern.<Long>begin("any"))
                        .inProcessingTime()
                        .select(match -> match.get("any").get(0))
                        .name("match"));

        assertThat(decide(env).getReason())
                .isEqualTo(
                        "operator 'match' matches CEP patterns (in event time, by the records'"
                                + " timestamps)");
    }

    @Test
    void warnsWhenTheJobCannotHaveWhatTheUserAskedFor() {
        StreamExecutionEnvironment env = optedOut(0);
        sink(source(env, WatermarkStrategy.forMonotonousTimestamps()));

        JobGraph jobGraph = env.getStreamGraph().getJobGraph();

        assertThat(decisionLog.getEvents())
                .singleElement()
                .satisfies(
                        event -> {
                            assertThat(event.getLevel()).isEqualTo(Level.WARN);
                            assertThat(event.getMessage().getFormattedMessage())
                                    .isEqualTo(
                                            "FLIP-330 decision for job '"
                                                    + jobGraph.getName()
                                                    + "' ("
                                                    + jobGraph.getJobID()
                                                    + "): tagged records, although"
                                                    + " pipeline.force-timestamp-support is false,"
                                                    + " because source 'Source: numbers' has a"
                                                    + " watermark strategy other than"
                                                    + " noWatermarks().");
                        });
    }

    @Test
    void logsTheDefaultAndTaglessDecisionsAtInfo() {
        StreamExecutionEnvironment tagged = StreamExecutionEnvironment.getExecutionEnvironment();
        sink(source(tagged, WatermarkStrategy.noWatermarks()));
        tagged.getStreamGraph().getJobGraph();
        StreamExecutionEnvironment tagless = optedOut(0);
        sink(source(tagless, WatermarkStrategy.noWatermarks()));
        tagless.getStreamGraph().getJobGraph();

        assertThat(decisionLog.getEvents())
                .extracting(LogEvent::getLevel)
                .containsExactly(Level.INFO, Level.INFO);
    }

    /**
     * A user's operator that reads its records' timestamps itself would take one left behind at the
     * network edge in front of it for none, where it asks {@code hasTimestamp()} first.
     */
    @Test
    void staysTaggedForAUsersOperatorThatReadsTimestampsItself() {
        assertThat(
                        reasonBehindANetworkEdge(
                                stream ->
                                        stream.transform(
                                                "reads timestamps",
                                                Types.LONG,
                                                TimestampReadingOperator.askingFirst())))
                .isEqualTo(READS_TIMESTAMPS_ITSELF);
    }

    /** The same operator, made by a factory of the user's, which names the operator's class. */
    @Test
    void staysTaggedForAUsersOperatorFromItsOwnFactoryThatReadsTimestampsItself() {
        assertThat(
                        reasonBehindANetworkEdge(
                                stream ->
                                        stream.transform(
                                                "reads timestamps",
                                                Types.LONG,
                                                TimestampReadingOperator
                                                        .askingFirstFromAFactory())))
                .isEqualTo(READS_TIMESTAMPS_ITSELF);
    }

    @Test
    void staysTaggedForAUsersFactoryThatNamesNoOperatorClass() {
        assertThat(
                        reasonBehindANetworkEdge(
                                stream ->
                                        stream.transform(
                                                "unnamed",
                                                Types.LONG,
                                                TimestampReadingOperator
                                                        .fromAFactoryThatNamesNoClass())))
                .startsWith("operator 'unnamed' comes from the factory ")
                .endsWith(
                        ", which does not name the operator's class, whose reads of timestamps"
                                + " cannot be checked");
    }

    @Test
    void goesTaglessWithUsersOperatorsThatDoNotReadTimestamps() {
        StreamExecutionEnvironment env = optedOut(0);
        sink(
                source(env, WatermarkStrategy.noWatermarks())
                        .rebalance()
                        .transform("passes", Types.LONG, UserOperator.passingOn()));

        assertThat(decide(env).isTagless()).isTrue();
    }

    @Test
    void listsTheUsersOwnOperators() {
        StreamExecutionEnvironment env = optedOut(0);
        DataStream<Long> stamped =
                source(env, WatermarkStrategy.noWatermarks())
                        .transform("stamps", Types.LONG, UserOperator.stampingValues());
        sink(stamped.map(n -> n + 1).transform("passes", Types.LONG, UserOperator.passingOn()));

        JobGraph jobGraph = env.getStreamGraph().getJobGraph();

        assertThat(jobGraph.getJobConfiguration().get(TimestampSupportDecision.USER_OPERATORS))
                .containsExactly(stamped.getId(), stamped.getId() + 2);
    }

    @Test
    void travelsInTheJobConfiguration() {
        StreamExecutionEnvironment env = optedOut(0);
        sink(source(env, WatermarkStrategy.noWatermarks()));

        JobGraph jobGraph = env.getStreamGraph().getJobGraph();

        assertThat(jobGraph.getJobConfiguration().get(TimestampSupportDecision.TAGLESS_RECORDS))
                .isTrue();
        StreamExecutionEnvironment tagged = StreamExecutionEnvironment.getExecutionEnvironment();
        sink(source(tagged, WatermarkStrategy.noWatermarks()));
        assertThat(
                        tagged.getStreamGraph()
                                .getJobGraph()
                                .getJobConfiguration()
                                .get(TimestampSupportDecision.TAGLESS_RECORDS))
                .isFalse();
    }

    private static StreamExecutionEnvironment optedOut(long autoWatermarkInterval) {
        Configuration conf = new Configuration();
        conf.set(PipelineOptions.FORCE_TIMESTAMP_SUPPORT, false);
        conf.set(PipelineOptions.AUTO_WATERMARK_INTERVAL, Duration.ofMillis(autoWatermarkInterval));
        return StreamExecutionEnvironment.getExecutionEnvironment(conf);
    }

    private static DataStream<Long> source(
            StreamExecutionEnvironment env, WatermarkStrategy<Long> strategy) {
        DataGeneratorSource<Long> numbers =
                new DataGeneratorSource<>(
                        index -> index, 10, RateLimiterStrategy.noOp(), Types.LONG);
        return env.fromSource(numbers, strategy, "numbers");
    }

    private static void sink(DataStream<Long> stream) {
        stream.sinkTo(new DiscardingSink<>());
    }

    /**
     * The decision's reason for a job of the operator behind a network edge, without watermarks.
     */
    private static String reasonBehindANetworkEdge(
            Function<DataStream<Long>, DataStream<Long>> operator) {
        StreamExecutionEnvironment env = optedOut(0);
        sink(operator.apply(source(env, WatermarkStrategy.noWatermarks()).rebalance()));
        return decide(env).getReason();
    }

    private static TimestampSupportDecision decide(StreamExecutionEnvironment env) {
        return TimestampSupportDecision.decide(env.getStreamGraph());
    }

    /** A legacy source of one number. */
    private static final class OneNumber implements SourceFunction<Long> {
        @Override
        public void run(SourceContext<Long> ctx) {
            ctx.collect(1L);
        }

        @Override
        public void cancel() {}
    }
}

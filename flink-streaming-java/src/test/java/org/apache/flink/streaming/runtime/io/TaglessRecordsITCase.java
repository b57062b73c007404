/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.io;

import dev.wirespeed.userjob.TimestampReadingOperator;
import dev.wirespeed.userjob.TimestampsSink;
import dev.wirespeed.userjob.UserOperator;

import org.apache.flink.api.common.BatchShuffleMode;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.eventtime.TimestampAssigner;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.MetricOptions;
import org.apache.flink.configuration.NettyShuffleEnvironmentOptions;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Histogram;
import org.apache.flink.metrics.Metric;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.streaming.api.datastream.AsyncDataStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.datastream.WindowedStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.streaming.api.functions.async.AsyncFunction;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction;
import org.apache.flink.streaming.api.functions.co.CoMapFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.functions.source.SourceFunction;
import org.apache.flink.streaming.api.graph.TimestampSupportDecision;
import org.apache.flink.streaming.api.operators.AbstractInput;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.AbstractStreamOperatorFactory;
import org.apache.flink.streaming.api.operators.AbstractStreamOperatorV2;
import org.apache.flink.streaming.api.operators.Input;
import org.apache.flink.streaming.api.operators.MultipleInputStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.operators.StreamOperator;
import org.apache.flink.streaming.api.operators.StreamOperatorParameters;
import org.apache.flink.streaming.api.transformations.MultipleInputTransformation;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.api.windowing.assigners.EventTimeSessionWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import org.apache.flink.streaming.api.windowing.evictors.CountEvictor;
import org.apache.flink.streaming.api.windowing.evictors.TimeEvictor;
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger;
import org.apache.flink.streaming.api.windowing.triggers.PurgingTrigger;
import org.apache.flink.streaming.api.windowing.triggers.Trigger;
import org.apache.flink.streaming.api.windowing.triggers.TriggerResult;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.util.CloseableIterator;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Runs jobs on a MiniCluster with {@code pipeline.force-timestamp-support} true and false: jobs
 * without watermarks send tagless records when it is false and must produce exactly the output they
 * produce with tagged records; jobs with watermarks stay tagged either way.
 */
class TaglessRecordsITCase {

    private static final long RECORDS = 2_000;

    static Stream<Arguments> jobs() {
        return Stream.of(
                job("map chain without chaining", true, TaglessRecordsITCase::mapChain),
                job("keyBy and reduce", true, TaglessRecordsITCase::keyByReduce),
                job("union", true, TaglessRecordsITCase::union),
                job("connect and co-map", true, TaglessRecordsITCase::connect),
                job("a three-input operator", true, TaglessRecordsITCase::multipleInputs),
                job(
                        "processing-time windows, results sent on",
                        true,
                        TaglessRecordsITCase::processingTimeWindows),
                job(
                        "a user's operator behind the network that reads timestamps itself",
                        false,
                        TaglessRecordsITCase::timestampsReadByAUsersOperator),
                job(
                        "a user's operator from its own factory that reads timestamps itself",
                        false,
                        TaglessRecordsITCase::timestampsReadByAUsersOperatorFromAFactory),
                job(
                        "processing-time windows, timestamps left behind",
                        true,
                        TaglessRecordsITCase::processingTimeWindowsOfTimestampedRecords),
                job(
                        "processing-time windows with a count evictor, timestamps left behind",
                        true,
                        TaglessRecordsITCase::countEvictingWindowsOfTimestampedRecords),
                job("side outputs", true, TaglessRecordsITCase::sideOutputs),
                job("broadcast state", true, TaglessRecordsITCase::broadcastState),
                job("async I/O", true, TaglessRecordsITCase::asyncIo),
                job(
                        "a user's operator that sets no timestamps",
                        true,
                        TaglessRecordsITCase::userOperator),
                job(
                        "event-time timers fired by the end of input",
                        true,
                        TaglessRecordsITCase::timersAtEndOfInput),
                job(
                        "timestamps read behind a source that attaches none",
                        true,
                        TaglessRecordsITCase::noTimestampsReadBehindTheNetwork),
                job(
                        "timestamps read behind a user's operator that erases them",
                        true,
                        TaglessRecordsITCase::erasedTimestampsReadBehindTheNetwork),
                job(
                        "timestamps dropped on purpose by an assigner, read behind the network",
                        true,
                        TaglessRecordsITCase::timestampsDroppedOnPurpose),
                job("a real watermark strategy", false, TaglessRecordsITCase::eventTimeWindows),
                job("a legacy source", false, TaglessRecordsITCase::legacySource));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("jobs")
    void producesTheOutputOfTaggedRecords(
            String name,
            boolean taglessWhenAllowed,
            Function<StreamExecutionEnvironment, DataStream<String>> job)
            throws Exception {
        List<String> tagged = run(true, false, job);
        List<String> tagless = run(false, taglessWhenAllowed, job);

        assertThat(tagless).isNotEmpty().isEqualTo(tagged);
    }

    /** FLIP-330 forbids watermarks in a tagless job; an operator that emits one fails the job. */
    @Test
    void failsAnOperatorThatEmitsAWatermark() {
        StreamExecutionEnvironment env =
                StreamExecutionEnvironment.getExecutionEnvironment(configuration(false));
        env.setParallelism(1);
        env.fromSequence(1, RECORDS)
                .transform("emits a watermark", Types.LONG, new EmittingAWatermark())
                .rebalance()
                .sinkTo(new DiscardingSink<>());

        assertThatThrownBy(env::execute)
                .satisfies(TaglessRecordsITCase::failedOnceWithoutRestarts)
                .rootCause()
                .hasMessageContaining("emitted Watermark @ 5")
                .hasMessageContaining("Set pipeline.force-timestamp-support to true");
    }

    static Stream<Arguments> timestampReaders() {
        return Stream.of(
                Arguments.of(
                        "a ProcessFunction behind a map",
                        (Function<StreamExecutionEnvironment, DataStream<String>>)
                                TaglessRecordsITCase::timestampsReadBehindAMap),
                Arguments.of(
                        "a ProcessFunction behind a timestamp assigner without watermarks",
                        (Function<StreamExecutionEnvironment, DataStream<String>>)
                                TaglessRecordsITCase::timestampsReadBehindAnAssigner),
                Arguments.of(
                        "event-time session windows",
                        (Function<StreamExecutionEnvironment, DataStream<String>>)
                                TaglessRecordsITCase::eventTimeSessionWindows),
                Arguments.of(
                        "processing-time windows with a time evictor",
                        (Function<StreamExecutionEnvironment, DataStream<String>>)
                                TaglessRecordsITCase::timeEvictingWindows),
                Arguments.of(
                        "processing-time windows with a user's trigger",
                        (Function<StreamExecutionEnvironment, DataStream<String>>)
                                TaglessRecordsITCase::windowsWithAUsersTrigger),
                Arguments.of(
                        "a ProcessFunction's side output, read chained",
                        (Function<StreamExecutionEnvironment, DataStream<String>>)
                                TaglessRecordsITCase::timestampsReadFromASideOutput),
                Arguments.of(
                        "a KeyedProcessFunction's side output, read behind the network",
                        (Function<StreamExecutionEnvironment, DataStream<String>>)
                                TaglessRecordsITCase::timestampsReadBehindAKeyedSideOutput),
                Arguments.of(
                        "a BroadcastProcessFunction's side output",
                        (Function<StreamExecutionEnvironment, DataStream<String>>)
                                TaglessRecordsITCase::timestampsReadFromABroadcastSideOutput),
                Arguments.of(
                        "a KeyedProcessFunction behind a batch job's sort",
                        (Function<StreamExecutionEnvironment, DataStream<String>>)
                                TaglessRecordsITCase::timestampsReadBehindABatchSort));
    }

    /**
     * FLIP-330: a record's timestamp does not cross the network in a tagless job; a function that
     * reads it there fails the job, where the job with tagged records reads the timestamps that the
     * job assigned.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("timestampReaders")
    void failsAFunctionThatReadsATimestampLeftOnTheNetwork(
            String name, Function<StreamExecutionEnvironment, DataStream<String>> job)
            throws Exception {
        assertThat(run(true, false, job)).isNotEmpty().allMatch(line -> !line.contains("null"));

        assertThatThrownBy(() -> run(false, true, job))
                .satisfies(TaglessRecordsITCase::failedOnceWithoutRestarts)
                .rootCause()
                .hasMessageContaining("crossed the network without it")
                .hasMessageContaining("Set pipeline.force-timestamp-support to true");
    }

    static Stream<Arguments> sinks() {
        return Stream.of(
                Arguments.of(
                        "Sink V2",
                        (Function<DataStream<Long>, Object>)
                                stream -> stream.sinkTo(new TimestampsSink()).name("sink")),
                Arguments.of(
                        "SinkFunction",
                        (Function<DataStream<Long>, Object>)
                                stream -> stream.addSink(TimestampsSink.legacy()).name("sink")));
    }

    /**
     * A sink behind a tagless edge is handed what upstream hands it for records without a real
     * timestamp: the Sink V2 context none for either, the SinkFunction context Flink's "no
     * timestamp" where the source attached it.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("sinks")
    void aSinkIsHandedWhatUpstreamHandsItForRecordsWithoutTimestamps(
            String name, Function<DataStream<Long>, Object> sink) throws Exception {
        Function<StreamExecutionEnvironment, DataStream<Long>> noTimestamps =
                env -> env.fromSequence(1, RECORDS);
        Function<StreamExecutionEnvironment, DataStream<Long>> erased =
                env ->
                        env.fromSequence(1, RECORDS)
                                .transform("erases", Types.LONG, UserOperator.erasingTimestamps());

        for (Function<StreamExecutionEnvironment, DataStream<Long>> source :
                List.of(noTimestamps, erased)) {
            List<Long> tagged = sinkTimestamps(true, source, sink);
            List<Long> tagless = sinkTimestamps(false, source, sink);

            assertThat(tagless).hasSize((int) RECORDS).isEqualTo(tagged);
        }
    }

    /**
     * A sink that reads a timestamp left behind at the network edge fails the job once, naming the
     * option, where upstream would hand it the timestamp; with the option true it gets them.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("sinks")
    void aSinkThatReadsATimestampLeftBehindFailsTheJob(
            String name, Function<DataStream<Long>, Object> sink) throws Exception {
        List<Long> expected = new ArrayList<>();
        for (long value = 1; value <= RECORDS; value++) {
            expected.add(value);
        }
        assertThat(sinkTimestamps(true, TaglessRecordsITCase::timestampedNumbers, sink))
                .containsExactlyInAnyOrderElementsOf(expected);

        assertThatThrownBy(
                        () -> sinkTimestamps(false, TaglessRecordsITCase::timestampedNumbers, sink))
                .satisfies(TaglessRecordsITCase::failedOnceWithoutRestarts)
                .rootCause()
                .isInstanceOf(TaglessRecordsException.class)
                .hasMessageMatching(
                        "Operator '(Sink: sink|sink: Writer)' read the timestamp of a record that"
                                + " crossed the network without it: .*")
                .hasMessageContaining("Set pipeline.force-timestamp-support to true");
    }

    private static List<Long> sinkTimestamps(
            boolean forceTimestampSupport,
            Function<StreamExecutionEnvironment, DataStream<Long>> source,
            Function<DataStream<Long>, Object> sink)
            throws Exception {
        StreamExecutionEnvironment env =
                StreamExecutionEnvironment.getExecutionEnvironment(
                        configuration(forceTimestampSupport));
        env.setParallelism(2);
        sink.apply(source.apply(env).rebalance());
        assertThat(TimestampSupportDecision.decide(env.getStreamGraph(false)).isTagless())
                .isEqualTo(!forceTimestampSupport);
        TimestampsSink.clear();

        env.execute();

        return TimestampsSink.timestamps();
    }

    /**
     * A failure that only the tagless mode causes is not retried, although the job's restart
     * strategy would retry any other.
     */
    private static void failedOnceWithoutRestarts(Throwable failure) {
        assertThat(failure).hasStackTraceContaining("The failure is not recoverable");
    }

    /** A user's operator that gives records timestamps would lose them on the network: it fails. */
    @Test
    void failsAUserOperatorThatSendsTimestampsOverTheNetwork() throws Exception {
        Function<StreamExecutionEnvironment, DataStream<String>> job =
                env ->
                        env.fromSequence(1, RECORDS)
                                .transform("stamps", Types.LONG, UserOperator.stampingValues())
                                .rebalance()
                                .map(String::valueOf);

        assertThat(run(true, false, job)).hasSize((int) RECORDS);
        assertThatThrownBy(() -> run(false, true, job))
                .satisfies(TaglessRecordsITCase::failedOnceWithoutRestarts)
                .rootCause()
                .hasMessageContaining("Operator 'stamps' emitted a record with timestamp")
                .hasMessageContaining("Set pipeline.force-timestamp-support to true");
    }

    static Stream<Arguments> batchShuffles() {
        Configuration boundedBlocking = shuffle(BatchShuffleMode.ALL_EXCHANGES_BLOCKING);
        boundedBlocking.set(
                NettyShuffleEnvironmentOptions.NETWORK_SORT_SHUFFLE_MIN_PARALLELISM,
                Integer.MAX_VALUE);
        Configuration legacyHybrid = shuffle(BatchShuffleMode.ALL_EXCHANGES_HYBRID_FULL);
        legacyHybrid.set(
                NettyShuffleEnvironmentOptions.NETWORK_HYBRID_SHUFFLE_ENABLE_NEW_MODE, false);
        return Stream.of(
                Arguments.of(
                        "blocking, sort-merge", shuffle(BatchShuffleMode.ALL_EXCHANGES_BLOCKING)),
                Arguments.of("blocking, bounded", boundedBlocking),
                Arguments.of("hybrid, tiered", shuffle(BatchShuffleMode.ALL_EXCHANGES_HYBRID_FULL)),
                Arguments.of(
                        "hybrid selective, tiered",
                        shuffle(BatchShuffleMode.ALL_EXCHANGES_HYBRID_SELECTIVE)),
                Arguments.of("hybrid, legacy", legacyHybrid));
    }

    /**
     * Batch jobs on every kind of result partition. The parallelism is left to the adaptive batch
     * scheduler, so that consumers are not known when records are written: the end of input's
     * watermark then goes to each subpartition on its own.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("batchShuffles")
    void batchJobsOnEveryShuffle(String name, Configuration shuffle) throws Exception {
        List<String> tagged = runBatch(true, shuffle);
        List<String> tagless = runBatch(false, shuffle);

        assertThat(tagless).hasSize(7).isEqualTo(tagged);
    }

    private static List<String> runBatch(boolean forceTimestampSupport, Configuration shuffle)
            throws Exception {
        Configuration conf = configuration(forceTimestampSupport);
        conf.addAll(shuffle);
        conf.set(ExecutionOptions.RUNTIME_MODE, RuntimeExecutionMode.BATCH);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        DataStream<String> sums =
                env.fromSequence(1, RECORDS)
                        .map(x -> x * 2)
                        .keyBy(x -> x % 7)
                        .reduce(Long::sum)
                        .map(sum -> "sum " + sum);
        assertThat(TimestampSupportDecision.decide(env.getStreamGraph(false)).isTagless())
                .isEqualTo(!forceTimestampSupport);

        List<String> results = new ArrayList<>();
        try (CloseableIterator<String> iterator = sums.executeAndCollect()) {
            iterator.forEachRemaining(results::add);
        }
        Collections.sort(results);
        return results;
    }

    private static Configuration shuffle(BatchShuffleMode mode) {
        Configuration conf = new Configuration();
        conf.set(ExecutionOptions.BATCH_SHUFFLE_MODE, mode);
        return conf;
    }

    /**
     * A tagless {@code Long} record from a source without timestamps is 13 bytes shorter: no tag,
     * no timestamp, and no length, which a value of a fixed length does not need. The end of
     * input's watermark travels as an event, which numBytesOut does not count.
     */
    @Test
    void sendsOnlyTheValuesBytesOfRecordsOfAFixedLength() throws Exception {
        long tagged = sourceBytesOut(true);
        long tagless = sourceBytesOut(false);

        long endOfInputWatermark = 4 + 1 + 8; // length, tag, timestamp
        assertThat(tagged - tagless).isEqualTo((4 + 1 + 8) * RECORDS + endOfInputWatermark);
        assertThat(tagless).isEqualTo(8 * RECORDS);
    }

    @ParameterizedTest(name = "force-timestamp-support {0}")
    @MethodSource("bothSettings")
    void latencyMarkersReachTheOperators(boolean forceTimestampSupport) throws Exception {
        InMemoryReporter reporter = InMemoryReporter.createWithRetainedMetrics();
        Configuration conf = configuration(forceTimestampSupport);
        conf.set(MetricOptions.LATENCY_INTERVAL, Duration.ofMillis(5));
        reporter.addToConfiguration(conf);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        env.fromSequence(1, 200)
                .map(TaglessRecordsITCase::slowly)
                .rebalance()
                .map(x -> x + 1)
                .sinkTo(new DiscardingSink<>());

        JobExecutionResult result = env.execute();

        Map<String, Metric> latencies = reporter.findMetrics(result.getJobID(), "latency");
        assertThat(latencies).isNotEmpty();
        assertThat(latencies.values())
                .anySatisfy(h -> assertThat(((Histogram) h).getCount()).isPositive());
    }

    /** Every task of a job shows its record format as a metric: 1 for tagless records. */
    @ParameterizedTest(name = "force-timestamp-support {0}")
    @MethodSource("bothSettings")
    void eachTaskShowsItsRecordFormatAsAMetric(boolean forceTimestampSupport) throws Exception {
        InMemoryReporter reporter = InMemoryReporter.createWithRetainedMetrics();
        Configuration conf = configuration(forceTimestampSupport);
        reporter.addToConfiguration(conf);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        env.fromSequence(1, 200).rebalance().map(x -> x + 1).sinkTo(new DiscardingSink<>());

        JobExecutionResult result = env.execute();

        Map<String, Metric> formats =
                reporter.findMetrics(result.getJobID(), TaglessNetwork.METRIC_NAME);
        assertThat(formats).hasSize(4);
        assertThat(formats.values())
                .allSatisfy(
                        gauge ->
                                assertThat(((Gauge<?>) gauge).getValue())
                                        .isEqualTo(forceTimestampSupport ? 0 : 1));
    }

    static Stream<Boolean> bothSettings() {
        return Stream.of(true, false);
    }

    private static long sourceBytesOut(boolean forceTimestampSupport) throws Exception {
        InMemoryReporter reporter = InMemoryReporter.createWithRetainedMetrics();
        Configuration conf = reporter.addToConfiguration(configuration(forceTimestampSupport));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(1);
        env.fromSequence(1, RECORDS).rebalance().map(x -> x).sinkTo(new DiscardingSink<>());

        JobExecutionResult result = env.execute();

        List<Metric> bytesOut = new ArrayList<>();
        reporter.getMetricsByGroup()
                .forEach(
                        (group, metrics) -> {
                            Map<String, String> variables = group.getAllVariables();
                            boolean sourceTask =
                                    result.getJobID().toString().equals(variables.get("<job_id>"))
                                            && !variables.containsKey("<operator_id>")
                                            && String.valueOf(variables.get("<task_name>"))
                                                    .startsWith("Source");
                            if (sourceTask && metrics.containsKey("numBytesOut")) {
                                bytesOut.add(metrics.get("numBytesOut"));
                            }
                        });
        assertThat(bytesOut).hasSize(1);
        return ((Counter) bytesOut.get(0)).getCount();
    }

    private static List<String> run(
            boolean forceTimestampSupport,
            boolean expectTagless,
            Function<StreamExecutionEnvironment, DataStream<String>> job)
            throws Exception {
        StreamExecutionEnvironment env =
                StreamExecutionEnvironment.getExecutionEnvironment(
                        configuration(forceTimestampSupport));
        env.setParallelism(2);
        DataStream<String> output = job.apply(env);
        assertThat(TimestampSupportDecision.decide(env.getStreamGraph(false)).isTagless())
                .isEqualTo(expectTagless);

        List<String> results = new ArrayList<>();
        try (CloseableIterator<String> iterator = output.executeAndCollect()) {
            iterator.forEachRemaining(results::add);
        }
        Collections.sort(results);
        return results;
    }

    private static Configuration configuration(boolean forceTimestampSupport) {
        Configuration conf = new Configuration();
        conf.set(PipelineOptions.FORCE_TIMESTAMP_SUPPORT, forceTimestampSupport);
        conf.set(PipelineOptions.AUTO_WATERMARK_INTERVAL, Duration.ZERO);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 2);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ZERO);
        return conf;
    }

    private static Arguments job(
            String name,
            boolean taglessWhenAllowed,
            Function<StreamExecutionEnvironment, DataStream<String>> job) {
        return Arguments.of(name, taglessWhenAllowed, job);
    }

    private static DataStream<String> numbers(StreamExecutionEnvironment env) {
        return env.fromSequence(1, RECORDS).map(String::valueOf);
    }

    private static DataStream<String> mapChain(StreamExecutionEnvironment env) {
        return env.fromSequence(1, RECORDS)
                .map(x -> x * 3)
                .disableChaining()
                .filter(x -> x % 2 == 0)
                .disableChaining()
                .map(x -> "even " + x)
                .disableChaining();
    }

    private static DataStream<String> keyByReduce(StreamExecutionEnvironment env) {
        // one source subtask, so that each key's records, and its running sums, keep their order
        return env.fromSequence(1, RECORDS)
                .setParallelism(1)
                .keyBy(x -> x % 7)
                .reduce(Long::sum)
                .map(sum -> "sum " + sum);
    }

    private static DataStream<String> union(StreamExecutionEnvironment env) {
        return numbers(env)
                .union(numbers(env).map(s -> s + "b"), numbers(env).map(s -> s + "c"))
                .rebalance()
                .map(s -> "u" + s);
    }

    private static DataStream<String> connect(StreamExecutionEnvironment env) {
        return env.fromSequence(1, RECORDS)
                .keyBy(x -> x % 5)
                .connect(numbers(env).keyBy(s -> (long) s.length() % 5))
                .map(
                        new CoMapFunction<Long, String, String>() {
                            @Override
                            public String map1(Long value) {
                                return "long " + value;
                            }

                            @Override
                            public String map2(String value) {
                                return "string " + value;
                            }
                        });
    }

    private static DataStream<String> sideOutputs(StreamExecutionEnvironment env) {
        OutputTag<Long> odd = new OutputTag<>("odd", Types.LONG);
        SingleOutputStreamOperator<Long> even =
                env.fromSequence(1, RECORDS)
                        .process(
                                new ProcessFunction<Long, Long>() {
                                    @Override
                                    public void processElement(
                                            Long value, Context ctx, Collector<Long> out) {
                                        if (value % 2 == 0) {
                                            out.collect(value);
                                        } else {
                                            ctx.output(odd, value);
                                        }
                                    }
                                });
        return even.rebalance()
                .map(x -> "even " + x)
                .union(even.getSideOutput(odd).rebalance().process(timestampReader()));
    }

    private static DataStream<String> broadcastState(StreamExecutionEnvironment env) {
        MapStateDescriptor<String, Long> rules =
                new MapStateDescriptor<>("rules", Types.STRING, Types.LONG);
        return env.fromSequence(1, RECORDS)
                .connect(env.fromSequence(1, 10).broadcast(rules))
                .process(
                        new BroadcastProcessFunction<Long, Long, String>() {
                            @Override
                            public void processElement(
                                    Long value, ReadOnlyContext ctx, Collector<String> out) {
                                out.collect("value " + value);
                            }

                            @Override
                            public void processBroadcastElement(
                                    Long value, Context ctx, Collector<String> out)
                                    throws Exception {
                                ctx.getBroadcastState(rules).put("rule" + value, value);
                                out.collect("rule " + value);
                            }
                        });
    }

    private static DataStream<String> asyncIo(StreamExecutionEnvironment env) {
        AsyncFunction<Long, String> lookup =
                new AsyncFunction<Long, String>() {
                    @Override
                    public void asyncInvoke(Long value, ResultFuture<String> result) {
                        CompletableFuture.runAsync(
                                () -> result.complete(Collections.singleton("async " + value)));
                    }
                };
        return AsyncDataStream.orderedWait(
                        env.fromSequence(1, RECORDS).rebalance(), lookup, 10, TimeUnit.SECONDS)
                .rebalance()
                .map(s -> s + "!");
    }

    /** Three network inputs into one operator of a MultipleInputStreamTask. */
    private static DataStream<String> multipleInputs(StreamExecutionEnvironment env) {
        MultipleInputTransformation<String> transformation =
                new MultipleInputTransformation<>(
                        "three inputs", new ThreeInputsFactory(), Types.STRING, 2);
        for (int input = 1; input <= 3; input++) {
            String name = "input " + input + " ";
            transformation.addInput(
                    numbers(env).map(s -> name + s).disableChaining().getTransformation());
        }
        env.addOperator(transformation);
        return new DataStream<>(env, transformation);
    }

    /**
     * Sums fired by count in long processing-time windows, whose results carry the window's end as
     * timestamp and cross the network on.
     */
    private static DataStream<String> processingTimeWindows(StreamExecutionEnvironment env) {
        // one source subtask, so that each key's records, and what each firing sums, keep their
        // order
        return env.fromSequence(1, RECORDS)
                .setParallelism(1)
                .keyBy(x -> x % 4)
                .window(TumblingProcessingTimeWindows.of(Duration.ofDays(1000)))
                .trigger(PurgingTrigger.of(CountTrigger.of(100)))
                .reduce(Long::sum)
                .rebalance()
                .map(sum -> "window sum " + sum);
    }

    /**
     * Processing-time windows far longer than the job, keyed by the numbers' remainder of 4, of
     * numbers with real timestamps from one source subtask, so that each key's records, and what
     * each firing sums, keep their order.
     */
    private static WindowedStream<Long, Long, TimeWindow> dayWindowsOfTimestampedRecords(
            StreamExecutionEnvironment env) {
        return env.fromSequence(1, RECORDS)
                .setParallelism(1)
                .assignTimestampsAndWatermarks(
                        WatermarkStrategy.<Long>noWatermarks()
                                .withTimestampAssigner((value, previous) -> value))
                .setParallelism(1)
                .keyBy(x -> x % 4)
                .window(TumblingProcessingTimeWindows.of(Duration.ofDays(1000)));
    }

    /**
     * Sums fired by count in long processing-time windows of records whose timestamps stay behind
     * at the network edge in front of the window, whose assigner and trigger ignore them.
     */
    private static DataStream<String> processingTimeWindowsOfTimestampedRecords(
            StreamExecutionEnvironment env) {
        return dayWindowsOfTimestampedRecords(env)
                .trigger(PurgingTrigger.of(CountTrigger.of(100)))
                .reduce(Long::sum)
                .map(sum -> "window sum " + sum);
    }

    /**
     * Count-evicted sums in long processing-time windows of records whose timestamps stay behind at
     * the network edge in front of the window, which never reads them.
     */
    private static DataStream<String> countEvictingWindowsOfTimestampedRecords(
            StreamExecutionEnvironment env) {
        return dayWindowsOfTimestampedRecords(env)
                .trigger(CountTrigger.of(100))
                .evictor(CountEvictor.of(10))
                .reduce(Long::sum)
                .rebalance()
                .map(sum -> "last ten sum " + sum);
    }

    /** A time evictor keeps the records of the newest timestamps: it reads every timestamp. */
    private static DataStream<String> timeEvictingWindows(StreamExecutionEnvironment env) {
        return timestampedNumbers(env)
                .keyBy(x -> x % 4)
                .window(TumblingProcessingTimeWindows.of(Duration.ofDays(1000)))
                .trigger(PurgingTrigger.of(CountTrigger.of(100)))
                .evictor(TimeEvictor.of(Duration.ofMillis(50)))
                .reduce(Long::sum)
                .map(sum -> "newest sum " + sum);
    }

    /** A user's trigger is handed each record's timestamp, and may read it. */
    private static DataStream<String> windowsWithAUsersTrigger(StreamExecutionEnvironment env) {
        return timestampedNumbers(env)
                .keyBy(x -> x % 4)
                .window(TumblingProcessingTimeWindows.of(Duration.ofDays(1000)))
                .trigger(new FiringOnEvenTimestamps())
                .reduce(Long::sum)
                .map(sum -> "sum " + sum);
    }

    /** Fires and purges its window at every record of an even timestamp. */
    private static final class FiringOnEvenTimestamps extends Trigger<Object, TimeWindow> {

        @Override
        public TriggerResult onElement(
                Object element, long timestamp, TimeWindow window, TriggerContext ctx) {
            return timestamp % 2 == 0 ? TriggerResult.FIRE_AND_PURGE : TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onProcessingTime(long time, TimeWindow window, TriggerContext ctx) {
            return TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onEventTime(long time, TimeWindow window, TriggerContext ctx) {
            return TriggerResult.CONTINUE;
        }

        @Override
        public void clear(TimeWindow window, TriggerContext ctx) {}
    }

    /** A user's operator that passes records on, behind a network edge and in front of one. */
    private static DataStream<String> userOperator(StreamExecutionEnvironment env) {
        return env.fromSequence(1, RECORDS)
                .transform("passes", Types.LONG, UserOperator.passingOn())
                .rebalance()
                .transform("passes again", Types.LONG, UserOperator.passingOn())
                .rebalance()
                .map(x -> "passed " + x);
    }

    /** Numbers with their value as timestamp, assigned without watermarks. */
    private static DataStream<Long> timestampedNumbers(StreamExecutionEnvironment env) {
        return env.fromSequence(1, RECORDS)
                .assignTimestampsAndWatermarks(
                        WatermarkStrategy.<Long>noWatermarks()
                                .withTimestampAssigner((value, previous) -> value));
    }

    /** A function behind a network edge and a map reads each record's timestamp. */
    private static DataStream<String> timestampsReadBehindAMap(StreamExecutionEnvironment env) {
        return timestampedNumbers(env).rebalance().map(x -> x * 2).process(timestampReader());
    }

    /** A user's operator behind a network edge reads each record's timestamp itself. */
    private static DataStream<String> timestampsReadByAUsersOperator(
            StreamExecutionEnvironment env) {
        return timestampedNumbers(env)
                .rebalance()
                .transform("reads timestamps", Types.LONG, TimestampReadingOperator.askingFirst())
                .map(timestamp -> "timestamp " + timestamp);
    }

    /** The same, with the operator made by a factory of the user's. */
    private static DataStream<String> timestampsReadByAUsersOperatorFromAFactory(
            StreamExecutionEnvironment env) {
        return timestampedNumbers(env)
                .rebalance()
                .transform(
                        "reads timestamps",
                        Types.LONG,
                        TimestampReadingOperator.askingFirstFromAFactory())
                .map(timestamp -> "timestamp " + timestamp);
    }

    /**
     * Behind a network edge, a strategy without watermarks whose assigner passes each record's
     * timestamp on; a function reads them.
     */
    private static DataStream<String> timestampsReadBehindAnAssigner(
            StreamExecutionEnvironment env) {
        return timestampedNumbers(env)
                .rebalance()
                .assignTimestampsAndWatermarks(WatermarkStrategy.noWatermarks())
                .process(timestampReader());
    }

    /** A function behind a network edge reads the "no timestamp" that the source attached. */
    private static DataStream<String> noTimestampsReadBehindTheNetwork(
            StreamExecutionEnvironment env) {
        return env.fromSequence(1, RECORDS).rebalance().process(timestampReader());
    }

    /** A function behind a network edge reads records whose timestamps a user's operator erased. */
    private static DataStream<String> erasedTimestampsReadBehindTheNetwork(
            StreamExecutionEnvironment env) {
        return env.fromSequence(1, RECORDS)
                .transform("erases", Types.LONG, UserOperator.erasingTimestamps())
                .rebalance()
                .process(timestampReader());
    }

    /**
     * Timestamps assigned and then dropped on purpose, by an assigner that returns "no timestamp":
     * a function behind the network reads what upstream reads.
     */
    private static DataStream<String> timestampsDroppedOnPurpose(StreamExecutionEnvironment env) {
        return timestampedNumbers(env)
                .assignTimestampsAndWatermarks(
                        WatermarkStrategy.<Long>noWatermarks()
                                .withTimestampAssigner(
                                        (value, previous) -> TimestampAssigner.NO_TIMESTAMP))
                .rebalance()
                .map(x -> x + 1)
                .rebalance()
                .process(timestampReader());
    }

    /** The side output that the functions below send every record to. */
    private static final OutputTag<Long> SIDE = new OutputTag<>("side", Types.LONG);

    /**
     * Behind a network edge, a function sends every record to its side output, where a chained
     * function reads their timestamps.
     */
    private static DataStream<String> timestampsReadFromASideOutput(
            StreamExecutionEnvironment env) {
        return timestampedNumbers(env)
                .rebalance()
                .process(
                        new ProcessFunction<Long, Long>() {
                            @Override
                            public void processElement(
                                    Long value, Context ctx, Collector<Long> out) {
                                ctx.output(SIDE, value);
                            }
                        })
                .getSideOutput(SIDE)
                .process(timestampReader());
    }

    /**
     * Behind keyBy, a keyed function sends every record to its side output, whose records cross the
     * network once more to a function that reads their timestamps.
     */
    private static DataStream<String> timestampsReadBehindAKeyedSideOutput(
            StreamExecutionEnvironment env) {
        return timestampedNumbers(env)
                .keyBy(x -> x % 7)
                .process(
                        new KeyedProcessFunction<Long, Long, Long>() {
                            @Override
                            public void processElement(
                                    Long value, Context ctx, Collector<Long> out) {
                                ctx.output(SIDE, value);
                            }
                        })
                .getSideOutput(SIDE)
                .rebalance()
                .process(timestampReader());
    }

    /**
     * Behind a network edge, a broadcast function sends every record of its other input to its side
     * output, where a chained function reads their timestamps.
     */
    private static DataStream<String> timestampsReadFromABroadcastSideOutput(
            StreamExecutionEnvironment env) {
        MapStateDescriptor<String, Long> rules =
                new MapStateDescriptor<>("rules", Types.STRING, Types.LONG);
        return timestampedNumbers(env)
                .rebalance()
                .connect(env.fromSequence(1, 3).broadcast(rules))
                .process(
                        new BroadcastProcessFunction<Long, Long, Long>() {
                            @Override
                            public void processElement(
                                    Long value, ReadOnlyContext ctx, Collector<Long> out) {
                                ctx.output(SIDE, value);
                            }

                            @Override
                            public void processBroadcastElement(
                                    Long value, Context ctx, Collector<Long> out) {}
                        })
                .getSideOutput(SIDE)
                .process(timestampReader());
    }

    /** A function that reads each record's timestamp. */
    private static ProcessFunction<Long, String> timestampReader() {
        return new ProcessFunction<Long, String>() {
            @Override
            public void processElement(Long value, Context ctx, Collector<String> out) {
                out.collect(value + " at " + ctx.timestamp());
            }
        };
    }

    /** A batch job's keyed function reads its records, sorted by key, and their timestamps. */
    private static DataStream<String> timestampsReadBehindABatchSort(
            StreamExecutionEnvironment env) {
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        return timestampedNumbers(env)
                .keyBy(x -> x % 5)
                .process(
                        new KeyedProcessFunction<Long, Long, String>() {
                            @Override
                            public void processElement(
                                    Long value, Context ctx, Collector<String> out) {
                                out.collect(value + " at " + ctx.timestamp());
                            }
                        });
    }

    /** Each key's sum in one session, fired by the end of input. */
    private static DataStream<String> eventTimeSessionWindows(StreamExecutionEnvironment env) {
        return timestampedNumbers(env)
                .keyBy(x -> x % 3)
                .window(EventTimeSessionWindows.withGap(Duration.ofSeconds(1)))
                .reduce(Long::sum)
                .map(sum -> "session sum " + sum);
    }

    /** Each key's sum, emitted by an event-time timer that only the end of input fires. */
    private static DataStream<String> timersAtEndOfInput(StreamExecutionEnvironment env) {
        return env.fromSequence(1, RECORDS)
                .keyBy(x -> x % 10)
                .process(
                        new KeyedProcessFunction<Long, Long, String>() {
                            private ValueState<Long> sum;

                            @Override
                            public void open(OpenContext openContext) {
                                sum =
                                        getRuntimeContext()
                                                .getState(
                                                        new ValueStateDescriptor<>(
                                                                "sum", Types.LONG));
                            }

                            @Override
                            public void processElement(
                                    Long value, Context ctx, Collector<String> out)
                                    throws Exception {
                                Long current = sum.value();
                                sum.update(current == null ? value : current + value);
                                ctx.timerService().registerEventTimeTimer(0);
                            }

                            @Override
                            public void onTimer(
                                    long timestamp, OnTimerContext ctx, Collector<String> out)
                                    throws Exception {
                                out.collect("key " + ctx.getCurrentKey() + " sum " + sum.value());
                            }
                        })
                .rebalance()
                .map(s -> s);
    }

    /** Event-time windows need record timestamps: the job stays tagged. */
    private static DataStream<String> eventTimeWindows(StreamExecutionEnvironment env) {
        return env.fromSource(
                        new NumberSequenceSource(1, RECORDS),
                        WatermarkStrategy.<Long>forMonotonousTimestamps()
                                .withTimestampAssigner((x, previous) -> x),
                        "timestamped numbers")
                .keyBy(x -> x % 3)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(100)))
                .reduce(Long::sum)
                .map(sum -> "window sum " + sum);
    }

    @SuppressWarnings("deprecation")
    private static DataStream<String> legacySource(StreamExecutionEnvironment env) {
        return env.addSource(
                        new SourceFunction<Long>() {
                            @Override
                            public void run(SourceContext<Long> ctx) {
                                for (long i = 1; i <= RECORDS; i++) {
                                    ctx.collect(i);
                                }
                            }

                            @Override
                            public void cancel() {}
                        })
                .rebalance()
                .map(x -> "legacy " + x);
    }

    private static long slowly(long value) throws InterruptedException {
        Thread.sleep(2);
        return value;
    }

    /** Emits a watermark of its own: what FLIP-330 forbids in a job without watermarks. */
    private static final class EmittingAWatermark extends AbstractStreamOperator<Long>
            implements OneInputStreamOperator<Long, Long> {
        @Override
        public void processElement(StreamRecord<Long> element) {
            output.emitWatermark(new Watermark(5));
            output.collect(element);
        }
    }

    /** Creates {@link ThreeInputs}. */
    private static final class ThreeInputsFactory extends AbstractStreamOperatorFactory<String> {
        @Override
        @SuppressWarnings("unchecked")
        public <T extends StreamOperator<String>> T createStreamOperator(
                StreamOperatorParameters<String> parameters) {
            return (T) new ThreeInputs(parameters);
        }

        @Override
        public Class<? extends StreamOperator<String>> getStreamOperatorClass(
                ClassLoader classLoader) {
            return ThreeInputs.class;
        }
    }

    /** Forwards what its three inputs receive. */
    private static final class ThreeInputs extends AbstractStreamOperatorV2<String>
            implements MultipleInputStreamOperator<String> {
        ThreeInputs(StreamOperatorParameters<String> parameters) {
            super(parameters, 3);
        }

        @Override
        @SuppressWarnings("rawtypes")
        public List<Input> getInputs() {
            List<Input> inputs = new ArrayList<>();
            for (int id = 1; id <= 3; id++) {
                inputs.add(
                        new AbstractInput<String, String>(this, id) {
                            @Override
                            public void processElement(StreamRecord<String> element) {
                                output.collect(element);
                            }
                        });
            }
            return inputs;
        }
    }
}

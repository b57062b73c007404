/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e.jobs;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.eventtime.TimestampAssigner;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.serialization.SimpleStringEncoder;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource;
import org.apache.flink.cep.CEP;
import org.apache.flink.cep.PatternSelectFunction;
import org.apache.flink.cep.PatternStream;
import org.apache.flink.cep.pattern.Pattern;
import org.apache.flink.cep.pattern.conditions.SimpleCondition;
import org.apache.flink.connector.file.sink.FileSink;
import org.apache.flink.streaming.api.datastream.AsyncDataStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.IterativeStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.streaming.api.functions.async.AsyncFunction;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction;
import org.apache.flink.streaming.api.functions.co.ProcessJoinFunction;
import org.apache.flink.streaming.api.windowing.assigners.EventTimeSessionWindows;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import org.apache.flink.streaming.api.windowing.evictors.TimeEvictor;
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger;
import org.apache.flink.streaming.api.windowing.triggers.PurgingTrigger;
import org.apache.flink.streaming.api.windowing.triggers.Trigger;
import org.apache.flink.streaming.api.windowing.triggers.TriggerResult;
import org.apache.flink.streaming.api.windowing.windows.GlobalWindow;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The jobs of the tagless-records corpus, each named by what it shows: that a job with {@code
 * pipeline.force-timestamp-support} false computes what upstream computes (records without
 * timestamps, or with real timestamps that nothing reads), that a job which reads a real timestamp
 * behind a network edge is refused, or that a job with watermarks, CEP or an iteration keeps
 * upstream's format. Sources run at parallelism 1 and the rest at 2, so that the records of a key
 * arrive in one order and every result is determined.
 */
final class CorpusJobs {

    /** How many numbers each source emits. */
    static final long RECORDS = 1_000;

    private CorpusJobs() {}

    /** Defines a job on an environment, writing its output under a directory. */
    @FunctionalInterface
    interface Definition {
        void define(StreamExecutionEnvironment env, String directory) throws Exception;
    }

    /** A named job of the corpus. */
    static final class Job {
        private final String name;
        private final Definition definition;

        Job(String name, Definition definition) {
            this.name = name;
            this.definition = definition;
        }

        String name() {
            return name;
        }

        void define(StreamExecutionEnvironment env, String directory) throws Exception {
            definition.define(env, directory);
        }
    }

    static List<Job> all() {
        return List.of(
                new Job("map-filter-flatMap-across-the-network", CorpusJobs::mapFilterFlatMap),
                new Job("real-timestamps-carried-and-never-read", CorpusJobs::unreadTimestamps),
                new Job("keyed-function-reads-no-timestamps", CorpusJobs::keyedReaderOfNone),
                new Job("keyed-function-reads-real-timestamps", CorpusJobs::keyedReaderOfReal),
                new Job("timestamps-dropped-on-purpose-then-read", CorpusJobs::droppedOnPurpose),
                new Job(
                        "user-operator-reads-no-timestamps",
                        (env, dir) -> userOperatorReading(numbers(env), dir)),
                new Job(
                        "user-operator-reads-real-timestamps",
                        (env, dir) -> userOperatorReading(stamped(env), dir)),
                new Job("processing-time-windows-count-trigger", CorpusJobs::processingTimeWindows),
                new Job("sliding-count-windows-over-real-timestamps", CorpusJobs::countWindows),
                new Job("time-evictor-over-real-timestamps", CorpusJobs::timeEvictor),
                new Job(
                        "user-trigger-over-no-timestamps",
                        (env, dir) -> userTrigger(numbers(env), dir)),
                new Job(
                        "user-trigger-over-real-timestamps",
                        (env, dir) -> userTrigger(stamped(env), dir)),
                new Job("event-time-windows-with-watermarks", CorpusJobs::eventTimeWindows),
                new Job("session-windows-without-watermarks", CorpusJobs::sessionWindows),
                new Job("interval-join-with-watermarks", (env, dir) -> join(env, dir, true)),
                new Job("interval-join-without-watermarks", (env, dir) -> join(env, dir, false)),
                new Job("broadcast-state", CorpusJobs::broadcastState),
                new Job("side-output-of-no-timestamps-read", CorpusJobs::sideOutputOfNone),
                new Job("side-output-of-real-timestamps-read", CorpusJobs::sideOutputOfReal),
                new Job("async-io-ordered", (env, dir) -> asyncIo(numbers(env), dir, true)),
                new Job(
                        "async-io-unordered-over-real-timestamps",
                        (env, dir) -> asyncIo(stamped(env), dir, false)),
                new Job("iteration", CorpusJobs::iteration),
                new Job("cep-in-event-time", (env, dir) -> cep(watermarked(env), dir, false)),
                new Job("cep-in-processing-time", (env, dir) -> cep(numbers(env), dir, true)),
                new Job(
                        "sink-v2-reads-no-timestamps",
                        (env, dir) -> numbers(env).rebalance().sinkTo(Lines.withTimestamps(dir))),
                new Job(
                        "sink-v2-reads-real-timestamps",
                        (env, dir) -> stamped(env).rebalance().sinkTo(Lines.withTimestamps(dir))),
                new Job(
                        "sink-function-reads-no-timestamps",
                        (env, dir) ->
                                numbers(env).rebalance().addSink(Lines.legacyWithTimestamps(dir))),
                new Job(
                        "sink-function-reads-real-timestamps",
                        (env, dir) ->
                                stamped(env).rebalance().addSink(Lines.legacyWithTimestamps(dir))),
                new Job("file-sink-in-batch-mode", CorpusJobs::fileSink),
                new Job(
                        "keyed-sums-in-batch-mode-over-no-timestamps",
                        (env, dir) -> batchKeyedSums(numbers(env), dir)),
                new Job(
                        "keyed-sums-in-batch-mode-over-real-timestamps",
                        (env, dir) -> batchKeyedSums(stamped(env), dir)),
                new Job("sql-projection", CorpusJobs::sqlProjection),
                new Job("sql-group-aggregation", (env, dir) -> sqlAggregation(env, dir, false)),
                new Job("sql-mini-batch-aggregation", (env, dir) -> sqlAggregation(env, dir, true)),
                new Job("sql-row-time-window-with-watermark", CorpusJobs::sqlRowTimeWindow));
    }

    /** The numbers 1 to {@link #RECORDS}, with the "no timestamp" that sources attach. */
    private static DataStream<Long> numbers(StreamExecutionEnvironment env) {
        return env.fromSequence(1, RECORDS).setParallelism(1);
    }

    /** The numbers with real timestamps, ten times their value, and no watermarks. */
    private static DataStream<Long> stamped(StreamExecutionEnvironment env) {
        return numbers(env)
                .assignTimestampsAndWatermarks(
                        WatermarkStrategy.<Long>noWatermarks()
                                .withTimestampAssigner((value, previous) -> value * 10));
    }

    /** The numbers with timestamps ten times their value and watermarks. */
    private static DataStream<Long> watermarked(StreamExecutionEnvironment env) {
        return env.fromSource(
                        new NumberSequenceSource(1, RECORDS),
                        WatermarkStrategy.<Long>forMonotonousTimestamps()
                                .withTimestampAssigner((value, previous) -> value * 10),
                        "numbers with watermarks")
                .setParallelism(1);
    }

    private static void mapFilterFlatMap(StreamExecutionEnvironment env, String dir) {
        numbers(env)
                .map(x -> x * 3)
                .filter(x -> x % 2 == 0)
                .rebalance()
                .flatMap(
                        (Long x, Collector<String> out) -> {
                            out.collect("a" + x);
                            out.collect("b" + x);
                        })
                .returns(Types.STRING)
                .sinkTo(Lines.of(dir));
    }

    /** Running sums per key, one producer a key so that their order is determined. */
    private static void unreadTimestamps(StreamExecutionEnvironment env, String dir) {
        stamped(env)
                .map(x -> x + 1)
                .setParallelism(1)
                .keyBy(x -> x % 7)
                .reduce(Long::sum)
                .rebalance()
                .map(String::valueOf)
                .sinkTo(Lines.of(dir));
    }

    private static void keyedReaderOfNone(StreamExecutionEnvironment env, String dir) {
        numbers(env).keyBy(x -> x % 7).process(new KeyedTimestampReader()).sinkTo(Lines.of(dir));
    }

    private static void keyedReaderOfReal(StreamExecutionEnvironment env, String dir) {
        stamped(env).keyBy(x -> x % 7).process(new KeyedTimestampReader()).sinkTo(Lines.of(dir));
    }

    private static void droppedOnPurpose(StreamExecutionEnvironment env, String dir) {
        stamped(env)
                .assignTimestampsAndWatermarks(
                        WatermarkStrategy.<Long>noWatermarks()
                                .withTimestampAssigner(
                                        (value, previous) -> TimestampAssigner.NO_TIMESTAMP))
                .rebalance()
                .process(new TimestampReader())
                .sinkTo(Lines.of(dir));
    }

    private static void userOperatorReading(DataStream<Long> input, String dir) {
        input.rebalance()
                .transform("reads timestamps", Types.STRING, new TimestampReadingOperator())
                .sinkTo(Lines.of(dir));
    }

    /** Windows of a day, fired by every tenth record of a key: the job ends long before a day. */
    private static void processingTimeWindows(StreamExecutionEnvironment env, String dir) {
        numbers(env)
                .keyBy(x -> x % 5)
                .window(TumblingProcessingTimeWindows.of(Duration.ofDays(1)))
                .trigger(PurgingTrigger.of(CountTrigger.of(10)))
                .reduce(Long::sum)
                .sinkTo(Lines.of(dir));
    }

    private static void countWindows(StreamExecutionEnvironment env, String dir) {
        stamped(env).keyBy(x -> x % 5).countWindow(10, 5).reduce(Long::sum).sinkTo(Lines.of(dir));
    }

    private static void timeEvictor(StreamExecutionEnvironment env, String dir) {
        stamped(env)
                .keyBy(x -> x % 5)
                .window(GlobalWindows.create())
                .trigger(CountTrigger.of(10))
                .evictor(TimeEvictor.of(Duration.ofMillis(120)))
                .reduce(Long::sum)
                .sinkTo(Lines.of(dir));
    }

    private static void userTrigger(DataStream<Long> input, String dir) {
        input.keyBy(x -> x % 5)
                .window(GlobalWindows.create())
                .trigger(new EveryTenth())
                .reduce(Long::sum)
                .sinkTo(Lines.of(dir));
    }

    private static void eventTimeWindows(StreamExecutionEnvironment env, String dir) {
        watermarked(env)
                .keyBy(x -> x % 5)
                .window(TumblingEventTimeWindows.of(Duration.ofMillis(200)))
                .reduce(Long::sum)
                .sinkTo(Lines.of(dir));
    }

    private static void sessionWindows(StreamExecutionEnvironment env, String dir) {
        stamped(env)
                .keyBy(x -> x % 5)
                .window(EventTimeSessionWindows.withGap(Duration.ofMillis(30)))
                .reduce(Long::sum)
                .sinkTo(Lines.of(dir));
    }

    private static void join(StreamExecutionEnvironment env, String dir, boolean watermarks) {
        DataStream<Long> left = watermarks ? watermarked(env) : stamped(env);
        DataStream<Long> right = (watermarks ? watermarked(env) : stamped(env)).map(x -> x * 2);
        left.keyBy(x -> x % 7)
                .intervalJoin(right.keyBy(x -> x % 7))
                .between(Duration.ofMillis(-30), Duration.ofMillis(30))
                .process(
                        new ProcessJoinFunction<Long, Long, String>() {
                            @Override
                            public void processElement(
                                    Long left, Long right, Context ctx, Collector<String> out) {
                                out.collect(left + "-" + right);
                            }
                        })
                .sinkTo(Lines.of(dir));
    }

    private static void broadcastState(StreamExecutionEnvironment env, String dir) {
        MapStateDescriptor<Long, Long> rules =
                new MapStateDescriptor<>("rules", Types.LONG, Types.LONG);
        numbers(env)
                .connect(env.fromSequence(1, 3).setParallelism(1).broadcast(rules))
                .process(
                        new BroadcastProcessFunction<Long, Long, String>() {
                            @Override
                            public void processElement(
                                    Long value, ReadOnlyContext ctx, Collector<String> out) {
                                out.collect("value " + value);
                            }

                            @Override
                            public void processBroadcastElement(
                                    Long rule, Context ctx, Collector<String> out)
                                    throws Exception {
                                ctx.getBroadcastState(rules).put(rule, rule);
                                out.collect("rule " + rule);
                            }
                        })
                .sinkTo(Lines.of(dir));
    }

    private static final OutputTag<Long> ODD = new OutputTag<>("odd", Types.LONG);

    private static void sideOutputOfNone(StreamExecutionEnvironment env, String dir) {
        SingleOutputStreamOperator<Long> even = numbers(env).rebalance().process(new OddAside());
        even.rebalance()
                .map(x -> "even " + x)
                .union(even.getSideOutput(ODD).rebalance().process(new TimestampReader()))
                .sinkTo(Lines.of(dir));
    }

    private static void sideOutputOfReal(StreamExecutionEnvironment env, String dir) {
        stamped(env)
                .rebalance()
                .process(new OddAside())
                .getSideOutput(ODD)
                .process(new TimestampReader())
                .sinkTo(Lines.of(dir));
    }

    private static void asyncIo(DataStream<Long> input, String dir, boolean ordered) {
        DataStream<Long> spread = input.rebalance();
        AsyncFunction<Long, String> doubling = new Doubling();
        (ordered
                        ? AsyncDataStream.orderedWait(spread, doubling, 1, TimeUnit.MINUTES, 20)
                        : AsyncDataStream.unorderedWait(spread, doubling, 1, TimeUnit.MINUTES, 20))
                .sinkTo(Lines.of(dir));
    }

    /**
     * Each number goes round the loop as many times as its remainder by 5, counted down in its last
     * digit; the loop's head ends five seconds after the last record came back.
     */
    @SuppressWarnings("deprecation")
    private static void iteration(StreamExecutionEnvironment env, String dir) {
        IterativeStream<Long> loop = numbers(env).map(x -> x * 10 + x % 5).iterate(5_000);
        DataStream<Long> counted = loop.map(x -> x % 10 == 0 ? x : x - 1);
        loop.closeWith(counted.filter(x -> x % 10 != 0));
        counted.filter(x -> x % 10 == 0).map(x -> x / 10 + " done").sinkTo(Lines.of(dir));
    }

    private static void cep(DataStream<Long> input, String dir, boolean processingTime) {
        Pattern<Long, ?> pattern =
                Pattern.<Long>begin("first")
                        .where(new Remainder(1))
                        .followedBy("second")
                        .where(new Remainder(2));
        PatternStream<Long> matches = CEP.pattern(input.keyBy(x -> x % 3), pattern);
        (processingTime ? matches.inProcessingTime() : matches)
                .select(
                        new PatternSelectFunction<Long, String>() {
                            @Override
                            public String select(Map<String, List<Long>> match) {
                                return match.get("first") + " then " + match.get("second");
                            }
                        })
                .sinkTo(Lines.of(dir));
    }

    private static void fileSink(StreamExecutionEnvironment env, String dir) {
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        numbers(env)
                .rebalance()
                .map(x -> "line " + x)
                .sinkTo(
                        FileSink.forRowFormat(
                                        new org.apache.flink.core.fs.Path(dir, "files"),
                                        new SimpleStringEncoder<String>())
                                .build());
    }

    /** Each key's sum at the end: a batch job sorts the input of a keyed operator. */
    private static void batchKeyedSums(DataStream<Long> input, String dir) {
        input.getExecutionEnvironment().setRuntimeMode(RuntimeExecutionMode.BATCH);
        input.keyBy(x -> x % 7).reduce(Long::sum).map(String::valueOf).sinkTo(Lines.of(dir));
    }

    private static void sqlProjection(StreamExecutionEnvironment env, String dir) {
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);
        tables.createTemporaryView("numbers", numbers(env));
        Table result =
                tables.sqlQuery(
                        "SELECT f0 * 2 AS doubled, CAST(f0 AS STRING) AS text FROM numbers"
                                + " WHERE MOD(f0, 3) = 0");
        tables.toDataStream(result).map(Object::toString).sinkTo(Lines.of(dir));
    }

    private static void sqlAggregation(
            StreamExecutionEnvironment env, String dir, boolean miniBatch) {
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);
        if (miniBatch) {
            tables.getConfig().set("table.exec.mini-batch.enabled", "true");
            tables.getConfig().set("table.exec.mini-batch.allow-latency", "100 ms");
            tables.getConfig().set("table.exec.mini-batch.size", "50");
        }
        tables.createTemporaryView("numbers", numbers(env));
        Table totals =
                tables.sqlQuery(
                        "SELECT MOD(f0, 7) AS k, COUNT(*) AS c, SUM(f0) AS s FROM numbers"
                                + " GROUP BY MOD(f0, 7)");
        tables.toChangelogStream(totals).sinkTo(Lines.finalRows(dir));
    }

    private static void sqlRowTimeWindow(StreamExecutionEnvironment env, String dir) {
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);
        tables.createTemporaryView(
                "timed",
                numbers(env),
                Schema.newBuilder()
                        .columnByExpression("rt", "TO_TIMESTAMP_LTZ(f0 * 10, 3)")
                        .watermark("rt", "rt - INTERVAL '1' SECOND")
                        .build());
        Table windows =
                tables.sqlQuery(
                        "SELECT window_start, COUNT(*) AS c, SUM(f0) AS s FROM TABLE("
                                + "TUMBLE(TABLE timed, DESCRIPTOR(rt), INTERVAL '1' SECOND))"
                                + " GROUP BY window_start, window_end");
        tables.toDataStream(windows).map(Object::toString).sinkTo(Lines.of(dir));
    }

    /** Emits each value with the timestamp its context hands out. */
    private static final class TimestampReader extends ProcessFunction<Long, String> {
        @Override
        public void processElement(Long value, Context ctx, Collector<String> out) {
            out.collect(value + " at " + ctx.timestamp());
        }
    }

    /** Emits each value with the timestamp its keyed context hands out. */
    private static final class KeyedTimestampReader
            extends KeyedProcessFunction<Long, Long, String> {
        @Override
        public void processElement(Long value, Context ctx, Collector<String> out) {
            out.collect(value + " at " + ctx.timestamp());
        }
    }

    /** Even numbers to the main output, odd ones to the side output {@link #ODD}. */
    private static final class OddAside extends ProcessFunction<Long, Long> {
        @Override
        public void processElement(Long value, Context ctx, Collector<Long> out) {
            if (value % 2 == 0) {
                out.collect(value);
            } else {
                ctx.output(ODD, value);
            }
        }
    }

    /** Completes each number doubled, right away. */
    private static final class Doubling implements AsyncFunction<Long, String> {
        @Override
        public void asyncInvoke(Long input, ResultFuture<String> result) {
            result.complete(List.of("doubled " + input * 2));
        }
    }

    /** Numbers with a given last digit. */
    private static final class Remainder extends SimpleCondition<Long> {
        private final long digit;

        Remainder(long digit) {
            this.digit = digit;
        }

        @Override
        public boolean filter(Long value) {
            return value % 10 == digit;
        }
    }

    /** A user's trigger: fires and purges a window at every tenth element of its key. */
    private static final class EveryTenth extends Trigger<Long, GlobalWindow> {
        private static final long serialVersionUID = 1L;

        private static final ValueStateDescriptor<Integer> SEEN =
                new ValueStateDescriptor<>("seen", Types.INT);

        @Override
        public TriggerResult onElement(
                Long element, long timestamp, GlobalWindow window, TriggerContext ctx)
                throws IOException {
            ValueState<Integer> seen = ctx.getPartitionedState(SEEN);
            int count = seen.value() == null ? 1 : seen.value() + 1;
            seen.update(count % 10);
            return count == 10 ? TriggerResult.FIRE_AND_PURGE : TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onProcessingTime(long time, GlobalWindow window, TriggerContext ctx) {
            return TriggerResult.CONTINUE;
        }

        @Override
        public TriggerResult onEventTime(long time, GlobalWindow window, TriggerContext ctx) {
            return TriggerResult.CONTINUE;
        }

        @Override
        public void clear(GlobalWindow window, TriggerContext ctx) {
            ctx.getPartitionedState(SEEN).clear();
        }
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e.jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.utils.ParameterTool;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.util.Collector;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A job with keyed state of every kind, made to be stopped with a savepoint and resumed, possibly
 * on the other distribution: the numbers 1 to {@code --records}, slowed down by a millisecond every
 * 20 numbers, with their values as event time and watermarks, keyed by their remainder by 97. Per
 * key, a {@code ValueState} of a string, a {@code ListState} of the last five strings, a {@code
 * MapState} of counts, a POJO and a tuple, among them non-ASCII strings and strings of up to 400
 * chars; at the end of the input each key's state becomes one line. Beside it, event-time tumbling
 * windows of 10 seconds sum the numbers of each key, whose timers are pending at every savepoint;
 * rules broadcast from a second source are kept in broadcast state, and written per key at the end;
 * an operator gathers the numbers' texts into batches, the batch in progress in operator {@code
 * ListState}. Sources run at parallelism 1, so that the records of a key arrive in one order and
 * the output does not depend on where the job was stopped.
 *
 * <p>Arguments: {@code --out <directory> --records <n>}; the sinks write their lines under the
 * directory ({@link Lines}).
 */
public final class StatefulJob {

    private StatefulJob() {}

    public static void main(String[] args) throws Exception {
        ParameterTool arguments = ParameterTool.fromArgs(args);
        String out = arguments.getRequired("out");
        long records = arguments.getLong("records");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);

        var numbers =
                env.fromSource(
                                new NumberSequenceSource(1, records),
                                WatermarkStrategy.<Long>forMonotonousTimestamps()
                                        .withTimestampAssigner((value, previous) -> value),
                                "numbers")
                        .setParallelism(1)
                        .map(StatefulJob::slowly)
                        .setParallelism(1)
                        .name("slowly");
        numbers.keyBy(x -> x % 97)
                .process(new EveryKindOfState())
                .name("keyed state")
                .sinkTo(Lines.of(out + "/state"))
                .name("state summaries");
        numbers.flatMap(new Batches())
                .setParallelism(1)
                .name("batches")
                .sinkTo(Lines.of(out + "/batches"))
                .name("batch summaries");
        var rules =
                env.fromSource(
                                new NumberSequenceSource(1, RULES),
                                WatermarkStrategy.noWatermarks(),
                                "rules")
                        .setParallelism(1);
        numbers.keyBy(x -> x % 97)
                .connect(rules.broadcast(KnownRules.RULES))
                .process(new KnownRules())
                .name("broadcast state")
                .sinkTo(Lines.of(out + "/rules"))
                .name("rules per key");
        numbers.keyBy(x -> x % 97)
                .window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
                .reduce(Long::sum)
                .map(String::valueOf)
                .sinkTo(Lines.of(out + "/windows"))
                .name("window sums");

        env.execute("StatefulJob");
    }

    /** The number of rules broadcast to the keyed numbers. */
    private static final long RULES = 20;

    /** Numbers in a batch of {@link Batches}. */
    private static final int BATCH = 8;

    private static Long slowly(Long value) throws InterruptedException {
        if (value % 20 == 0) {
            Thread.sleep(1);
        }
        return value;
    }

    /** The text a number contributes to its key's state. */
    static String text(long value) {
        return value % 3 == 0
                ? "Zähler " + value + " ключ " + "ß€".repeat((int) (value % 40))
                : value + ":" + "a".repeat((int) (value % 400));
    }

    /** Keeps every kind of keyed state, and writes it out at the end of the input. */
    private static final class EveryKindOfState extends KeyedProcessFunction<Long, Long, String> {

        private transient ValueState<String> longest;
        private transient ListState<String> recent;
        private transient MapState<String, Long> countsByDigit;
        private transient ValueState<KeyStats> stats;
        private transient ValueState<Tuple2<String, Long>> firstAndLast;

        @Override
        public void open(OpenContext openContext) {
            longest =
                    getRuntimeContext()
                            .getState(new ValueStateDescriptor<>("longest", Types.STRING));
            recent =
                    getRuntimeContext()
                            .getListState(new ListStateDescriptor<>("recent", Types.STRING));
            countsByDigit =
                    getRuntimeContext()
                            .getMapState(
                                    new MapStateDescriptor<>("digits", Types.STRING, Types.LONG));
            stats =
                    getRuntimeContext()
                            .getState(new ValueStateDescriptor<>("stats", KeyStats.class));
            firstAndLast =
                    getRuntimeContext()
                            .getState(
                                    new ValueStateDescriptor<>(
                                            "first and last",
                                            Types.TUPLE(Types.STRING, Types.LONG)));
        }

        @Override
        public void processElement(Long value, Context ctx, Collector<String> out)
                throws Exception {
            String text = text(value);
            if (longest.value() == null || text.length() > longest.value().length()) {
                longest.update(text);
            }
            List<String> kept = new ArrayList<>();
            recent.get().forEach(kept::add);
            kept.add(text);
            recent.update(kept.subList(Math.max(0, kept.size() - 5), kept.size()));
            String digit = "Ziffer-" + value % 10;
            Long count = countsByDigit.get(digit);
            countsByDigit.put(digit, count == null ? 1 : count + 1);
            KeyStats current = stats.value() == null ? new KeyStats() : stats.value();
            current.count++;
            current.sum += value;
            current.lastText = text;
            current.recentTags =
                    new String[] {
                        "tag-" + value % 7,
                        current.recentTags.length > 0 ? current.recentTags[0] : "—"
                    };
            stats.update(current);
            Tuple2<String, Long> pair = firstAndLast.value();
            firstAndLast.update(Tuple2.of(pair == null ? text : pair.f0, value));
            ctx.timerService().registerEventTimeTimer(Long.MAX_VALUE - 1);
        }

        private List<String> recentTexts() throws Exception {
            List<String> texts = new ArrayList<>();
            recent.get().forEach(texts::add);
            return texts;
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out)
                throws Exception {
            Map<String, Long> digits = new TreeMap<>();
            for (Map.Entry<String, Long> entry : countsByDigit.entries()) {
                digits.put(entry.getKey(), entry.getValue());
            }
            out.collect(
                    "key "
                            + ctx.getCurrentKey()
                            + " | "
                            + longest.value()
                            + " | "
                            + recentTexts()
                            + " | "
                            + digits
                            + " | "
                            + stats.value()
                            + " | "
                            + firstAndLast.value());
        }
    }

    /**
     * Gathers the texts of the numbers into batches of {@link #BATCH}, kept in operator {@code
     * ListState} between checkpoints, and writes a summary of every 50th batch.
     */
    private static final class Batches extends RichFlatMapFunction<Long, String>
            implements CheckpointedFunction {

        private final List<String> batch = new ArrayList<>();
        private long batches;
        private transient ListState<String> buffered;
        private transient ListState<Long> completed;

        @Override
        public void flatMap(Long value, Collector<String> out) {
            batch.add(text(value));
            if (batch.size() < BATCH) {
                return;
            }
            if (++batches % 50 == 0) {
                out.collect(
                        "batch "
                                + batches
                                + " | "
                                + batch.get(0)
                                + " | "
                                + batch.stream().mapToInt(String::length).sum());
            }
            batch.clear();
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) throws Exception {
            buffered.update(batch);
            completed.update(List.of(batches));
        }

        @Override
        public void initializeState(FunctionInitializationContext context) throws Exception {
            buffered =
                    context.getOperatorStateStore()
                            .getListState(new ListStateDescriptor<>("buffered", Types.STRING));
            completed =
                    context.getOperatorStateStore()
                            .getListState(new ListStateDescriptor<>("batches", Types.LONG));
            buffered.get().forEach(batch::add);
            completed.get().forEach(count -> batches += count);
        }
    }

    /**
     * Keeps the rules broadcast to it in broadcast state and counts each key's numbers; at the end
     * of the input writes, per key, its count and every rule it knows.
     */
    private static final class KnownRules
            extends KeyedBroadcastProcessFunction<Long, Long, Long, String> {

        static final MapStateDescriptor<String, String> RULES =
                new MapStateDescriptor<>("rules", Types.STRING, Types.STRING);

        private transient ValueState<Long> seen;

        @Override
        public void open(OpenContext openContext) {
            seen = getRuntimeContext().getState(new ValueStateDescriptor<>("seen", Types.LONG));
        }

        @Override
        public void processBroadcastElement(Long rule, Context ctx, Collector<String> out)
                throws Exception {
            ctx.getBroadcastState(RULES).put("rule-" + rule, text(rule * 3));
        }

        @Override
        public void processElement(Long value, ReadOnlyContext ctx, Collector<String> out)
                throws Exception {
            seen.update(seen.value() == null ? 1 : seen.value() + 1);
            ctx.timerService().registerEventTimeTimer(Long.MAX_VALUE - 1);
        }

        @Override
        public void onTimer(long timestamp, OnTimerContext ctx, Collector<String> out)
                throws Exception {
            Map<String, String> rules = new TreeMap<>();
            for (Map.Entry<String, String> rule : ctx.getBroadcastState(RULES).immutableEntries()) {
                rules.put(rule.getKey(), rule.getValue());
            }
            out.collect("key " + ctx.getCurrentKey() + " | seen " + seen.value() + " | " + rules);
        }
    }
}

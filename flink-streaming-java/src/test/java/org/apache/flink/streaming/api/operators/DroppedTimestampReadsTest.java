/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.operators;

import dev.wirespeed.userjob.TimestampReadingOperator;
import dev.wirespeed.userjob.TimestampsSink;

import org.apache.flink.api.common.eventtime.TimestampAssigner;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction;
import org.apache.flink.streaming.api.functions.co.CoProcessFunction;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction;
import org.apache.flink.streaming.api.functions.co.ProcessJoinFunction;
import org.apache.flink.streaming.api.functions.sink.SinkFunction;
import org.apache.flink.streaming.api.operators.co.IntervalJoinOperator;
import org.apache.flink.streaming.api.operators.co.LegacyKeyedCoProcessOperator;
import org.apache.flink.streaming.runtime.io.TaglessRecordsException;
import org.apache.flink.streaming.runtime.operators.sink.SinkWriterOperatorFactory;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.streamrecord.TaglessInput;
import org.apache.flink.streaming.util.AbstractBroadcastStreamOperatorTestHarness;
import org.apache.flink.streaming.util.AbstractStreamOperatorTestHarness;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.KeyedTwoInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.ProcessFunctionTestHarnesses;
import org.apache.flink.streaming.util.TwoInputStreamOperatorTestHarness;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.function.BiConsumer;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every function and sink that can ask for a record's timestamp, in upstream's test harnesses: it
 * fails when the record's real timestamp stayed behind at a tagless network edge (FLIP-330), reads
 * what upstream reads of a record that had no real timestamp, and reads the timestamp of a record
 * that has one.
 */
class DroppedTimestampReadsTest {

    private static final long TIMESTAMP = 42L;

    /** What the functions emit where their context hands them no timestamp. */
    private static final long NULL_TIMESTAMP = -1L;

    private static final KeySelector<Long, Long> IDENTITY = value -> value;

    private static final OutputTag<Long> SIDE_OUTPUT = new OutputTag<>("side", Types.LONG);

    private static final MapStateDescriptor<Long, Long> BROADCAST_STATE =
            new MapStateDescriptor<>("broadcast", Types.LONG, Types.LONG);

    /** Hands one record to an operator whose function reads its timestamp; returns the reads. */
    @FunctionalInterface
    private interface TimestampRead {
        List<Object> of(StreamRecord<Long> record) throws Exception;
    }

    static Stream<Arguments> reads() {
        return Stream.concat(
                functions(),
                Stream.of(
                        read(
                                "ProcessJoinFunction of an interval join",
                                DroppedTimestampReadsTest::join),
                        read(
                                "a user's operator, StreamRecord#getTimestamp()",
                                DroppedTimestampReadsTest::userOperator),
                        read("SinkFunction", DroppedTimestampReadsTest::sinkFunction),
                        read("SinkWriter", DroppedTimestampReadsTest::sinkWriter)));
    }

    /** The functions with a context that has a side output. */
    static Stream<Arguments> functions() {
        return Stream.of(
                read("ProcessFunction", DroppedTimestampReadsTest::processFunction),
                read("KeyedProcessFunction", DroppedTimestampReadsTest::keyedProcessFunction),
                read(
                        "ProcessFunction on a keyed stream",
                        DroppedTimestampReadsTest::legacyKeyedProcessFunction),
                read("CoProcessFunction, first input", record -> coProcessFunction(record, 1)),
                read("CoProcessFunction, second input", record -> coProcessFunction(record, 2)),
                read(
                        "KeyedCoProcessFunction, first input",
                        record -> keyedCoProcessFunction(record, 1)),
                read(
                        "KeyedCoProcessFunction, second input",
                        record -> keyedCoProcessFunction(record, 2)),
                read(
                        "CoProcessFunction on keyed streams",
                        DroppedTimestampReadsTest::legacyKeyedCoProcessFunction),
                read(
                        "BroadcastProcessFunction, element",
                        record -> broadcastProcessFunction(record, false)),
                read(
                        "BroadcastProcessFunction, broadcast element",
                        record -> broadcastProcessFunction(record, true)),
                read(
                        "KeyedBroadcastProcessFunction, element",
                        record -> keyedBroadcastProcessFunction(record, false)),
                read(
                        "KeyedBroadcastProcessFunction, broadcast element",
                        record -> keyedBroadcastProcessFunction(record, true)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("reads")
    void readsTheTimestampOfARecordThatHasOne(String name, TimestampRead read) throws Exception {
        assertThat(read.of(new StreamRecord<>(7L, TIMESTAMP))).containsExactly(TIMESTAMP);
    }

    /**
     * A record that had no real timestamp crosses a tagless edge as it was: the function reads what
     * it reads of the record as sent, which is what upstream hands it.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("reads")
    void readsOfARecordWithoutTimestampAreThoseOfTheRecordAsSent(String name, TimestampRead read)
            throws Exception {
        StreamRecord<Long> none = new StreamRecord<>(7L);
        StreamRecord<Long> noTimestamp = new StreamRecord<>(7L, TimestampAssigner.NO_TIMESTAMP);

        assertThat(outcome(read, TaglessInput.sendTagless(none, LongSerializer.INSTANCE)))
                .isEqualTo(outcome(read, none));
        assertThat(outcome(read, TaglessInput.sendTagless(noTimestamp, LongSerializer.INSTANCE)))
                .isEqualTo(outcome(read, noTimestamp));
    }

    /** What a read returns, or how it fails: interval joins refuse records without timestamps. */
    private static Object outcome(TimestampRead read, StreamRecord<Long> record) {
        try {
            return read.of(record);
        } catch (Exception e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    private static Long seen(Long timestamp) {
        return timestamp == null ? NULL_TIMESTAMP : timestamp;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("reads")
    void refusesTheTimestampOfARecordThatLeftItBehind(String name, TimestampRead read) {
        assertThatThrownBy(() -> read.of(arrivedTagless(7L)))
                .isInstanceOf(TaglessRecordsException.class)
                .hasMessageContaining("read the timestamp of a record that crossed the network")
                .hasMessageContaining("Set pipeline.force-timestamp-support to true")
                .hasMessageContaining("TimestampAssigner.NO_TIMESTAMP");
    }

    /**
     * An operator that reads {@code StreamRecord#getTimestamp()} itself is named by its class, the
     * only name the record knows of it. (A user's operator that the job graph shows keeps the job
     * tagged: {@code TimestampSupportDecisionTest}; one made by a factory of its own, or a
     * library's in Flink's packages, reaches this check.)
     */
    @Test
    void namesTheClassOfAnOperatorThatReadsTheRecordItself() {
        assertThatThrownBy(() -> userOperator(arrivedTagless(7L)))
                .isInstanceOf(TaglessRecordsException.class)
                .hasMessageStartingWith(
                        "Operator class '"
                                + TimestampReadingOperator.class.getName()
                                + "' read the timestamp");
    }

    /**
     * A value a function hands its context's side output carries the timestamp of the record being
     * processed; where that record's timestamp stayed behind at a tagless edge, it carries none
     * (and the mark, which the harness's copy of side outputs does not keep: {@code
     * DroppedTimestampsTest}), not Flink's "no timestamp" in place of the real one.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("functions")
    void aSideOutputCarriesTheTimestampOfTheRecord(String name, TimestampRead read)
            throws Exception {
        assertThat(read.of(new StreamRecord<>(-7L, TIMESTAMP)))
                .containsExactly("side output -7 at " + TIMESTAMP);
        assertThat(read.of(arrivedTagless(-7L)))
                .containsExactly("side output -7 without timestamp");
        StreamRecord<Long> noTimestamp = new StreamRecord<>(-7L, TimestampAssigner.NO_TIMESTAMP);
        assertThat(read.of(TaglessInput.sendTagless(noTimestamp, LongSerializer.INSTANCE)))
                .isEqualTo(read.of(noTimestamp))
                .containsExactly("side output -7 at " + TimestampAssigner.NO_TIMESTAMP);
    }

    /** Negative values go to the functions' side output, unread; the others are read. */
    private static boolean sentToSideOutput(Long value, BiConsumer<OutputTag<Long>, Long> output) {
        if (value >= 0) {
            return false;
        }
        output.accept(SIDE_OUTPUT, value);
        return true;
    }

    private static String describeSideOutput(StreamRecord<?> record) {
        return "side output "
                + record.getValue()
                + (record.hasTimestamp() ? " at " + record.getTimestamp() : " without timestamp");
    }

    private static List<Object> processFunction(StreamRecord<Long> record) throws Exception {
        return run(
                ProcessFunctionTestHarnesses.forProcessFunction(
                        new ProcessFunction<Long, Long>() {
                            @Override
                            public void processElement(
                                    Long value, Context ctx, Collector<Long> out) {
                                if (sentToSideOutput(value, ctx::output)) {
                                    return;
                                }
                                out.collect(seen(ctx.timestamp()));
                            }
                        }),
                harness -> harness.processElement(record));
    }

    private static List<Object> keyedProcessFunction(StreamRecord<Long> record) throws Exception {
        return run(
                ProcessFunctionTestHarnesses.forKeyedProcessFunction(
                        new KeyedProcessFunction<Long, Long, Long>() {
                            @Override
                            public void processElement(
                                    Long value, Context ctx, Collector<Long> out) {
                                if (sentToSideOutput(value, ctx::output)) {
                                    return;
                                }
                                out.collect(seen(ctx.timestamp()));
                            }
                        },
                        IDENTITY,
                        Types.LONG),
                harness -> harness.processElement(record));
    }

    @SuppressWarnings("deprecation")
    private static List<Object> legacyKeyedProcessFunction(StreamRecord<Long> record)
            throws Exception {
        return run(
                new KeyedOneInputStreamOperatorTestHarness<>(
                        new LegacyKeyedProcessOperator<>(
                                new ProcessFunction<Long, Long>() {
                                    @Override
                                    public void processElement(
                                            Long value, Context ctx, Collector<Long> out) {
                                        if (sentToSideOutput(value, ctx::output)) {
                                            return;
                                        }
                                        out.collect(seen(ctx.timestamp()));
                                    }
                                }),
                        IDENTITY,
                        Types.LONG),
                harness -> harness.processElement(record));
    }

    private static List<Object> coProcessFunction(StreamRecord<Long> record, int input)
            throws Exception {
        return runTwoInputs(
                ProcessFunctionTestHarnesses.forCoProcessFunction(new TimestampsOfBothInputs()),
                record,
                input);
    }

    private static List<Object> keyedCoProcessFunction(StreamRecord<Long> record, int input)
            throws Exception {
        return runTwoInputs(
                ProcessFunctionTestHarnesses.forKeyedCoProcessFunction(
                        new KeyedCoProcessFunction<Long, Long, Long, Long>() {
                            @Override
                            public void processElement1(
                                    Long value, Context ctx, Collector<Long> out) {
                                if (sentToSideOutput(value, ctx::output)) {
                                    return;
                                }
                                out.collect(seen(ctx.timestamp()));
                            }

                            @Override
                            public void processElement2(
                                    Long value, Context ctx, Collector<Long> out) {
                                if (sentToSideOutput(value, ctx::output)) {
                                    return;
                                }
                                out.collect(seen(ctx.timestamp()));
                            }
                        },
                        IDENTITY,
                        IDENTITY,
                        Types.LONG),
                record,
                input);
    }

    @SuppressWarnings("deprecation")
    private static List<Object> legacyKeyedCoProcessFunction(StreamRecord<Long> record)
            throws Exception {
        return runTwoInputs(
                new KeyedTwoInputStreamOperatorTestHarness<>(
                        new LegacyKeyedCoProcessOperator<>(new TimestampsOfBothInputs()),
                        IDENTITY,
                        IDENTITY,
                        Types.LONG),
                record,
                1);
    }

    private static List<Object> broadcastProcessFunction(
            StreamRecord<Long> record, boolean broadcast) throws Exception {
        return runBroadcast(
                ProcessFunctionTestHarnesses.forBroadcastProcessFunction(
                        new BroadcastProcessFunction<Long, Long, Long>() {
                            @Override
                            public void processElement(
                                    Long value, ReadOnlyContext ctx, Collector<Long> out) {
                                if (sentToSideOutput(value, ctx::output)) {
                                    return;
                                }
                                out.collect(seen(ctx.timestamp()));
                            }

                            @Override
                            public void processBroadcastElement(
                                    Long value, Context ctx, Collector<Long> out) {
                                if (sentToSideOutput(value, ctx::output)) {
                                    return;
                                }
                                out.collect(seen(ctx.timestamp()));
                            }
                        },
                        BROADCAST_STATE),
                record,
                broadcast);
    }

    private static List<Object> keyedBroadcastProcessFunction(
            StreamRecord<Long> record, boolean broadcast) throws Exception {
        return runBroadcast(
                ProcessFunctionTestHarnesses.forKeyedBroadcastProcessFunction(
                        new KeyedBroadcastProcessFunction<Long, Long, Long, Long>() {
                            @Override
                            public void processElement(
                                    Long value, ReadOnlyContext ctx, Collector<Long> out) {
                                if (sentToSideOutput(value, ctx::output)) {
                                    return;
                                }
                                out.collect(seen(ctx.timestamp()));
                            }

                            @Override
                            public void processBroadcastElement(
                                    Long value, Context ctx, Collector<Long> out) {
                                if (sentToSideOutput(value, ctx::output)) {
                                    return;
                                }
                                out.collect(seen(ctx.timestamp()));
                            }
                        },
                        IDENTITY,
                        Types.LONG,
                        BROADCAST_STATE),
                record,
                broadcast);
    }

    /** Joins the record with itself: its left and right timestamps are the record's. */
    private static List<Object> join(StreamRecord<Long> record) throws Exception {
        IntervalJoinOperator<Long, Long, Long, Long> join =
                new IntervalJoinOperator<>(
                        -1,
                        1,
                        true,
                        true,
                        null,
                        null,
                        LongSerializer.INSTANCE,
                        LongSerializer.INSTANCE,
                        new ProcessJoinFunction<Long, Long, Long>() {
                            @Override
                            public void processElement(
                                    Long left, Long right, Context ctx, Collector<Long> out) {
                                out.collect(ctx.getLeftTimestamp());
                            }
                        });
        return run(
                new KeyedTwoInputStreamOperatorTestHarness<>(join, IDENTITY, IDENTITY, Types.LONG),
                harness -> {
                    harness.processElement1(record);
                    harness.processElement2(record.copy(record.getValue()));
                });
    }

    private static List<Object> userOperator(StreamRecord<Long> record) throws Exception {
        return run(
                new OneInputStreamOperatorTestHarness<>(TimestampReadingOperator.reading()),
                harness -> harness.processElement(record));
    }

    private static List<Object> sinkFunction(StreamRecord<Long> record) throws Exception {
        List<Object> timestamps = new ArrayList<>();
        SinkFunction<Long> sink =
                new SinkFunction<Long>() {
                    @Override
                    public void invoke(Long value, Context context) {
                        timestamps.add(context.timestamp());
                    }
                };
        run(
                new OneInputStreamOperatorTestHarness<>(new StreamSink<>(sink)),
                harness -> harness.processElement(record));
        return timestamps;
    }

    private static List<Object> sinkWriter(StreamRecord<Long> record) throws Exception {
        TimestampsSink.clear();
        run(
                new OneInputStreamOperatorTestHarness<>(
                        new SinkWriterOperatorFactory<>(new TimestampsSink())),
                harness -> harness.processElement(record));
        return new ArrayList<>(TimestampsSink.timestamps());
    }

    private static List<Object> runTwoInputs(
            TwoInputStreamOperatorTestHarness<Long, Long, Long> harness,
            StreamRecord<Long> record,
            int input)
            throws Exception {
        return run(
                harness,
                h -> {
                    if (input == 1) {
                        h.processElement1(record);
                    } else {
                        h.processElement2(record);
                    }
                });
    }

    private static List<Object> runBroadcast(
            AbstractBroadcastStreamOperatorTestHarness<Long, Long, Long> harness,
            StreamRecord<Long> record,
            boolean broadcast)
            throws Exception {
        return run(
                harness,
                h -> {
                    if (broadcast) {
                        h.processBroadcastElement(record);
                    } else {
                        h.processElement(record);
                    }
                });
    }

    /** Opens the harness, feeds it and returns its output values; closes it. */
    private static <H extends AbstractStreamOperatorTestHarness<?>> List<Object> run(
            H harness, HarnessInput<H> input) throws Exception {
        try (H opened = harness) {
            opened.open();
            input.feed(opened);
            List<Object> values = new ArrayList<>();
            for (Object element : opened.getOutput()) {
                values.add(((StreamRecord<?>) element).getValue());
            }
            Queue<StreamRecord<Long>> sideOutput = opened.getSideOutput(SIDE_OUTPUT);
            if (sideOutput != null) {
                sideOutput.forEach(record -> values.add(describeSideOutput(record)));
            }
            return values;
        }
    }

    @FunctionalInterface
    private interface HarnessInput<H> {
        void feed(H harness) throws Exception;
    }

    private static Arguments read(String name, TimestampRead read) {
        return Arguments.of(name, read);
    }

    private static StreamRecord<Long> arrivedTagless(long value) throws IOException {
        return TaglessInput.arrivedTagless(value, LongSerializer.INSTANCE);
    }

    private static final class TimestampsOfBothInputs extends CoProcessFunction<Long, Long, Long> {
        @Override
        public void processElement1(Long value, Context ctx, Collector<Long> out) {
            if (sentToSideOutput(value, ctx::output)) {
                return;
            }
            out.collect(seen(ctx.timestamp()));
        }

        @Override
        public void processElement2(Long value, Context ctx, Collector<Long> out) {
            if (sentToSideOutput(value, ctx::output)) {
                return;
            }
            out.collect(seen(ctx.timestamp()));
        }
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.tuple.Tuple3;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;

import java.io.Serializable;

/**
 * Counts the events of each category and totals a measure of them, and emits {@code (category,
 * events, total)} once, when the input ends: an event-time timer at the end of time fires then, in
 * jobs with and without watermarks.
 *
 * @param <E> the events, whatever their type: a POJO or a Java record
 */
final class CategoryTotals<E> extends KeyedProcessFunction<String, E, Tuple3<String, Long, Long>> {

    private static final long serialVersionUID = 1L;

    /** What is totalled of each event, such as the length of its description. */
    interface Measure<E> extends Serializable {
        long of(E event);
    }

    private final Measure<E> measure;

    private transient ValueState<Tuple2<Long, Long>> totals;

    CategoryTotals(Measure<E> measure) {
        this.measure = measure;
    }

    @Override
    public void open(OpenContext openContext) {
        totals =
                getRuntimeContext()
                        .getState(
                                new ValueStateDescriptor<>(
                                        "totals", Types.TUPLE(Types.LONG, Types.LONG)));
    }

    @Override
    public void processElement(E event, Context context, Collector<Tuple3<String, Long, Long>> out)
            throws Exception {
        Tuple2<Long, Long> current = totals.value();
        if (current == null) {
            current = Tuple2.of(0L, 0L);
            context.timerService().registerEventTimeTimer(Long.MAX_VALUE);
        }
        totals.update(Tuple2.of(current.f0 + 1, current.f1 + measure.of(event)));
    }

    @Override
    public void onTimer(
            long timestamp, OnTimerContext context, Collector<Tuple3<String, Long, Long>> out)
            throws Exception {
        Tuple2<Long, Long> current = totals.value();
        out.collect(Tuple3.of(context.getCurrentKey(), current.f0, current.f1));
    }
}

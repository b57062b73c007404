/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e.jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.java.utils.ParameterTool;
import org.apache.flink.streaming.api.datastream.AsyncDataStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.streaming.api.functions.async.AsyncFunction;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import org.apache.flink.streaming.api.windowing.evictors.CountEvictor;
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger;
import org.apache.flink.util.Collector;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * A job made to be stopped with a savepoint while it holds records, and resumed from it: the
 * numbers 1 to {@code --records}, slowed down by a millisecond every 20 numbers, with the "no
 * timestamp" that sources attach or, with {@code --timestamps real}, real timestamps that nothing
 * reads. Behind a network edge, processing-time windows longer than the job, with a count evictor,
 * keep each key's records in state and sum the last five at every fifth; async I/O, ordered,
 * completes each number a few milliseconds later with up to 50 in flight, which its state holds at
 * a savepoint. Behind async I/O a function writes each result with the timestamp its context hands
 * out, where the numbers have no real timestamps; with real ones, the results alone.
 *
 * <p>Arguments: {@code --out <directory> --records <n> [--timestamps none|real]}; the sinks write
 * their lines under the directory ({@link Lines}).
 */
public final class BufferedRecordsJob {

    private BufferedRecordsJob() {}

    public static void main(String[] args) throws Exception {
        ParameterTool arguments = ParameterTool.fromArgs(args);
        String out = arguments.getRequired("out");
        boolean realTimestamps = arguments.get("timestamps", "none").equals("real");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);

        DataStream<Long> numbers =
                env.fromSequence(1, arguments.getLong("records"))
                        .setParallelism(1)
                        .map(BufferedRecordsJob::slowly)
                        .setParallelism(1);
        if (realTimestamps) {
            numbers =
                    numbers.assignTimestampsAndWatermarks(
                                    WatermarkStrategy.<Long>noWatermarks()
                                            .withTimestampAssigner((value, previous) -> value))
                            .setParallelism(1);
        }
        numbers.keyBy(x -> x % 7)
                .window(TumblingProcessingTimeWindows.of(Duration.ofDays(1)))
                .trigger(CountTrigger.of(5))
                .evictor(CountEvictor.of(5))
                .reduce(Long::sum)
                .map(sum -> "sum of five " + sum)
                .sinkTo(Lines.of(out + "/windows"));
        DataStream<String> results =
                AsyncDataStream.orderedWait(
                        numbers.rebalance(), new Delayed(), 1, TimeUnit.MINUTES, 50);
        if (realTimestamps) {
            results.sinkTo(Lines.of(out + "/async"));
        } else {
            results.process(new WithTimestamp()).sinkTo(Lines.of(out + "/async"));
        }
        env.execute("BufferedRecordsJob");
    }

    private static Long slowly(Long value) throws InterruptedException {
        if (value % 20 == 0) {
            Thread.sleep(1);
        }
        return value;
    }

    /** Completes each number with a line, 5 milliseconds after it came. */
    private static final class Delayed implements AsyncFunction<Long, String> {
        private static final Executor LATER =
                CompletableFuture.delayedExecutor(5, TimeUnit.MILLISECONDS);

        @Override
        public void asyncInvoke(Long input, ResultFuture<String> result) {
            CompletableFuture.runAsync(() -> result.complete(List.of("looked up " + input)), LATER);
        }
    }

    /** Writes each result with the timestamp its context hands out. */
    private static final class WithTimestamp extends ProcessFunction<String, String> {
        @Override
        public void processElement(String value, Context ctx, Collector<String> out) {
            out.collect(value + " at " + ctx.timestamp());
        }
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e.jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.serialization.SimpleStringEncoder;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource;
import org.apache.flink.api.java.utils.ParameterTool;
import org.apache.flink.connector.file.sink.FileSink;
import org.apache.flink.core.fs.Path;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.filesystem.bucketassigners.BasePathBucketAssigner;
import org.apache.flink.streaming.api.functions.sink.filesystem.rollingpolicies.OnCheckpointRollingPolicy;
import org.apache.flink.util.Collector;

/**
 * A checkpointed job whose output tells whether a failure lost or repeated anything: the numbers 1
 * to {@code --records} from a source of parallelism 2, keyed by their remainder by 31 across the
 * network, counted per key in a {@code ValueState}, and written as {@code "<key> <number> <count>"}
 * by a {@link FileSink}, whose files become visible only when the checkpoint after them completes.
 * Its output is exact if every number appears once and each key's counts run from 1 without a gap
 * or a repeat.
 *
 * <p>The counting function sleeps a millisecond every 20 records, so that the source runs ahead and
 * the network buffers between them stay full: an unaligned checkpoint of the job holds records in
 * flight. The job has no watermarks, so with {@code pipeline.force-timestamp-support: false} (and
 * an auto watermark interval of 0) its records cross the network without timestamps.
 *
 * <p>Arguments: {@code --out <directory> --records <n>}. Checkpointing, the restart strategy and
 * unaligned checkpoints come from the cluster's configuration or {@code -D} options.
 */
public final class ExactlyOnceCounts {

    /** The number of keys: a number's key is its remainder by this. */
    private static final int KEYS = 31;

    private ExactlyOnceCounts() {}

    public static void main(String[] args) throws Exception {
        ParameterTool arguments = ParameterTool.fromArgs(args);
        String out = arguments.getRequired("out");
        long records = arguments.getLong("records");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);

        env.fromSource(
                        new NumberSequenceSource(1, records),
                        WatermarkStrategy.noWatermarks(),
                        "numbers")
                .uid("numbers")
                .keyBy(number -> number % KEYS)
                .process(new Count())
                .uid("count")
                .name("count per key")
                .sinkTo(
                        FileSink.forRowFormat(new Path(out), new SimpleStringEncoder<String>())
                                .withBucketAssigner(new BasePathBucketAssigner<>())
                                .withRollingPolicy(OnCheckpointRollingPolicy.build())
                                .build())
                .uid("files")
                .name("counted numbers");

        env.execute("ExactlyOnceCounts");
    }

    /** Counts the numbers of each key; slows down by a millisecond every 20 numbers. */
    private static final class Count extends KeyedProcessFunction<Long, Long, String> {

        private transient ValueState<Long> count;
        private transient long seen;

        @Override
        public void open(OpenContext openContext) {
            count = getRuntimeContext().getState(new ValueStateDescriptor<>("count", Types.LONG));
        }

        @Override
        public void processElement(Long number, Context ctx, Collector<String> out)
                throws Exception {
            long counted = count.value() == null ? 1 : count.value() + 1;
            count.update(counted);
            out.collect(ctx.getCurrentKey() + " " + number + " " + counted);
            if (++seen % 20 == 0) {
                Thread.sleep(1);
            }
        }
    }
}

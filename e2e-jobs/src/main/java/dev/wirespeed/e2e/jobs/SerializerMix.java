/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e.jobs;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.utils.ParameterTool;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.util.Collector;

/**
 * A job whose records and state take the serializers a serializer report tells apart: readings, a
 * POJO with a field that Flink cannot analyse and hands to Kryo, keyed by sensor across the network
 * into keyed state of a POJO ({@link KeyStats}) and of that Kryo type, and the sensors' totals,
 * tuples, rebalanced across the network to a discarding sink. It has no watermarks, so with {@code
 * pipeline.force-timestamp-support: false} (and an auto watermark interval of 0) its records cross
 * the network tagless.
 *
 * <p>Arguments: {@code --records <n>} (default: until cancelled). The keyed function sleeps a
 * millisecond every 50 readings.
 */
public final class SerializerMix {

    private SerializerMix() {}

    public static void main(String[] args) throws Exception {
        ParameterTool arguments = ParameterTool.fromArgs(args);
        long records = arguments.getLong("records", Long.MAX_VALUE - 1);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);

        env.fromSource(
                        new NumberSequenceSource(1, records),
                        WatermarkStrategy.noWatermarks(),
                        "numbers")
                .map(Reading::new)
                .name("readings")
                .keyBy(reading -> reading.sensor)
                .process(new Totals())
                .name("totals")
                .rebalance()
                .sinkTo(new DiscardingSink<>())
                .name("discard");

        env.execute("SerializerMix");
    }

    /** A reading of a sensor: a POJO, whose {@link Calibration} field Kryo serializes. */
    public static class Reading {
        public long sensor;
        public double value;
        public String unit;
        public Calibration calibration;

        public Reading() {}

        Reading(long number) {
            sensor = number % 16;
            value = number * 0.5;
            unit = "kPa";
            calibration = new Calibration(number % 3);
        }
    }

    /** No public no-argument constructor: not a POJO, so Flink falls back to Kryo for it. */
    public static final class Calibration {
        private final long offset;

        public Calibration(long offset) {
            this.offset = offset;
        }

        public long getOffset() {
            return offset;
        }
    }

    /** Totals each sensor's readings in a POJO state and keeps its last calibration. */
    private static final class Totals
            extends KeyedProcessFunction<Long, Reading, Tuple2<Long, Long>> {

        private transient ValueState<KeyStats> stats;
        private transient ValueState<Calibration> calibration;
        private transient long seen;

        @Override
        public void open(OpenContext openContext) {
            stats =
                    getRuntimeContext()
                            .getState(new ValueStateDescriptor<>("stats", KeyStats.class));
            calibration =
                    getRuntimeContext()
                            .getState(
                                    new ValueStateDescriptor<>(
                                            "calibration", TypeInformation.of(Calibration.class)));
        }

        @Override
        public void processElement(Reading reading, Context ctx, Collector<Tuple2<Long, Long>> out)
                throws Exception {
            KeyStats current = stats.value() == null ? new KeyStats() : stats.value();
            current.count++;
            current.sum += reading.calibration.getOffset();
            stats.update(current);
            calibration.update(reading.calibration);
            out.collect(Tuple2.of(reading.sensor, current.count));
            if (++seen % 50 == 0) {
                Thread.sleep(1);
            }
        }
    }
}

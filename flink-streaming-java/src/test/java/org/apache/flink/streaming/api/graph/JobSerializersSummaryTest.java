/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.graph;

import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.runtime.dispatcher.SerializerSummary;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** The summary of a job's serializers that its job graph carries to the JobManager's log. */
class JobSerializersSummaryTest {

    @Test
    void namesEachEdgeKeyAndKryoType() {
        Configuration conf = new Configuration();
        conf.set(PipelineOptions.FORCE_TIMESTAMP_SUPPORT, false);
        conf.set(PipelineOptions.AUTO_WATERMARK_INTERVAL, Duration.ZERO);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        env.fromSequence(1, 10)
                .map(n -> new Opaque(n))
                .name("wrap")
                .keyBy(opaque -> opaque.value % 3)
                .map(opaque -> Tuple2.of(opaque.value, 1))
                .returns(Types.TUPLE(Types.LONG, Types.INT))
                .name("pair")
                .rebalance()
                .sinkTo(new DiscardingSink<>());

        JobGraph jobGraph = StreamingJobGraphGenerator.createJobGraph(env.getStreamGraph());

        String summary = jobGraph.getJobConfiguration().get(SerializerSummary.SUMMARY);
        assertThat(summary)
                .contains(
                        "edge 'Source: Sequence Source -> wrap' -> 'pair' (HASH): KRYO "
                                + Opaque.class.getName()
                                + ", tagless records",
                        "edge 'pair' -> 'Sink: Writer' (REBALANCE): TUPLE "
                                + Tuple2.class.getName()
                                + ", tagless records",
                        "keys of 'pair': FLINK java.lang.Long",
                        "Kryo serializes " + Opaque.class.getName(),
                        "/jobs/<job id>/serializers");
    }

    /** Not a POJO: no public no-argument constructor. */
    public static class Opaque {
        public final long value;

        public Opaque(long value) {
            this.value = value;
        }
    }
}

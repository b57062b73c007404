/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.tasks;

import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Metric;
import org.apache.flink.runtime.rest.handler.job.SerializerReport;
import org.apache.flink.runtime.rest.handler.job.SerializerReport.VertexSerializers;
import org.apache.flink.runtime.rest.messages.job.JobSerializersInfo;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.util.Collector;

import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A job's tasks show their serializers as the {@value TaskSerializers#METRIC_NAME} gauge, and the
 * report joins them into edges and states: a POJO with a field that falls back to Kryo crosses a
 * tagless edge into keyed state of a POJO and of a Kryo type; a source's operator state; a
 * broadcast state.
 */
class TaskSerializersITCase {

    @Test
    void tasksReportTheirEdgesAndKeyedStates() throws Exception {
        InMemoryReporter reporter = InMemoryReporter.createWithRetainedMetrics();
        Configuration conf = new Configuration();
        conf.set(PipelineOptions.FORCE_TIMESTAMP_SUPPORT, false);
        conf.set(PipelineOptions.AUTO_WATERMARK_INTERVAL, Duration.ZERO);
        reporter.addToConfiguration(conf);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        env.fromSequence(1, 500)
                .map(Event::new)
                .name("events")
                .keyBy(event -> event.key)
                .process(new Totals())
                .name("totals")
                .sinkTo(new DiscardingSink<>());

        JobExecutionResult result = env.execute();

        JobSerializersInfo report = SerializerReport.of(vertices(reporter, result));
        assertThat(report.getEdges()).hasSize(1);
        JsonNode edge = report.getEdges().get(0);
        assertThat(edge.path("source").path("name").asText()).contains("events");
        assertThat(edge.path("target").path("name").asText()).contains("totals");
        assertThat(edge.path("partitioner").asText()).isEqualTo("HASH");
        assertThat(edge.path("kind").asText()).isEqualTo("POJO");
        assertThat(edge.path("type").asText()).isEqualTo(Event.class.getName());
        assertThat(edge.path("taglessRecords").asBoolean()).isTrue();
        assertThat(edge.path("bytesPerRecord").asDouble()).isPositive();
        assertThat(edge.path("kryoTypes"))
                .extracting(JsonNode::asText)
                .containsExactly(Opaque.class.getName());
        assertThat(edge.path("advice").get(0).asText()).contains(Opaque.class.getName());

        Map<String, JsonNode> states = new TreeMap<>();
        report.getStates().forEach(state -> states.put(state.path("state").asText(), state));
        // the sequence source keeps its splits in an operator state of its own
        assertThat(states).containsOnlyKeys("stats", "last", "SourceReaderState");
        assertThat(states.get("stats").path("scope").asText()).isEqualTo("keyed");
        assertThat(states.get("stats").path("stateType").asText()).isEqualTo("VALUE");
        assertThat(states.get("stats").path("kind").asText()).isEqualTo("POJO");
        assertThat(states.get("stats").path("type").asText()).isEqualTo(Stats.class.getName());
        assertThat(states.get("stats").path("operator").asText()).isEqualTo("totals");
        assertThat(states.get("stats").path("key").path("type").asText())
                .isEqualTo(Long.class.getName());
        assertThat(states.get("last").path("kind").asText()).isEqualTo("KRYO");
        assertThat(states.get("last").path("advice")).hasSize(1);
        assertThat(states.get("SourceReaderState").path("scope").asText()).isEqualTo("operator");
        assertThat(states.get("SourceReaderState").path("stateType").asText()).isEqualTo("LIST");
        assertThat(states.get("SourceReaderState").has("key")).isFalse();
    }

    @Test
    void broadcastStateReportsItsMapKeyAndValue() throws Exception {
        InMemoryReporter reporter = InMemoryReporter.createWithRetainedMetrics();
        Configuration conf = reporter.addToConfiguration(new Configuration());
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(1);
        MapStateDescriptor<String, Opaque> rules =
                new MapStateDescriptor<>("rules", Types.STRING, TypeInformation.of(Opaque.class));
        env.fromSequence(1, 100)
                .connect(env.fromSequence(1, 3).broadcast(rules))
                .process(new Rules(rules))
                .name("rules")
                .sinkTo(new DiscardingSink<>());

        JobExecutionResult result = env.execute();

        JsonNode broadcast = null;
        for (JsonNode state : SerializerReport.of(vertices(reporter, result)).getStates()) {
            if (state.path("state").asText().equals("rules")) {
                broadcast = state;
            }
        }
        assertThat(broadcast).isNotNull();
        assertThat(broadcast.path("scope").asText()).isEqualTo("broadcast");
        assertThat(broadcast.path("stateType").asText()).isEqualTo("MAP");
        assertThat(broadcast.path("kind").asText()).isEqualTo("KRYO");
        assertThat(broadcast.path("mapKey").path("type").asText())
                .isEqualTo(String.class.getName());
        assertThat(broadcast.path("advice")).hasSize(1);
    }

    /**
     * Each task's document and output counts, as the JobManager's handler gathers them from the
     * metric store: one document per vertex, counts summed over its subtasks.
     */
    private static List<VertexSerializers> vertices(
            InMemoryReporter reporter, JobExecutionResult result) {
        Map<String, String> names = new TreeMap<>();
        Map<String, String> documents = new TreeMap<>();
        Map<String, long[]> counts = new TreeMap<>();
        reporter.getMetricsByGroup()
                .forEach(
                        (group, metrics) -> {
                            Map<String, String> variables = group.getAllVariables();
                            if (!result.getJobID().toString().equals(variables.get("<job_id>"))
                                    || variables.containsKey("<operator_id>")
                                    || !metrics.containsKey(TaskSerializers.METRIC_NAME)) {
                                return;
                            }
                            String vertex = variables.get("<task_id>");
                            names.put(vertex, variables.get("<task_name>"));
                            documents.put(vertex, value(metrics, TaskSerializers.METRIC_NAME));
                            long[] sums = counts.computeIfAbsent(vertex, v -> new long[2]);
                            sums[0] += count(metrics.get("numBytesOut"));
                            sums[1] += count(metrics.get("numRecordsOut"));
                        });
        assertThat(documents).isNotEmpty();
        List<VertexSerializers> vertices = new ArrayList<>();
        names.forEach(
                (vertex, name) ->
                        vertices.add(
                                new VertexSerializers(
                                        vertex,
                                        name,
                                        documents.get(vertex),
                                        counts.get(vertex)[0],
                                        counts.get(vertex)[1])));
        return vertices;
    }

    private static String value(Map<String, Metric> metrics, String name) {
        return (String) ((Gauge<?>) metrics.get(name)).getValue();
    }

    private static long count(Metric counter) {
        return counter == null ? 0 : ((Counter) counter).getCount();
    }

    /**
     * A POJO event with a field Flink cannot analyse, left null: Kryo, which needs the JDK's
     * internals opened to it, serializes nothing here.
     */
    public static class Event {
        public long key;
        public String name;
        public Opaque detail;

        public Event() {}

        Event(long number) {
            this.key = number % 7;
            this.name = "event-" + number;
        }
    }

    /** A POJO of per-key statistics. */
    public static class Stats {
        public long count;
        public long sum;
    }

    /** No public no-argument constructor: serialized by Kryo. */
    public static class Opaque {
        private final long value;

        public Opaque(long value) {
            this.value = value;
        }

        public long getValue() {
            return value;
        }
    }

    /** Keeps broadcast numbers in a broadcast state of a Kryo type, under their text. */
    private static final class Rules extends BroadcastProcessFunction<Long, Long, Long> {
        private final MapStateDescriptor<String, Opaque> rules;

        private Rules(MapStateDescriptor<String, Opaque> rules) {
            this.rules = rules;
        }

        @Override
        public void processElement(Long value, ReadOnlyContext ctx, Collector<Long> out) {
            out.collect(value);
        }

        @Override
        public void processBroadcastElement(Long value, Context ctx, Collector<Long> out)
                throws Exception {
            // the heap keeps the object: Kryo serializes nothing here
            ctx.getBroadcastState(rules).put(String.valueOf(value), new Opaque(value));
        }
    }

    private static final class Totals extends KeyedProcessFunction<Long, Event, String> {
        private transient ValueState<Stats> stats;
        private transient ValueState<Opaque> last;

        @Override
        public void open(Configuration parameters) {
            stats = getRuntimeContext().getState(new ValueStateDescriptor<>("stats", Stats.class));
            last =
                    getRuntimeContext()
                            .getState(
                                    new ValueStateDescriptor<>(
                                            "last", TypeInformation.of(Opaque.class)));
        }

        @Override
        public void processElement(Event event, Context context, Collector<String> out)
                throws Exception {
            Stats current = stats.value() == null ? new Stats() : stats.value();
            current.count++;
            current.sum += event.key;
            stats.update(current);
            // the heap state backend keeps the object: Kryo serializes nothing here either
            last.update(new Opaque(event.key));
            out.collect(event.key + ":" + current.sum);
        }
    }
}

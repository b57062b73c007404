/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.rest.handler.job;

import org.apache.flink.runtime.rest.handler.job.SerializerReport.VertexSerializers;
import org.apache.flink.runtime.rest.messages.job.JobSerializersInfo;
import org.apache.flink.runtime.rest.util.RestMapperUtils;

import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** How the tasks' documents are joined into a job's serializer report. */
class SerializerReportTest {

    private static final String PRODUCER =
            "{\"taglessRecords\":false,\"outputs\":[{\"dataSet\":\"d1\",\"partitioner\":\"HASH\","
                    + "\"sideOutput\":null,\"type\":\"com.example.Event\",\"kind\":\"KRYO\","
                    + "\"serializer\":\"s\",\"kryoTypes\":[\"com.example.Event\"]},"
                    + "{\"dataSet\":\"d2\",\"partitioner\":\"FORWARD\",\"sideOutput\":\"late\","
                    + "\"type\":\"java.lang.String\",\"kind\":\"FLINK\",\"serializer\":\"s\","
                    + "\"kryoTypes\":[]}],\"inputs\":[],\"states\":[]}";
    private static final String CONSUMER =
            "{\"taglessRecords\":false,\"outputs\":[],\"inputs\":[\"d1\"],\"states\":[{"
                    + "\"operator\":\"count\",\"state\":\"seen\",\"type\":\"java.lang.Long\","
                    + "\"kind\":\"FLINK\",\"serializer\":\"s\",\"kryoTypes\":[],\"key\":{"
                    + "\"type\":\"com.example.Key\",\"kind\":\"KRYO\",\"serializer\":\"k\","
                    + "\"kryoTypes\":[\"com.example.Key\"]},\"mapKey\":{\"type\":\"com.example.Id\","
                    + "\"kind\":\"KRYO\",\"serializer\":\"k\",\"kryoTypes\":[\"com.example.Id\"]}}]}";

    @Test
    void joinsOutputsWithTheirReadersAndComputesBytesPerRecord() throws Exception {
        JobSerializersInfo report =
                SerializerReport.of(
                        List.of(
                                new VertexSerializers("a", "Source", PRODUCER, 1000, 40),
                                new VertexSerializers("b", "count", CONSUMER, 0, 0),
                                new VertexSerializers("c", "not running yet", null, 0, 0)));

        assertThat(report.getEdges()).hasSize(2);
        JsonNode keyed = report.getEdges().get(0);
        assertThat(keyed.path("source").path("name").asText()).isEqualTo("Source");
        assertThat(keyed.path("target").path("id").asText()).isEqualTo("b");
        assertThat(keyed.path("bytesPerRecord").asDouble()).isEqualTo(25.0);
        assertThat(keyed.has("dataSet")).isFalse();
        assertThat(keyed.path("advice")).hasSize(1);
        // a data set no running task reads yet has no target
        JsonNode late = report.getEdges().get(1);
        assertThat(late.path("target").isNull()).isTrue();
        assertThat(late.path("sideOutput").asText()).isEqualTo("late");
        assertThat(late.path("advice")).isEmpty();

        assertThat(report.getStates()).hasSize(1);
        JsonNode state = report.getStates().get(0);
        assertThat(state.path("vertex").path("name").asText()).isEqualTo("count");
        // the advice covers a Kryo key and a Kryo map key as well as a Kryo value
        assertThat(state.path("advice")).hasSize(2);
        assertThat(state.path("advice").get(0).asText()).contains("com.example.Key");
        assertThat(state.path("advice").get(1).asText()).contains("com.example.Id");

        String json = RestMapperUtils.getStrictObjectMapper().writeValueAsString(report);
        assertThat(json).startsWith("{\"edges\":[").contains("\"states\":[");
    }

    @Test
    void aVertexWithoutRecordsOutHasNoBytesPerRecordAndBrokenDocumentsAreLeftOut() {
        JobSerializersInfo report =
                SerializerReport.of(
                        List.of(
                                new VertexSerializers("a", "Source", PRODUCER, 0, 0),
                                new VertexSerializers("b", "broken", "{not json", 10, 1)));

        assertThat(report.getEdges()).hasSize(2);
        assertThat(report.getEdges().get(0).path("bytesPerRecord").isNull()).isTrue();
        assertThat(report.getStates()).isEmpty();
    }

    @Test
    void recordsOutBeforeTheFirstBufferHasGoneOutGiveNoBytesPerRecord() {
        JobSerializersInfo report =
                SerializerReport.of(
                        List.of(
                                new VertexSerializers("a", "Source", PRODUCER, 0, 40),
                                new VertexSerializers("b", "count", CONSUMER, 0, 0)));

        assertThat(report.getEdges().get(0).path("bytesPerRecord").isNull()).isTrue();
    }
}

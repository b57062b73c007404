/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.rest.handler.job;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.java.typeutils.runtime.SerializerDescription;
import org.apache.flink.runtime.rest.messages.job.JobSerializersInfo;

import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.core.JsonProcessingException;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.node.ArrayNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.node.ObjectNode;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Joins the tasks' parts of a job's serializer report into one: an edge for each network output of
 * a task and each task that reads it (matched by the data set between them), with the bytes a
 * record takes on the wire from the producing task's byte and record counts, and an entry for each
 * state: keyed, operator and broadcast. Each entry that names a type serialized by Kryo says how to
 * avoid it.
 */
@Internal
public final class SerializerReport {

    /** The name of the task metric that holds a task's part of the report, a JSON document. */
    public static final String METRIC_NAME = "serializers";

    private static final ObjectMapper JSON = new ObjectMapper();

    private SerializerReport() {}

    /**
     * The report of a job's vertices, in the job's topological order.
     *
     * @param vertices each vertex with its task's document, if one arrived, and its tasks' counts
     */
    public static JobSerializersInfo of(List<VertexSerializers> vertices) {
        Map<VertexSerializers, JsonNode> documents = new LinkedHashMap<>();
        for (VertexSerializers vertex : vertices) {
            JsonNode document = vertex.parsedDocument();
            if (document != null) {
                documents.put(vertex, document);
            }
        }
        ArrayNode edges = JSON.createArrayNode();
        ArrayNode states = JSON.createArrayNode();
        documents.forEach(
                (vertex, document) -> {
                    for (JsonNode output : document.path("outputs")) {
                        List<VertexSerializers> targets =
                                readersOf(output.path("dataSet").asText(), documents);
                        for (VertexSerializers target : targets) {
                            edges.add(edge(vertex, document, output, target));
                        }
                        if (targets.isEmpty()) {
                            edges.add(edge(vertex, document, output, null));
                        }
                    }
                    for (JsonNode state : document.path("states")) {
                        ObjectNode entry = states.addObject();
                        entry.set("vertex", vertex.toJson());
                        entry.setAll((ObjectNode) state);
                        addAdvice(
                                entry,
                                state.path("kryoTypes"),
                                state.path("key").path("kryoTypes"),
                                state.path("mapKey").path("kryoTypes"));
                    }
                });
        return new JobSerializersInfo(edges, states);
    }

    private static List<VertexSerializers> readersOf(
            String dataSet, Map<VertexSerializers, JsonNode> documents) {
        List<VertexSerializers> readers = new ArrayList<>();
        documents.forEach(
                (vertex, document) -> {
                    for (JsonNode input : document.path("inputs")) {
                        if (input.asText().equals(dataSet)) {
                            readers.add(vertex);
                            return;
                        }
                    }
                });
        return readers;
    }

    private static ObjectNode edge(
            VertexSerializers source,
            JsonNode sourceDocument,
            JsonNode output,
            @Nullable VertexSerializers target) {
        ObjectNode edge = JSON.createObjectNode();
        edge.set("source", source.toJson());
        edge.set("target", target == null ? null : target.toJson());
        edge.setAll((ObjectNode) output);
        edge.remove("dataSet");
        edge.put("taglessRecords", sourceDocument.path("taglessRecords").asBoolean());
        // numRecordsOut grows as records are emitted, numBytesOut only as their buffers are
        // filled or flushed: before the first one is, the count says nothing of a record's size
        if (source.recordsOut > 0 && source.bytesOut > 0) {
            edge.put(
                    "bytesPerRecord",
                    Math.round(10.0 * source.bytesOut / source.recordsOut) / 10.0);
        } else {
            edge.putNull("bytesPerRecord");
        }
        addAdvice(edge, output.path("kryoTypes"));
        return edge;
    }

    private static void addAdvice(ObjectNode entry, JsonNode... kryoTypeLists) {
        ArrayNode advice = entry.putArray("advice");
        for (JsonNode kryoTypes : kryoTypeLists) {
            for (JsonNode type : kryoTypes) {
                advice.add(SerializerDescription.kryoAdvice(type.asText()));
            }
        }
    }

    /** A job vertex with its task's part of the report and its tasks' output counts. */
    public static final class VertexSerializers {
        private final String id;
        private final String name;
        @Nullable private final String document;
        private final long bytesOut;
        private final long recordsOut;

        /**
         * @param document the {@value SerializerReport#METRIC_NAME} metric of one of the vertex's
         *     tasks, null if none arrived yet
         * @param bytesOut the bytes the vertex's tasks wrote to the network, summed
         * @param recordsOut the records the vertex's tasks emitted, summed
         */
        public VertexSerializers(
                String id, String name, @Nullable String document, long bytesOut, long recordsOut) {
            this.id = id;
            this.name = name;
            this.document = document;
            this.bytesOut = bytesOut;
            this.recordsOut = recordsOut;
        }

        @Nullable
        private JsonNode parsedDocument() {
            if (document == null) {
                return null;
            }
            try {
                return JSON.readTree(document);
            } catch (JsonProcessingException e) {
                return null;
            }
        }

        private ObjectNode toJson() {
            ObjectNode vertex = JSON.createObjectNode();
            vertex.put("id", id);
            vertex.put("name", name);
            return vertex;
        }
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.graph;

import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.typeutils.runtime.SerializerDescription;
import org.apache.flink.runtime.dispatcher.SerializerSummary;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobVertex;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Writes a job's {@link SerializerSummary} into its job graph: a line per network edge with the
 * kind and type of its serializer and whether its records travel tagless, a line per keyed vertex
 * with its key's serializer, and for each type Kryo serializes, how to avoid it.
 */
final class JobSerializersSummary {

    private static final Logger LOG = LoggerFactory.getLogger(JobSerializersSummary.class);

    private final StreamGraph streamGraph;
    private final Map<Integer, JobVertex> jobVertices;
    private final Map<Integer, Map<Integer, StreamConfig>> chainedConfigs;
    private final StringBuilder lines = new StringBuilder();
    private final Set<String> kryoTypes = new TreeSet<>();

    private JobSerializersSummary(
            StreamGraph streamGraph,
            Map<Integer, JobVertex> jobVertices,
            Map<Integer, Map<Integer, StreamConfig>> chainedConfigs) {
        this.streamGraph = streamGraph;
        this.jobVertices = jobVertices;
        this.chainedConfigs = chainedConfigs;
    }

    /**
     * Sets the summary of a job graph.
     *
     * @param physicalEdges the edges between the job's vertices
     * @param jobVertices the job's vertices by the stream node at the head of their chain
     * @param chainedConfigs the chained operators' configurations by the head of their chain
     * @param taglessRecords whether the job's records cross the network tagless (FLIP-330)
     */
    static void applyTo(
            JobGraph jobGraph,
            StreamGraph streamGraph,
            List<StreamEdge> physicalEdges,
            Map<Integer, JobVertex> jobVertices,
            Map<Integer, Map<Integer, StreamConfig>> chainedConfigs,
            boolean taglessRecords) {
        JobSerializersSummary summary =
                new JobSerializersSummary(streamGraph, jobVertices, chainedConfigs);
        try {
            for (StreamEdge edge : physicalEdges) {
                summary.addEdge(edge, taglessRecords);
            }
            for (Map.Entry<Integer, JobVertex> vertex : jobVertices.entrySet()) {
                summary.addKey(vertex.getKey(), vertex.getValue());
            }
        } catch (RuntimeException e) {
            // the summary never fails a submission: the job goes without one
            LOG.warn("Cannot summarize the serializers of job '{}'.", jobGraph.getName(), e);
            return;
        }
        jobGraph.getJobConfiguration().set(SerializerSummary.SUMMARY, summary.toString());
    }

    private void addEdge(StreamEdge edge, boolean taglessRecords) {
        TypeSerializer<?> serializer =
                edge.getOutputTag() == null
                        ? streamGraph.getStreamNode(edge.getSourceId()).getTypeSerializerOut()
                        : edge.getOutputTag()
                                .getTypeInfo()
                                .createSerializer(
                                        streamGraph.getExecutionConfig().getSerializerConfig());
        if (serializer == null) {
            return;
        }
        lines.append("\n  edge '")
                .append(vertexOf(edge.getSourceId()))
                .append("' -> '")
                .append(vertexOf(edge.getTargetId()))
                .append("' (")
                .append(edge.getPartitioner())
                .append(edge.getOutputTag() == null ? "" : ", side output")
                .append("): ");
        describe(serializer);
        lines.append(taglessRecords ? ", tagless records" : ", tagged records");
    }

    private void addKey(int headNode, JobVertex vertex) {
        for (int node : nodesOf(headNode)) {
            TypeSerializer<?> keySerializer =
                    streamGraph.getStreamNode(node).getStateKeySerializer();
            if (keySerializer != null) {
                lines.append("\n  keys of '").append(vertex.getName()).append("': ");
                describe(keySerializer);
                return;
            }
        }
    }

    private void describe(TypeSerializer<?> serializer) {
        SerializerDescription description = SerializerDescription.of(serializer);
        lines.append(description.kind());
        if (description.type() != null) {
            lines.append(' ').append(description.type());
        } else {
            lines.append(' ').append(description.serializer());
        }
        if (!description.kryoTypes().isEmpty()
                && description.kind() != SerializerDescription.Kind.KRYO) {
            lines.append(" with Kryo for ").append(String.join(", ", description.kryoTypes()));
        }
        kryoTypes.addAll(description.kryoTypes());
    }

    private String vertexOf(int node) {
        if (jobVertices.containsKey(node)) {
            return jobVertices.get(node).getName();
        }
        for (Map.Entry<Integer, Map<Integer, StreamConfig>> chain : chainedConfigs.entrySet()) {
            if (chain.getValue().containsKey(node)) {
                return jobVertices.get(chain.getKey()).getName();
            }
        }
        return streamGraph.getStreamNode(node).getOperatorName();
    }

    private Collection<Integer> nodesOf(int headNode) {
        Set<Integer> nodes =
                new TreeSet<>(chainedConfigs.getOrDefault(headNode, Map.of()).keySet());
        nodes.add(headNode);
        return nodes;
    }

    @Override
    public String toString() {
        StringBuilder summary = new StringBuilder(lines);
        for (String type : kryoTypes) {
            summary.append("\n  ").append(SerializerDescription.kryoAdvice(type));
        }
        summary.append(
                "\n  States and bytes per record, once the job runs: REST GET"
                        + " /jobs/<job id>/serializers");
        return summary.toString();
    }
}

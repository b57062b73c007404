/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.tasks;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.state.StateDescriptor;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.java.typeutils.runtime.SerializerDescription;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.runtime.io.network.partition.consumer.IndexedInputGate;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.runtime.rest.handler.job.SerializerReport;
import org.apache.flink.runtime.state.AbstractKeyedStateBackend;
import org.apache.flink.runtime.state.CreatedStateSerializers.CreatedState;
import org.apache.flink.runtime.state.DefaultOperatorStateBackend;
import org.apache.flink.runtime.state.KeyedStateBackend;
import org.apache.flink.runtime.state.OperatorStateBackend;
import org.apache.flink.streaming.api.graph.NonChainedOutput;
import org.apache.flink.streaming.api.graph.StreamConfig;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.AbstractStreamOperatorV2;
import org.apache.flink.streaming.api.operators.StreamOperator;

import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.node.ArrayNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.node.ObjectNode;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A task's part of its job's serializer report: the serializer of each of its network outputs, the
 * data sets its inputs read, and the serializers of its operators' states (keyed, with their keys,
 * operator and broadcast). The task shows it as its {@value #METRIC_NAME} gauge, a JSON document
 * that the JobManager's {@code GET /jobs/:jobid/serializers} joins with the other tasks' documents
 * and their byte and record counts. Nothing of it is computed on the record path: the gauge is read
 * when the JobManager fetches the task's metrics.
 */
@Internal
public final class TaskSerializers {

    /** The name of the task metric that holds the task's part of the report. */
    public static final String METRIC_NAME = SerializerReport.METRIC_NAME;

    /** The longest document a gauge can carry: metric values travel as modified UTF-8. */
    static final int MAX_DOCUMENT_CHARS = 60_000;

    private static final Logger LOG = LoggerFactory.getLogger(TaskSerializers.class);

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ObjectNode network;
    private final Map<OperatorID, String> operatorNames;
    private final List<StatefulOperator> statefulOperators = new ArrayList<>();

    private TaskSerializers(ObjectNode network, Map<OperatorID, String> operatorNames) {
        this.network = network;
        this.operatorNames = operatorNames;
    }

    /**
     * Reads a task's network outputs and inputs, before the task is initialized: initialization
     * removes the chained operators' configurations from the task's configuration.
     *
     * @param configuration the task's configuration
     * @param classLoader the job's user code class loader
     * @param inputGates the task's input gates
     * @param taglessRecords whether the task's records cross the network tagless (FLIP-330)
     */
    static TaskSerializers ofNetwork(
            StreamConfig configuration,
            ClassLoader classLoader,
            IndexedInputGate[] inputGates,
            boolean taglessRecords) {
        try {
            return readNetwork(configuration, classLoader, inputGates, taglessRecords);
        } catch (RuntimeException e) {
            // the report never fails a task: it says what it could not read instead
            LOG.warn(
                    "Cannot describe the serializers of the task of {}.",
                    configuration.getOperatorName(),
                    e);
            ObjectNode unreadable = JSON.createObjectNode();
            unreadable.put("error", e.toString());
            return new TaskSerializers(unreadable, Collections.emptyMap());
        }
    }

    private static TaskSerializers readNetwork(
            StreamConfig configuration,
            ClassLoader classLoader,
            IndexedInputGate[] inputGates,
            boolean taglessRecords) {
        Map<Integer, StreamConfig> chained =
                configuration.getTransitiveChainedTaskConfigsWithSelf(classLoader);
        ObjectNode network = JSON.createObjectNode();
        network.put("taglessRecords", taglessRecords);
        ArrayNode outputs = network.putArray("outputs");
        for (NonChainedOutput output : configuration.getVertexNonChainedOutputs(classLoader)) {
            StreamConfig producer = chained.get(output.getSourceNodeId());
            ObjectNode entry = outputs.addObject();
            entry.put("dataSet", output.getDataSetId().toHexString());
            entry.put("partitioner", String.valueOf(output.getPartitioner()));
            entry.put(
                    "sideOutput",
                    output.getOutputTag() == null ? null : output.getOutputTag().getId());
            describe(
                    output.getOutputTag() == null
                            ? producer.getTypeSerializerOut(classLoader)
                            : producer.getTypeSerializerSideOut(output.getOutputTag(), classLoader),
                    entry);
        }
        ArrayNode inputs = network.putArray("inputs");
        for (IndexedInputGate gate : inputGates) {
            if (gate.getNumberOfInputChannels() > 0) {
                inputs.add(
                        gate.getChannel(0)
                                .getPartitionId()
                                .getPartitionId()
                                .getIntermediateDataSetID()
                                .toHexString());
            }
        }
        Map<OperatorID, String> operatorNames = new HashMap<>();
        for (StreamConfig operatorConfig : chained.values()) {
            operatorNames.put(operatorConfig.getOperatorID(), operatorConfig.getOperatorName());
        }
        return new TaskSerializers(network, operatorNames);
    }

    /**
     * Registers the task's gauge, with the states of its operators, which are created and
     * initialized.
     */
    void register(MetricGroup taskMetricGroup, Iterable<? extends StreamOperator<?>> operators) {
        for (StreamOperator<?> operator : operators) {
            StatefulOperator stateful;
            try {
                stateful =
                        new StatefulOperator(
                                operatorNames.getOrDefault(
                                        operator.getOperatorID(),
                                        operator.getClass().getSimpleName()),
                                keyedStateBackendOf(operator),
                                operatorStateBackendOf(operator));
            } catch (RuntimeException uninitialized) {
                // an operator of a task deployed as finished was never initialized: no state
                continue;
            }
            if (stateful.keyedStates != null || stateful.operatorStates != null) {
                statefulOperators.add(stateful);
            }
        }
        taskMetricGroup.gauge(METRIC_NAME, (Gauge<String>) this::toJson);
    }

    /**
     * The task's document: its network outputs and inputs, and the states created so far. States
     * beyond what a gauge can carry are left out, and {@code "statesTruncated"} says so.
     */
    String toJson() {
        ObjectNode document = network.deepCopy();
        ArrayNode states = document.putArray("states");
        try {
            addStates(document, states);
        } catch (RuntimeException e) {
            document.put("error", e.toString());
        }
        return document.toString();
    }

    private void addStates(ObjectNode document, ArrayNode states) {
        for (StatefulOperator operator : statefulOperators) {
            if (operator.keyedStates != null) {
                TypeSerializer<?> keySerializer = operator.keyedStates.getKeySerializer();
                for (Map.Entry<String, CreatedState> state :
                        operator.keyedStates.getCreatedStateSerializers().byName().entrySet()) {
                    ObjectNode entry = addState(states, operator.name, "keyed", state);
                    describe(keySerializer, entry.putObject("key"));
                    if (truncated(document, states)) {
                        return;
                    }
                }
            }
            if (operator.operatorStates != null) {
                for (Map.Entry<String, CreatedState> state :
                        operator.operatorStates.getCreatedStateSerializers().byName().entrySet()) {
                    boolean broadcast = state.getValue().getType() == StateDescriptor.Type.MAP;
                    addState(states, operator.name, broadcast ? "broadcast" : "operator", state);
                    if (truncated(document, states)) {
                        return;
                    }
                }
            }
        }
    }

    private static ObjectNode addState(
            ArrayNode states,
            String operator,
            String scope,
            Map.Entry<String, CreatedState> state) {
        ObjectNode entry = states.addObject();
        entry.put("operator", operator);
        entry.put("state", state.getKey());
        entry.put("scope", scope);
        entry.put("stateType", state.getValue().getType().name());
        describe(state.getValue().getValueSerializer(), entry);
        if (state.getValue().getMapKeySerializer() != null) {
            describe(state.getValue().getMapKeySerializer(), entry.putObject("mapKey"));
        }
        return entry;
    }

    /** Drops the last state if the document grew beyond what a gauge carries, and says so. */
    private static boolean truncated(ObjectNode document, ArrayNode states) {
        if (document.toString().length() <= MAX_DOCUMENT_CHARS) {
            return false;
        }
        states.remove(states.size() - 1);
        document.put("statesTruncated", true);
        return true;
    }

    /** Writes a serializer's description into a JSON object. */
    static void describe(TypeSerializer<?> serializer, ObjectNode into) {
        SerializerDescription description = SerializerDescription.of(serializer);
        into.put("type", description.type());
        into.put("kind", description.kind().name());
        into.put("serializer", description.serializer());
        ArrayNode kryoTypes = into.putArray("kryoTypes");
        description.kryoTypes().forEach(kryoTypes::add);
    }

    /** The operator's keyed state backend, if it has one the report can read. */
    @Nullable
    private static AbstractKeyedStateBackend<?> keyedStateBackendOf(StreamOperator<?> operator) {
        KeyedStateBackend<?> backend = null;
        if (operator instanceof AbstractStreamOperator) {
            backend = ((AbstractStreamOperator<?>) operator).getKeyedStateBackend();
        } else if (operator instanceof AbstractStreamOperatorV2) {
            backend = ((AbstractStreamOperatorV2<?>) operator).getKeyedStateBackend();
        }
        return backend instanceof AbstractKeyedStateBackend
                ? (AbstractKeyedStateBackend<?>) backend
                : null;
    }

    /** The operator's operator state backend, if it has one the report can read. */
    @Nullable
    private static DefaultOperatorStateBackend operatorStateBackendOf(StreamOperator<?> operator) {
        OperatorStateBackend backend = null;
        if (operator instanceof AbstractStreamOperator) {
            backend = ((AbstractStreamOperator<?>) operator).getOperatorStateBackend();
        } else if (operator instanceof AbstractStreamOperatorV2) {
            backend = ((AbstractStreamOperatorV2<?>) operator).getOperatorStateBackend();
        }
        return backend instanceof DefaultOperatorStateBackend
                ? (DefaultOperatorStateBackend) backend
                : null;
    }

    /** An operator with state, named as the job graph names it, and its state backends. */
    private static final class StatefulOperator {
        private final String name;
        @Nullable private final AbstractKeyedStateBackend<?> keyedStates;
        @Nullable private final DefaultOperatorStateBackend operatorStates;

        private StatefulOperator(
                String name,
                @Nullable AbstractKeyedStateBackend<?> keyedStates,
                @Nullable DefaultOperatorStateBackend operatorStates) {
            this.name = name;
            this.keyedStates = keyedStates;
            this.operatorStates = operatorStates;
        }
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.tasks;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.runtime.io.network.partition.consumer.IndexedInputGate;
import org.apache.flink.streaming.api.graph.StreamConfig;
import org.apache.flink.streaming.api.operators.StreamMap;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The serializer report never fails a task, whatever the task's configuration and operators. */
class TaskSerializersTest {

    @Test
    void aTaskWhoseConfigurationCannotBeReadAndWhoseOperatorsNeverRanStillRegistersItsGauge() {
        // a configuration without chained operators, and an operator of a task deployed as
        // finished: never set up, it has no state handler
        TaskSerializers serializers =
                TaskSerializers.ofNetwork(
                        new StreamConfig(new Configuration()),
                        getClass().getClassLoader(),
                        new IndexedInputGate[0],
                        false);
        Map<String, Gauge<?>> gauges = new HashMap<>();

        serializers.register(
                new UnregisteredMetricsGroup() {
                    @Override
                    public <T, G extends Gauge<T>> G gauge(String name, G gauge) {
                        gauges.put(name, gauge);
                        return gauge;
                    }
                },
                List.of(new StreamMap<>(value -> value)));

        assertThat(gauges).containsOnlyKeys(TaskSerializers.METRIC_NAME);
        assertThat((String) gauges.get(TaskSerializers.METRIC_NAME).getValue())
                .contains("\"error\"")
                .contains("\"states\":[]");
    }
}

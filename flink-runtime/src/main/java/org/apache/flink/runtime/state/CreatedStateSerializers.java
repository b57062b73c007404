/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.state;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.StateDescriptor;
import org.apache.flink.api.common.typeutils.TypeSerializer;

import javax.annotation.Nullable;

import java.util.Collections;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The serializers of the states a state backend has created, by state name, for the job's
 * serializer report: recorded by the task's thread when a state is first asked for, read by the
 * thread that reports the task's metrics.
 */
@Internal
public final class CreatedStateSerializers {

    private final Map<String, CreatedState> states = new ConcurrentHashMap<>();

    /**
     * Records a state's serializers, once its descriptor's serializer is initialized. A state asked
     * for again (broadcast state, on every record) costs one lookup.
     */
    void record(StateDescriptor<?, ?> descriptor) {
        if (!states.containsKey(descriptor.getName())) {
            states.putIfAbsent(descriptor.getName(), CreatedState.of(descriptor));
        }
    }

    /** The states created so far, by name. */
    public Map<String, CreatedState> byName() {
        return Collections.unmodifiableMap(states);
    }

    /** A created state: its type and the serializers of what it holds. */
    public static final class CreatedState {
        private final StateDescriptor.Type type;
        private final TypeSerializer<?> valueSerializer;
        @Nullable private final TypeSerializer<?> mapKeySerializer;

        private CreatedState(
                StateDescriptor.Type type,
                TypeSerializer<?> valueSerializer,
                @Nullable TypeSerializer<?> mapKeySerializer) {
            this.type = type;
            this.valueSerializer = valueSerializer;
            this.mapKeySerializer = mapKeySerializer;
        }

        private static CreatedState of(StateDescriptor<?, ?> descriptor) {
            if (descriptor instanceof ListStateDescriptor) {
                return new CreatedState(
                        descriptor.getType(),
                        ((ListStateDescriptor<?>) descriptor).getElementSerializer(),
                        null);
            } else if (descriptor instanceof MapStateDescriptor) {
                MapStateDescriptor<?, ?> map = (MapStateDescriptor<?, ?>) descriptor;
                return new CreatedState(
                        descriptor.getType(), map.getValueSerializer(), map.getKeySerializer());
            }
            return new CreatedState(descriptor.getType(), descriptor.getSerializer(), null);
        }

        /** Whether the state is a value, a list, a map, a reducing or an aggregating state. */
        public StateDescriptor.Type getType() {
            return type;
        }

        /** The serializer of a value, of a list's elements, or of a map's values. */
        public TypeSerializer<?> getValueSerializer() {
            return valueSerializer;
        }

        /** The serializer of a map's keys; null for a state that is no map. */
        @Nullable
        public TypeSerializer<?> getMapKeySerializer() {
            return mapKeySerializer;
        }
    }
}

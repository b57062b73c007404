/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.state;

import org.apache.flink.api.common.state.State;
import org.apache.flink.api.common.state.StateDescriptor;
import org.apache.flink.api.common.typeutils.TypeSerializer;

import java.util.Collections;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Keeps the serializers of the keyed states it creates, for the job's serializer report. */
public abstract class AbstractKeyedStateBackend<K> {

    /** The value serializer of each state created so far, by state name; read by other threads. */
    private final Map<String, TypeSerializer<?>> stateSerializers = new ConcurrentHashMap<>();

    @Overlay.Wrap
    @Override
    public <N, S extends State, V> S getOrCreateKeyedState(
            final TypeSerializer<N> namespaceSerializer, StateDescriptor<S, V> stateDescriptor)
            throws Exception {
        boolean created = !keyValueStatesByName.containsKey(stateDescriptor.getName());
        S state = getOrCreateKeyedState$upstream(namespaceSerializer, stateDescriptor);
        if (created) {
            stateSerializers.put(stateDescriptor.getName(), stateDescriptor.getSerializer());
        }
        return state;
    }

    /**
     * The value serializers of the keyed states this backend created, by state name: the
     * serializers of the states' descriptors. Safe to read from any thread.
     */
    public Map<String, TypeSerializer<?>> getStateSerializers() {
        return Collections.unmodifiableMap(stateSerializers);
    }
}

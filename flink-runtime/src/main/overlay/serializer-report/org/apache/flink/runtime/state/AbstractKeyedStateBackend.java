/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.state;

import org.apache.flink.api.common.state.State;
import org.apache.flink.api.common.state.StateDescriptor;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/** Records the serializers of the keyed states it creates, for the job's serializer report. */
public abstract class AbstractKeyedStateBackend<K> {

    private final CreatedStateSerializers createdStates = new CreatedStateSerializers();

    @Overlay.Wrap("1.20.5:70784ad83d04")
    @Override
    public <N, S extends State, V> S getOrCreateKeyedState(
            final TypeSerializer<N> namespaceSerializer, StateDescriptor<S, V> stateDescriptor)
            throws Exception {
        boolean created = !keyValueStatesByName.containsKey(stateDescriptor.getName());
        S state = getOrCreateKeyedState$upstream(namespaceSerializer, stateDescriptor);
        if (created) {
            createdStates.record(stateDescriptor);
        }
        return state;
    }

    /** The serializers of the keyed states this backend created, by state name. */
    public CreatedStateSerializers getCreatedStateSerializers() {
        return createdStates;
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.state;

import org.apache.flink.api.common.state.BroadcastState;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.MapStateDescriptor;

/** Records the serializers of the operator states it creates, for the job's serializer report. */
public class DefaultOperatorStateBackend {

    private final CreatedStateSerializers createdStates = new CreatedStateSerializers();

    @Overlay.Wrap("1.20.5:84b9cd4873cd")
    @Override
    public <K, V> BroadcastState<K, V> getBroadcastState(
            final MapStateDescriptor<K, V> stateDescriptor) throws StateMigrationException {
        BroadcastState<K, V> state = getBroadcastState$upstream(stateDescriptor);
        createdStates.record(stateDescriptor);
        return state;
    }

    @Overlay.Wrap("1.20.5:d6df4761e235")
    @Override
    public <S> ListState<S> getListState(ListStateDescriptor<S> stateDescriptor) throws Exception {
        ListState<S> state = getListState$upstream(stateDescriptor);
        createdStates.record(stateDescriptor);
        return state;
    }

    @Overlay.Wrap("1.20.5:9b348d138b2f")
    @Override
    public <S> ListState<S> getUnionListState(ListStateDescriptor<S> stateDescriptor)
            throws Exception {
        ListState<S> state = getUnionListState$upstream(stateDescriptor);
        createdStates.record(stateDescriptor);
        return state;
    }

    /** The serializers of the operator and broadcast states this backend created, by name. */
    public CreatedStateSerializers getCreatedStateSerializers() {
        return createdStates;
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.io;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.checkpoint.StateHandleDummyUtil;
import org.apache.flink.runtime.checkpoint.StateObjectCollection;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.runtime.state.TaskStateManager;
import org.apache.flink.streaming.api.graph.StreamConfig;
import org.apache.flink.streaming.api.graph.TimestampSupportDecision;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

/** A tagless task learns its format, and refuses state it would misread. */
class TaglessNetworkTest {

    private static final ClassLoader CLASS_LOADER = TaglessNetworkTest.class.getClassLoader();

    private final OperatorID operator = new OperatorID();

    @Test
    void readsTheDecisionFromTheJobConfiguration() {
        Configuration jobConfiguration = new Configuration();
        assertThat(TaglessNetwork.isEnabled(jobConfiguration)).isFalse();

        jobConfiguration.set(TimestampSupportDecision.TAGLESS_RECORDS, true);
        assertThat(TaglessNetwork.isEnabled(jobConfiguration)).isTrue();
    }

    @Test
    void knowsTheUsersOperatorsFromTheJobConfiguration() {
        Configuration jobConfiguration = new Configuration();
        jobConfiguration.set(TimestampSupportDecision.USER_OPERATORS, List.of(3, 7));

        assertThat(TaglessNetwork.isUserOperator(jobConfiguration, 7)).isTrue();
        assertThat(TaglessNetwork.isUserOperator(jobConfiguration, 4)).isFalse();
        assertThat(TaglessNetwork.isUserOperator(new Configuration(), 7)).isFalse();
    }

    @Test
    void refusesAUserOperatorsRecordWithATimestamp() {
        assertThatCode(() -> TaglessNetwork.checkNoTimestamp(new StreamRecord<>(1L), "op"))
                .doesNotThrowAnyException();
        assertThatCode(
                        () ->
                                TaglessNetwork.checkNoTimestamp(
                                        new StreamRecord<>(1L, Long.MIN_VALUE), "op"))
                .doesNotThrowAnyException();
        assertThatThrownBy(() -> TaglessNetwork.checkNoTimestamp(new StreamRecord<>(1L, 5L), "op"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("Operator 'op' emitted a record with timestamp 5 ")
                .hasMessageContaining("Set pipeline.force-timestamp-support to true");
    }

    @Test
    void scopesTheFormatToTheTaskInitialization() throws Exception {
        boolean[] seen = new boolean[2];

        TaglessNetwork.initializeTask(true, () -> seen[0] = TaglessNetwork.inTaglessTask());
        TaglessNetwork.initializeTask(false, () -> seen[1] = TaglessNetwork.inTaglessTask());

        assertThat(seen).containsExactly(true, false);
        assertThat(TaglessNetwork.inTaglessTask()).isFalse();
    }

    @Test
    void leavesTheScopeWhenTheInitializationFails() {
        assertThatThrownBy(
                        () ->
                                TaglessNetwork.initializeTask(
                                        true,
                                        () -> {
                                            throw new IllegalStateException("boom");
                                        }))
                .hasMessage("boom");
        assertThat(TaglessNetwork.inTaglessTask()).isFalse();
    }

    @Test
    void restoresStateWithoutInFlightData() {
        TaskStateManager stateManager = restoring(OperatorSubtaskState.builder().build());

        assertThatCode(
                        () ->
                                TaglessNetwork.checkCanRestore(
                                        taskConfig(), stateManager, CLASS_LOADER))
                .doesNotThrowAnyException();
        assertThatCode(
                        () ->
                                TaglessNetwork.checkCanRestore(
                                        taskConfig(), nothingRestored(), CLASS_LOADER))
                .doesNotThrowAnyException();
    }

    @Test
    void refusesInFlightDataOfInputs() {
        OperatorSubtaskState state =
                OperatorSubtaskState.builder()
                        .setInputChannelState(
                                StateObjectCollection.singleton(
                                        StateHandleDummyUtil.createNewInputChannelStateHandle(
                                                3, new Random(1))))
                        .build();

        assertThatThrownBy(
                        () ->
                                TaglessNetwork.checkCanRestore(
                                        taskConfig(), restoring(state), CLASS_LOADER))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Checkpoint 7 holds in-flight data")
                .hasMessageContaining("pipeline.force-timestamp-support");
    }

    @Test
    void refusesInFlightDataOfOutputs() {
        OperatorSubtaskState state =
                OperatorSubtaskState.builder()
                        .setResultSubpartitionState(
                                StateObjectCollection.singleton(
                                        StateHandleDummyUtil.createNewResultSubpartitionStateHandle(
                                                3, new Random(1))))
                        .build();

        assertThatThrownBy(
                        () ->
                                TaglessNetwork.checkCanRestore(
                                        taskConfig(), restoring(state), CLASS_LOADER))
                .hasMessageContaining("in-flight data");
    }

    @Test
    void refusesUnalignedCheckpoints() {
        StreamConfig config = taskConfig();
        config.setUnalignedCheckpointsEnabled(true);

        assertThatThrownBy(
                        () ->
                                TaglessNetwork.checkCanRestore(
                                        config, nothingRestored(), CLASS_LOADER))
                .hasMessageContaining("unaligned checkpoints are enabled");
    }

    private StreamConfig taskConfig() {
        StreamConfig config = new StreamConfig(new Configuration());
        config.setOperatorID(operator);
        return config;
    }

    private TaskStateManager restoring(OperatorSubtaskState state) {
        TaskStateManager stateManager = mock(TaskStateManager.class);
        when(stateManager.getRestoreCheckpointId()).thenReturn(Optional.of(7L));
        when(stateManager.getSubtaskJobManagerRestoredState(operator))
                .thenReturn(Optional.of(state));
        return stateManager;
    }

    private static TaskStateManager nothingRestored() {
        TaskStateManager stateManager = mock(TaskStateManager.class);
        when(stateManager.getRestoreCheckpointId()).thenReturn(Optional.empty());
        when(stateManager.getSubtaskJobManagerRestoredState(any())).thenReturn(Optional.empty());
        return stateManager;
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api;

import org.apache.flink.runtime.jobgraph.OperatorID;

import java.util.Objects;

import static org.apache.flink.util.Preconditions.checkNotNull;

/**
 * A runtime event used to approximate the time a record needs to travel through the dataflow
 * (FLIP-330): the network form of a streaming latency marker, so that only records remain on the
 * record path. It carries the marker's time, the operator that emitted it and that operator's
 * subtask index. {@code EventSerializer} writes it with a type tag of its own.
 */
public class LatencyMarkerEvent extends StreamControlEvent {

    private final long markedTime;
    private final OperatorID operatorId;
    private final int subtaskIndex;

    public LatencyMarkerEvent(long markedTime, OperatorID operatorId, int subtaskIndex) {
        this.markedTime = markedTime;
        this.operatorId = checkNotNull(operatorId);
        this.subtaskIndex = subtaskIndex;
    }

    /** When the source marked the event, in milliseconds since the epoch. */
    public long getMarkedTime() {
        return markedTime;
    }

    /** The operator that emitted the marker. */
    public OperatorID getOperatorId() {
        return operatorId;
    }

    /** The subtask of the operator that emitted the marker. */
    public int getSubtaskIndex() {
        return subtaskIndex;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (o == null || getClass() != o.getClass()) {
            return false;
        }
        LatencyMarkerEvent other = (LatencyMarkerEvent) o;
        return markedTime == other.markedTime
                && subtaskIndex == other.subtaskIndex
                && operatorId.equals(other.operatorId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(markedTime, operatorId, subtaskIndex);
    }

    @Override
    public String toString() {
        return "LatencyMarkerEvent{markedTime="
                + markedTime
                + ", operatorId="
                + operatorId
                + ", subtaskIndex="
                + subtaskIndex
                + '}';
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api;

/**
 * The network form of streaming record attributes (whether the records that follow are backlog) in
 * a job whose records travel without tag and timestamp (FLIP-330).
 */
public final class StreamRecordAttributesEvent extends StreamControlEvent {

    private final boolean backlog;

    public StreamRecordAttributesEvent(boolean backlog) {
        this.backlog = backlog;
    }

    /** Whether the records that follow are backlog. */
    public boolean isBacklog() {
        return backlog;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StreamRecordAttributesEvent
                && ((StreamRecordAttributesEvent) o).backlog == backlog;
    }

    @Override
    public int hashCode() {
        return Boolean.hashCode(backlog);
    }

    @Override
    public String toString() {
        return "StreamRecordAttributesEvent{backlog=" + backlog + '}';
    }
}

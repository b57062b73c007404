/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.streamrecord;

import org.apache.flink.api.common.eventtime.TimestampAssigner;

/**
 * Carries the mark of a timestamp left behind on a tagless network edge (FLIP-330), kept by {@link
 * DroppedTimestamps}: copies keep it, setting a timestamp or erasing it clears it, and reading the
 * timestamp of a marked record fails.
 */
public final class StreamRecord<T> {

    /** Whether the timestamp was left behind on the network and no operator has set one since. */
    boolean timestampDropped;

    /**
     * Fails on a marked record: the caller, an operator that reads the record's timestamp itself,
     * would take Flink's "no timestamp" for the timestamp that stayed behind.
     */
    @Overlay.Replace("1.20.5:7234e1f1a0bb")
    public long getTimestamp() {
        if (hasTimestamp) {
            return timestamp;
        }
        return timestampOfRecordWithout();
    }

    /** Flink's "no timestamp", or the failure of a read of one left behind on the network. */
    private long timestampOfRecordWithout() {
        if (timestampDropped) {
            throw DroppedTimestamps.readByOperatorCode();
        }
        return Long.MIN_VALUE;
    }

    @Overlay.Wrap("1.20.5:79bcc9ca24e6")
    public <X> StreamRecord<X> replace(X value, long timestamp) {
        timestampDropped = false;
        return replace$upstream(value, timestamp);
    }

    /**
     * Setting {@link TimestampAssigner#NO_TIMESTAMP} keeps the mark: Flink's "no timestamp" does
     * not stand for the one left behind (a timestamp assigner behind the edge that passes the
     * record's timestamp on sets it).
     */
    @Overlay.Wrap("1.20.5:580968b38cf2")
    public void setTimestamp(long timestamp) {
        timestampDropped = timestampDropped && timestamp == TimestampAssigner.NO_TIMESTAMP;
        setTimestamp$upstream(timestamp);
    }

    @Overlay.Wrap("1.20.5:789a70a9bb02")
    public void eraseTimestamp() {
        timestampDropped = false;
        eraseTimestamp$upstream();
    }

    @Overlay.Wrap("1.20.5:d38625d051ac")
    public StreamRecord<T> copy(T valueCopy) {
        StreamRecord<T> copy = copy$upstream(valueCopy);
        copy.timestampDropped = timestampDropped;
        return copy;
    }

    @Overlay.Wrap("1.20.5:d5d8abe9e0a8")
    public void copyTo(T valueCopy, StreamRecord<T> target) {
        copyTo$upstream(valueCopy, target);
        target.timestampDropped = timestampDropped;
    }
}

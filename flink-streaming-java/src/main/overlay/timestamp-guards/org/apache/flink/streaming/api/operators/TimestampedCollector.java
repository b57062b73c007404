/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.operators;

import org.apache.flink.streaming.runtime.streamrecord.DroppedTimestamps;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * Gives its output the input's mark of a timestamp left behind on the network (FLIP-330) with the
 * input's timestamp, and none with a timestamp of its own.
 */
public final class TimestampedCollector<T> {

    @Overlay.Wrap("1.20.5:eb3f6f632cdb")
    public void setTimestamp(StreamRecord<?> timestampBase) {
        setTimestamp$upstream(timestampBase);
        DroppedTimestamps.inherit(timestampBase, reuse);
    }

    /** A timer's time is the output's own timestamp: no mark of an earlier input stays. */
    @Overlay.Wrap("1.20.5:1d13513216a0")
    public void setAbsoluteTimestamp(long timestamp) {
        reuse.eraseTimestamp();
        setAbsoluteTimestamp$upstream(timestamp);
    }
}

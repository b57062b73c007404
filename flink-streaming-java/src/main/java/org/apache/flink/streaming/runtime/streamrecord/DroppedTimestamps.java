/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.streamrecord;

import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.PipelineOptions;

import javax.annotation.Nullable;

/**
 * Keeps track of records whose timestamp was left behind on a tagless network edge (FLIP-330) and
 * refuses to read it: a function that asks for such a record's timestamp fails instead of seeing
 * none where the job with tagged records would have seen one.
 *
 * <p>A record is marked when it is read from the network without a timestamp, and when a sort of a
 * batch job's keyed input hands it out. The mark stays with the record and its copies through the
 * chain ({@link StreamRecord#replace(Object)}, {@link StreamRecord#copy}, a collector that gives
 * its output the input's timestamp), and goes once an operator sets a timestamp other than {@code
 * Long.MIN_VALUE}, Flink's "no timestamp", or erases it.
 */
@Internal
public final class DroppedTimestamps {

    private DroppedTimestamps() {}

    /** Erases the record's timestamp and marks it as left behind on the network. */
    public static void drop(StreamRecord<?> record) {
        record.eraseTimestamp();
        record.timestampDropped = true;
    }

    /** Whether the record's timestamp was left behind on the network. */
    public static boolean isDropped(StreamRecord<?> record) {
        return record.timestampDropped;
    }

    /** Gives the target the mark of the record whose timestamp it takes over. */
    public static void inherit(StreamRecord<?> timestampBase, StreamRecord<?> target) {
        target.timestampDropped = timestampBase.timestampDropped;
    }

    /**
     * Fails if the record's timestamp was left behind on the network. A missing record passes: a
     * context asked for a timestamp outside an element's processing fails its own check.
     *
     * @throws IllegalStateException naming the option and what to change
     */
    public static void checkReadable(@Nullable StreamRecord<?> record) {
        if (record != null && record.timestampDropped) {
            throw new IllegalStateException(
                    "A function read the timestamp of a record that crossed the network without"
                            + " it: "
                            + PipelineOptions.FORCE_TIMESTAMP_SUPPORT.key()
                            + " is false and the job has no watermarks, so records travel without"
                            + " timestamps. Set "
                            + PipelineOptions.FORCE_TIMESTAMP_SUPPORT.key()
                            + " to true, or give the job a WatermarkStrategy that emits"
                            + " watermarks, to read record timestamps.");
        }
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api;

import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.runtime.event.RuntimeEvent;

/**
 * An event that carries a stream's control information between tasks instead of a tagged stream
 * element (FLIP-330): watermarks, watermark statuses, latency markers, record attributes and the
 * timestamps of tagless records. {@code EventSerializer} writes and reads each of them itself, with
 * a type tag of its own, so the generic {@link #write}/{@link #read} path of events is never used.
 */
public abstract class StreamControlEvent extends RuntimeEvent {

    /** Never called: {@code EventSerializer} writes this event itself. */
    @Override
    public final void write(DataOutputView out) {
        throw new UnsupportedOperationException(
                "EventSerializer writes " + getClass().getSimpleName());
    }

    /** Never called: {@code EventSerializer} reads this event itself. */
    @Override
    public final void read(DataInputView in) {
        throw new UnsupportedOperationException(
                "EventSerializer reads " + getClass().getSimpleName());
    }
}

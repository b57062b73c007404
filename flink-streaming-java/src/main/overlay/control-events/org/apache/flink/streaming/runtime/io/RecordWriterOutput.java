/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.io;

import org.apache.flink.runtime.io.network.api.writer.SubpartitionEvents;
import org.apache.flink.streaming.runtime.streamrecord.LatencyMarker;

import java.io.IOException;
import java.io.UncheckedIOException;

/** Sends latency markers as events (FLIP-330) to one consumer each, in both record formats. */
public class RecordWriterOutput<OUT> {

    /** Sends the marker as an event to one consumer chosen at random, in both record formats. */
    @Overlay.Replace("1.20.5:f82ee8c33b69")
    @Override
    public void emitLatencyMarker(LatencyMarker latencyMarker) {
        try {
            SubpartitionEvents.randomEmit(recordWriter, ControlEvents.toEvent(latencyMarker));
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }
}

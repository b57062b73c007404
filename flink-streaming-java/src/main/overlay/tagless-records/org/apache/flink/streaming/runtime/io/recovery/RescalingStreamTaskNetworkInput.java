/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.io.recovery;

import org.apache.flink.streaming.runtime.io.StreamTaskInput;
import org.apache.flink.streaming.runtime.io.StreamTaskNetworkInput;

import java.io.IOException;

/** Hands the record format on to the input that takes over after recovery (FLIP-330). */
public class RescalingStreamTaskNetworkInput<T> {

    @Overlay.Wrap("1.20.5:b279b477d8d5")
    public StreamTaskInput<T> finishRecovery() throws IOException {
        StreamTaskInput<T> next = finishRecovery$upstream();
        if (isTaglessRecords()) {
            ((StreamTaskNetworkInput<T>) next).useTaglessRecords();
        }
        return next;
    }
}

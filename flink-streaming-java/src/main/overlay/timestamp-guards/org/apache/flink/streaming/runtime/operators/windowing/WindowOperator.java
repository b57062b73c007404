/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.operators.windowing;

import org.apache.flink.streaming.api.windowing.evictors.Evictor;
import org.apache.flink.streaming.runtime.streamrecord.DroppedTimestamps;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

import javax.annotation.Nullable;

/**
 * Fails on a record whose timestamp was left behind on a tagless network edge (FLIP-330) when the
 * window's assigner, trigger or evictor may read it ({@link WindowTimestampReaders}); otherwise
 * hands it on to them, which ignore its timestamp, as a record without one.
 */
public class WindowOperator<K, IN, ACC, OUT, W extends Window> {

    /** Whether the window may read the records' timestamps; null until a marked record comes. */
    private transient Boolean mayReadTimestamps;

    @Overlay.Wrap("1.20.5:987341a69409")
    @Override
    public void processElement(StreamRecord<IN> element) throws Exception {
        if (DroppedTimestamps.isDropped(element)) {
            checkTimestampReadable(element);
            DroppedTimestamps.withMarkLifted(element, this::processElement$upstream);
        } else {
            processElement$upstream(element);
        }
    }

    /** A marked record must not reach a window whose parts may read its timestamp. */
    void checkTimestampReadable(StreamRecord<IN> element) {
        if (mayReadTimestamps == null) {
            mayReadTimestamps =
                    WindowTimestampReaders.mayReadTimestamps(
                            windowAssigner, trigger, windowEvictor());
        }
        if (mayReadTimestamps) {
            DroppedTimestamps.checkReadable(element, getOperatorConfig().getOperatorName());
        }
    }

    /** The evictor of an evicting window, null for none. */
    @Nullable
    Evictor<?, ?> windowEvictor() {
        return null;
    }
}

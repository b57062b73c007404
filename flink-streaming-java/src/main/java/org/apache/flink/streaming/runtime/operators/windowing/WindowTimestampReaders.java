/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.operators.windowing;

import org.apache.flink.annotation.Internal;
import org.apache.flink.streaming.api.windowing.assigners.DynamicProcessingTimeSessionWindows;
import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;
import org.apache.flink.streaming.api.windowing.assigners.ProcessingTimeSessionWindows;
import org.apache.flink.streaming.api.windowing.assigners.SlidingProcessingTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.WindowAssigner;
import org.apache.flink.streaming.api.windowing.evictors.CountEvictor;
import org.apache.flink.streaming.api.windowing.evictors.DeltaEvictor;
import org.apache.flink.streaming.api.windowing.evictors.Evictor;
import org.apache.flink.streaming.api.windowing.triggers.ContinuousProcessingTimeTrigger;
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger;
import org.apache.flink.streaming.api.windowing.triggers.DeltaTrigger;
import org.apache.flink.streaming.api.windowing.triggers.EventTimeTrigger;
import org.apache.flink.streaming.api.windowing.triggers.ProcessingTimeTrigger;
import org.apache.flink.streaming.api.windowing.triggers.PurgingTrigger;
import org.apache.flink.streaming.api.windowing.triggers.Trigger;

import javax.annotation.Nullable;

import java.util.Set;

/**
 * Whether a window operator hands a record's timestamp to code that may read it: what a record
 * whose timestamp stayed behind on a tagless network edge (FLIP-330) must not reach, or the window
 * would be computed with Flink's "no timestamp" where upstream computes it with the real one.
 *
 * <p>Flink's processing-time window assigners and its triggers other than {@code
 * ContinuousEventTimeTrigger} and {@code ProcessingTimeoutTrigger} take the timestamp and ignore
 * it, as do its count and delta evictors. Event-time assigners, the {@code TimeEvictor}, {@code
 * ContinuousEventTimeTrigger} (which aligns its firings to the first record's timestamp), {@code
 * ProcessingTimeoutTrigger} (whose wrapped trigger cannot be seen) and every assigner, trigger and
 * evictor of the user's may read it.
 */
@Internal
public final class WindowTimestampReaders {

    private static final Set<Class<?>> ASSIGNERS_IGNORING_TIMESTAMPS =
            Set.of(
                    TumblingProcessingTimeWindows.class,
                    SlidingProcessingTimeWindows.class,
                    ProcessingTimeSessionWindows.class,
                    DynamicProcessingTimeSessionWindows.class,
                    GlobalWindows.class);

    private static final Set<Class<?>> TRIGGERS_IGNORING_TIMESTAMPS =
            Set.of(
                    ProcessingTimeTrigger.class,
                    EventTimeTrigger.class,
                    CountTrigger.class,
                    ContinuousProcessingTimeTrigger.class,
                    DeltaTrigger.class,
                    GlobalWindows.NeverTrigger.class,
                    GlobalWindows.EndOfStreamTrigger.class);

    private static final Set<Class<?>> EVICTORS_IGNORING_TIMESTAMPS =
            Set.of(CountEvictor.class, DeltaEvictor.class);

    private WindowTimestampReaders() {}

    /**
     * Whether the window's assigner, trigger or evictor may read the timestamps of the records that
     * the window operator is handed.
     *
     * @param evictor the evictor of an evicting window, null for none
     */
    public static boolean mayReadTimestamps(
            WindowAssigner<?, ?> assigner, Trigger<?, ?> trigger, @Nullable Evictor<?, ?> evictor) {
        return !ASSIGNERS_IGNORING_TIMESTAMPS.contains(assigner.getClass())
                || triggerMayRead(trigger)
                || (evictor != null && !EVICTORS_IGNORING_TIMESTAMPS.contains(evictor.getClass()));
    }

    private static boolean triggerMayRead(Trigger<?, ?> trigger) {
        if (trigger instanceof PurgingTrigger) {
            return triggerMayRead(((PurgingTrigger<?, ?>) trigger).getNestedTrigger());
        }
        return !TRIGGERS_IGNORING_TIMESTAMPS.contains(trigger.getClass());
    }
}

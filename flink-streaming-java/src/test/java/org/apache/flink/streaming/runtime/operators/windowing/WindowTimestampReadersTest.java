/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.operators.windowing;

import org.apache.flink.streaming.api.windowing.assigners.GlobalWindows;
import org.apache.flink.streaming.api.windowing.assigners.SlidingProcessingTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.TumblingProcessingTimeWindows;
import org.apache.flink.streaming.api.windowing.assigners.WindowAssigner;
import org.apache.flink.streaming.api.windowing.evictors.CountEvictor;
import org.apache.flink.streaming.api.windowing.evictors.DeltaEvictor;
import org.apache.flink.streaming.api.windowing.evictors.TimeEvictor;
import org.apache.flink.streaming.api.windowing.triggers.ContinuousEventTimeTrigger;
import org.apache.flink.streaming.api.windowing.triggers.ContinuousProcessingTimeTrigger;
import org.apache.flink.streaming.api.windowing.triggers.CountTrigger;
import org.apache.flink.streaming.api.windowing.triggers.ProcessingTimeTrigger;
import org.apache.flink.streaming.api.windowing.triggers.ProcessingTimeoutTrigger;
import org.apache.flink.streaming.api.windowing.triggers.PurgingTrigger;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** Which windows may read the timestamps of the records they are handed. */
class WindowTimestampReadersTest {

    private static final WindowAssigner<Object, ?> PROCESSING_TIME =
            TumblingProcessingTimeWindows.of(Duration.ofMinutes(1));

    @Test
    void flinksProcessingTimeWindowsIgnoreTimestamps() {
        assertThat(
                        WindowTimestampReaders.mayReadTimestamps(
                                PROCESSING_TIME, ProcessingTimeTrigger.create(), null))
                .isFalse();
        assertThat(
                        WindowTimestampReaders.mayReadTimestamps(
                                SlidingProcessingTimeWindows.of(
                                        Duration.ofMinutes(1), Duration.ofSeconds(10)),
                                PurgingTrigger.of(CountTrigger.of(5)),
                                CountEvictor.of(3)))
                .isFalse();
        assertThat(
                        WindowTimestampReaders.mayReadTimestamps(
                                GlobalWindows.create(),
                                ContinuousProcessingTimeTrigger.of(Duration.ofSeconds(1)),
                                DeltaEvictor.of(1.0, (a, b) -> 0.0)))
                .isFalse();
        for (GlobalWindows global :
                new GlobalWindows[] {
                    GlobalWindows.create(), GlobalWindows.createWithEndOfStreamTrigger()
                }) {
            assertThat(
                            WindowTimestampReaders.mayReadTimestamps(
                                    global, global.getDefaultTrigger(), null))
                    .isFalse();
        }
    }

    @Test
    void eventTimeAssignersMayRead() {
        assertThat(
                        WindowTimestampReaders.mayReadTimestamps(
                                TumblingEventTimeWindows.of(Duration.ofMinutes(1)),
                                CountTrigger.of(5),
                                null))
                .isTrue();
    }

    @Test
    void triggersThatReadTimestampsOrHideTheirNestedOnesMayRead() {
        assertThat(
                        WindowTimestampReaders.mayReadTimestamps(
                                PROCESSING_TIME,
                                ContinuousEventTimeTrigger.of(Duration.ofSeconds(1)),
                                null))
                .isTrue();
        assertThat(
                        WindowTimestampReaders.mayReadTimestamps(
                                PROCESSING_TIME,
                                PurgingTrigger.of(
                                        ContinuousEventTimeTrigger.of(Duration.ofSeconds(1))),
                                null))
                .isTrue();
        assertThat(
                        WindowTimestampReaders.mayReadTimestamps(
                                PROCESSING_TIME,
                                ProcessingTimeoutTrigger.of(
                                        CountTrigger.of(5), Duration.ofSeconds(1)),
                                null))
                .isTrue();
    }

    @Test
    void theTimeEvictorMayRead() {
        assertThat(
                        WindowTimestampReaders.mayReadTimestamps(
                                PROCESSING_TIME,
                                CountTrigger.of(5),
                                TimeEvictor.of(Duration.ofSeconds(1))))
                .isTrue();
    }
}

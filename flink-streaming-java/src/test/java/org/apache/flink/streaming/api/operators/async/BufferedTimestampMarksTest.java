/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.operators.async;

import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.datastream.AsyncDataStream;
import org.apache.flink.streaming.api.functions.async.AsyncFunction;
import org.apache.flink.streaming.api.functions.async.ResultFuture;
import org.apache.flink.streaming.api.operators.async.queue.StreamElementQueue;
import org.apache.flink.streaming.runtime.streamrecord.DroppedTimestamps;
import org.apache.flink.streaming.runtime.streamrecord.StreamElement;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Async I/O restores the records it held at a snapshot with the mark of a timestamp that stayed
 * behind at a tagless network edge (FLIP-330), which its state of upstream's format cannot hold,
 * and a job that holds no marked records snapshots no state beside upstream's.
 */
@Timeout(60)
class BufferedTimestampMarksTest {

    @Test
    void aRecordWhoseTimestampStayedBehindIsRestoredMarked() throws Exception {
        StreamRecord<Long> dropped = new StreamRecord<>(1L, 42L);
        DroppedTimestamps.drop(dropped);

        List<StreamRecord<?>> restored =
                restoredRecords(snapshotHolding(dropped, new StreamRecord<>(2L, Long.MIN_VALUE)));

        assertThat(restored)
                .extracting(record -> (Object) record.getValue())
                .containsExactly(1L, 2L);
        assertThat(DroppedTimestamps.isDropped(restored.get(0))).isTrue();
        assertThat(DroppedTimestamps.isDropped(restored.get(1))).isFalse();
        assertThat(restored.get(1).getTimestamp()).isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void aSnapshotWithoutMarkedRecordsHoldsUpstreamsStateAlone() throws Exception {
        try (OneInputStreamOperatorTestHarness<Long, Long> harness = harness(new Pending())) {
            harness.open();
            harness.processElement(new StreamRecord<>(2L, Long.MIN_VALUE));
            harness.processElement(new StreamRecord<>(3L));
            OperatorSubtaskState snapshot = harness.snapshot(1, 1);

            assertThat(harness.getOperator().getOperatorStateBackend().getRegisteredStateNames())
                    .doesNotContain(BufferedTimestampMarks.STATE.getName())
                    .isNotEmpty();
            List<StreamRecord<?>> restored = restoredRecords(snapshot);
            assertThat(restored)
                    .extracting(record -> (Object) record.getValue())
                    .containsExactly(2L, 3L);
            assertThat(restored).noneMatch(DroppedTimestamps::isDropped);
            assertThat(restored.get(1).hasTimestamp()).isFalse();
        }
    }

    @Test
    void aLaterSnapshotWithoutMarkedRecordsClearsTheMark() throws Exception {
        StreamRecord<Long> dropped = new StreamRecord<>(1L, 42L);
        DroppedTimestamps.drop(dropped);
        OperatorSubtaskState marked = snapshotHolding(dropped);

        OperatorSubtaskState later;
        try (OneInputStreamOperatorTestHarness<Long, Long> harness = harness(new Echo())) {
            harness.initializeState(marked);
            harness.open();
            harness.processElement(new StreamRecord<>(3L));
            harness.endInput();
            later = harness.snapshot(2, 2);
        }
        try (OneInputStreamOperatorTestHarness<Long, Long> harness = harness(new Pending())) {
            harness.initializeState(later);
            harness.open();
            harness.processElement(new StreamRecord<>(4L));
            List<StreamRecord<?>> restored = restoredRecords(harness.snapshot(3, 3));
            assertThat(restored)
                    .extracting(record -> (Object) record.getValue())
                    .containsExactly(4L);
            assertThat(restored).noneMatch(DroppedTimestamps::isDropped);
        }
    }

    /** A snapshot of async I/O that holds the records, none of them completed. */
    @SafeVarargs
    private static OperatorSubtaskState snapshotHolding(StreamRecord<Long>... records)
            throws Exception {
        try (OneInputStreamOperatorTestHarness<Long, Long> harness = harness(new Pending())) {
            harness.open();
            for (StreamRecord<Long> record : records) {
                harness.processElement(record);
            }
            return harness.snapshot(1, 1);
        }
    }

    /**
     * The records that async I/O holds again after it restored them from the snapshot and opened.
     * They are read from its queue: a test harness copies the records an operator emits into new
     * ones, without the mark.
     */
    private static List<StreamRecord<?>> restoredRecords(OperatorSubtaskState snapshot)
            throws Exception {
        try (OneInputStreamOperatorTestHarness<Long, Long> harness = harness(new Pending())) {
            harness.initializeState(snapshot);
            harness.open();
            Field queue = AsyncWaitOperator.class.getDeclaredField("queue");
            queue.setAccessible(true);
            List<StreamRecord<?>> records = new ArrayList<>();
            for (StreamElement element :
                    ((StreamElementQueue<?>) queue.get(harness.getOperator())).values()) {
                records.add(element.asRecord());
            }
            return records;
        }
    }

    private static OneInputStreamOperatorTestHarness<Long, Long> harness(
            AsyncFunction<Long, Long> function) throws Exception {
        return new OneInputStreamOperatorTestHarness<>(
                new AsyncWaitOperatorFactory<>(function, 0, 10, AsyncDataStream.OutputMode.ORDERED),
                LongSerializer.INSTANCE);
    }

    /** Completes nothing, so that every record stays in the operator's buffer. */
    private static final class Pending implements AsyncFunction<Long, Long> {
        @Override
        public void asyncInvoke(Long input, ResultFuture<Long> resultFuture) {}
    }

    /** Completes each input with itself. */
    private static final class Echo implements AsyncFunction<Long, Long> {
        @Override
        public void asyncInvoke(Long input, ResultFuture<Long> resultFuture) {
            resultFuture.complete(Collections.singletonList(input));
        }
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.operators.async;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.OperatorStateStore;
import org.apache.flink.api.common.typeutils.base.BooleanSerializer;
import org.apache.flink.streaming.runtime.streamrecord.DroppedTimestamps;
import org.apache.flink.streaming.runtime.streamrecord.StreamElement;

import java.util.List;

/**
 * Keeps the mark of records whose timestamp stayed behind at a tagless network edge (FLIP-330)
 * across a snapshot of the records that async I/O holds. Upstream's state of those records has room
 * for a timestamp but not for the mark, so such a record is written as one without a timestamp; a
 * list state of its own holds one entry for each subtask whose snapshot held marked records, and a
 * subtask restored with such an entry marks every record without a timestamp again. A record that
 * had no timestamp at all, beside marked ones in the same subtask's snapshot, is therefore restored
 * marked: a read of its timestamp fails where upstream would read none.
 *
 * <p>When the job is restored with another parallelism, the entries and the records are
 * redistributed each on their own, so a subtask may get marked records without an entry, which then
 * read as records without a timestamp. The state is a list state rather than a union one because
 * upstream, which does not read it, keeps what it restores: a union state would grow by the
 * parallelism at every restore there.
 *
 * <p>The state is only registered by a snapshot that holds marked records, so a job that never has
 * them writes upstream's snapshots, state for state.
 */
@Internal
public final class BufferedTimestampMarks {

    /**
     * The list state that holds {@code true} for each subtask whose snapshot held marked records.
     */
    static final ListStateDescriptor<Boolean> STATE =
            new ListStateDescriptor<>(
                    "wirespeed-async-wait-dropped-timestamps", BooleanSerializer.INSTANCE);

    private BufferedTimestampMarks() {}

    /** Records, after upstream's snapshot of the buffered elements, whether any was marked. */
    public static void snapshot(OperatorStateStore stateStore, Iterable<StreamElement> buffered)
            throws Exception {
        boolean marked = false;
        for (StreamElement element : buffered) {
            marked |= element.isRecord() && DroppedTimestamps.isDropped(element.asRecord());
        }
        if (marked) {
            stateStore.getListState(STATE).update(List.of(true));
        } else if (stateStore.getRegisteredStateNames().contains(STATE.getName())) {
            stateStore.getListState(STATE).clear();
        }
    }

    /**
     * Marks the restored records without a timestamp again if the snapshot held marked records. The
     * records are those that the operator processes when it opens.
     */
    public static void restore(OperatorStateStore stateStore, ListState<StreamElement> restored)
            throws Exception {
        if (!stateStore.getRegisteredStateNames().contains(STATE.getName())
                || !stateStore.getListState(STATE).get().iterator().hasNext()) {
            return;
        }
        for (StreamElement element : restored.get()) {
            if (element.isRecord() && !element.asRecord().hasTimestamp()) {
                DroppedTimestamps.drop(element.asRecord());
            }
        }
    }
}

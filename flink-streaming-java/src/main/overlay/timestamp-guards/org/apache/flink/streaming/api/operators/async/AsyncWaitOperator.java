/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.operators.async;

import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;

/**
 * Keeps the mark of buffered records whose timestamp stayed behind at a tagless network edge
 * (FLIP-330) across snapshots ({@link BufferedTimestampMarks}).
 */
public class AsyncWaitOperator<IN, OUT> {

    @Overlay.Wrap("1.20.5:eb2c133e3bb3")
    @Override
    public void snapshotState(StateSnapshotContext context) throws Exception {
        snapshotState$upstream(context);
        BufferedTimestampMarks.snapshot(getOperatorStateBackend(), queue.values());
    }

    @Overlay.Wrap("1.20.5:12de4e7241c4")
    @Override
    public void initializeState(StateInitializationContext context) throws Exception {
        initializeState$upstream(context);
        BufferedTimestampMarks.restore(context.getOperatorStateStore(), recoveredStreamElements);
    }
}

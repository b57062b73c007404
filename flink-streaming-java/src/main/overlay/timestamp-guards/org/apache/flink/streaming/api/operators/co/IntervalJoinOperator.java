/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.operators.co;

import org.apache.flink.streaming.runtime.streamrecord.DroppedTimestamps;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * Fails on a record whose timestamp was left behind on a tagless network edge (FLIP-330): the join
 * matches records by their timestamps.
 */
public class IntervalJoinOperator<K, T1, T2, OUT> {

    @Overlay.Wrap("1.20.5:9e77f3e6c083")
    @Override
    public void processElement1(StreamRecord<T1> record) throws Exception {
        DroppedTimestamps.checkReadable(record, getOperatorConfig().getOperatorName());
        processElement1$upstream(record);
    }

    @Overlay.Wrap("1.20.5:9657258deacb")
    @Override
    public void processElement2(StreamRecord<T2> record) throws Exception {
        DroppedTimestamps.checkReadable(record, getOperatorConfig().getOperatorName());
        processElement2$upstream(record);
    }
}

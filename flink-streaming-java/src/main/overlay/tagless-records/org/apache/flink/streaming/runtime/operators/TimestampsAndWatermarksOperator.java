/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.operators;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;

/** Exposes the operator's watermark strategy to the job graph's FLIP-330 decision. */
public class TimestampsAndWatermarksOperator {

    /** The watermark strategy the operator assigns timestamps and watermarks with. */
    public WatermarkStrategy<T> getWatermarkStrategy() {
        return watermarkStrategy;
    }
}

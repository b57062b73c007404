/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.operators;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;

/** Exposes the source's watermark strategy to the job graph's FLIP-330 decision. */
public class SourceOperatorFactory {

    /** The watermark strategy the source was created with. */
    public WatermarkStrategy<OUT> getWatermarkStrategy() {
        return watermarkStrategy;
    }
}

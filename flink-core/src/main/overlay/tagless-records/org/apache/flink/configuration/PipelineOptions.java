/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.configuration;

/** Wirespeed's pipeline options, merged into upstream's {@code PipelineOptions}. */
public class PipelineOptions {

    /**
     * FLIP-330: whether records must keep carrying their timestamp and element tag on the wire.
     *
     * @deprecated Introduced deprecated, as FLIP-330 specifies: it is a stop-gap until Flink can
     *     tell by itself that a job never uses record timestamps.
     */
    @Deprecated
    public static final ConfigOption<Boolean> FORCE_TIMESTAMP_SUPPORT =
            key("pipeline.force-timestamp-support")
                    .booleanType()
                    .defaultValue(true)
                    .withDescription(
                            "Whether to force the support for record timestamps. When false, and"
                                    + " the job has no watermarks (the auto watermark interval"
                                    + " 'pipeline.auto-watermark-interval' is 0 and every"
                                    + " watermark strategy in the job is"
                                    + " WatermarkStrategy.noWatermarks()), records cross the"
                                    + " network as their value bytes only, without the"
                                    + " per-record element tag and timestamp. A record without"
                                    + " a real timestamp arrives as it was sent; reading a real"
                                    + " timestamp that stayed behind at a network edge fails the"
                                    + " job with a message that names this option. Otherwise,"
                                    + " and by default, the format stays Flink's.");
}

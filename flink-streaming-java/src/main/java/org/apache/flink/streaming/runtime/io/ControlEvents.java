/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.io;

import org.apache.flink.annotation.Internal;
import org.apache.flink.runtime.event.AbstractEvent;
import org.apache.flink.runtime.io.network.api.LatencyMarkerEvent;
import org.apache.flink.runtime.io.network.api.StreamRecordAttributesEvent;
import org.apache.flink.runtime.io.network.api.StreamWatermarkEvent;
import org.apache.flink.runtime.io.network.api.StreamWatermarkStatusEvent;
import org.apache.flink.streaming.api.watermark.InternalWatermark;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.LatencyMarker;
import org.apache.flink.streaming.runtime.streamrecord.RecordAttributes;
import org.apache.flink.streaming.runtime.streamrecord.StreamElement;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;

import javax.annotation.Nullable;

/**
 * Converts the stream elements that are not records into the runtime events they cross the network
 * as (FLIP-330), and back. Latency markers always travel as events; watermarks, watermark statuses
 * and record attributes do when the job's records travel tagless.
 */
@Internal
public final class ControlEvents {

    private ControlEvents() {}

    /** The event that carries a latency marker. */
    public static LatencyMarkerEvent toEvent(LatencyMarker marker) {
        return new LatencyMarkerEvent(
                marker.getMarkedTime(), marker.getOperatorId(), marker.getSubtaskIndex());
    }

    /** The event that carries a watermark to all subpartitions a consumer reads. */
    public static StreamWatermarkEvent toEvent(Watermark watermark) {
        return new StreamWatermarkEvent(
                watermark.getTimestamp(), StreamWatermarkEvent.ALL_SUBPARTITIONS);
    }

    /** The event that carries a watermark of one subpartition. */
    public static StreamWatermarkEvent toEvent(Watermark watermark, int subpartition) {
        return new StreamWatermarkEvent(watermark.getTimestamp(), subpartition);
    }

    /** The event that carries a watermark status. */
    public static StreamWatermarkStatusEvent toEvent(WatermarkStatus status) {
        return new StreamWatermarkStatusEvent(status.getStatus());
    }

    /** The event that carries record attributes. */
    public static StreamRecordAttributesEvent toEvent(RecordAttributes attributes) {
        return new StreamRecordAttributesEvent(attributes.isBacklog());
    }

    /** The stream element an event carries, or null for any other event. */
    @Nullable
    public static StreamElement toStreamElement(AbstractEvent event) {
        if (event instanceof LatencyMarkerEvent) {
            LatencyMarkerEvent marker = (LatencyMarkerEvent) event;
            return new LatencyMarker(
                    marker.getMarkedTime(), marker.getOperatorId(), marker.getSubtaskIndex());
        }
        if (event instanceof StreamWatermarkEvent) {
            StreamWatermarkEvent watermark = (StreamWatermarkEvent) event;
            return watermark.getSubpartition() == StreamWatermarkEvent.ALL_SUBPARTITIONS
                    ? new Watermark(watermark.getTimestamp())
                    : new InternalWatermark(watermark.getTimestamp(), watermark.getSubpartition());
        }
        if (event instanceof StreamWatermarkStatusEvent) {
            return new WatermarkStatus(((StreamWatermarkStatusEvent) event).getStatus());
        }
        if (event instanceof StreamRecordAttributesEvent) {
            return new RecordAttributes(((StreamRecordAttributesEvent) event).isBacklog());
        }
        return null;
    }
}

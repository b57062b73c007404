/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.io;

import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.runtime.event.AbstractEvent;
import org.apache.flink.runtime.io.network.api.StreamRecordTimestampsEvent;
import org.apache.flink.runtime.io.network.api.writer.RecordWriter;
import org.apache.flink.runtime.io.network.api.writer.SubpartitionEvents;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.metrics.WatermarkGauge;
import org.apache.flink.streaming.runtime.streamrecord.DroppedTimestamps;
import org.apache.flink.streaming.runtime.streamrecord.RecordAttributes;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Sends the watermarks, watermark statuses and record attributes of a {@link RecordWriterOutput}
 * whose records travel tagless (FLIP-330) as events, by the rules the output applies to them as
 * stream elements: no watermark while idle, a status only when it changes, record attributes only
 * where each consumer's subpartitions are known.
 *
 * <p>The only watermark such a job has is the end of input's {@link Watermark#MAX_WATERMARK}, which
 * fires the remaining event-time timers; any other fails, naming the option, because nothing in a
 * tagless job may assign event time.
 */
@Internal
public final class TaglessControlOutput {

    private static final Logger LOG = LoggerFactory.getLogger(TaglessControlOutput.class);

    private final RecordWriter<?> recordWriter;
    private final WatermarkGauge watermarkGauge;
    private final boolean subpartitionsDerivable;
    private WatermarkStatus announcedStatus = WatermarkStatus.ACTIVE;

    /**
     * The kind of timestamps last announced to the consumers. Both sides start from Flink's "no
     * timestamp", which records of sources built with {@code fromSource} carry: such jobs announce
     * nothing.
     */
    private int announcedTimestamps = TaglessDeserializationDelegate.INITIAL_TIMESTAMPS;

    public TaglessControlOutput(RecordWriter<?> recordWriter, WatermarkGauge watermarkGauge) {
        this.recordWriter = recordWriter;
        this.watermarkGauge = watermarkGauge;
        this.subpartitionsDerivable = recordWriter.isSubpartitionDerivable();
    }

    /**
     * Tells every consumer, before a record whose timestamp differs in kind from the last record's,
     * what the timestamps of the records that follow were: none, Flink's "no timestamp", or
     * {@linkplain StreamRecordTimestampsEvent#DROPPED left behind}.
     *
     * <p>Where the consumers' subpartitions are not known in advance (a batch job's adaptive
     * scheduler), a consumer may read several subpartitions interleaved, so an announcement could
     * not be tied to the records behind it. There, records with Flink's "no timestamp", which both
     * sides start from, need none; from the first record of another kind on, every record counts as
     * having left its timestamp behind, and a consumer never takes a record for one with fewer
     * timestamps than it had.
     */
    public void announceTimestamps(StreamRecord<?> record) {
        int kind = DroppedTimestamps.kindOf(record);
        if (!subpartitionsDerivable && kind != announcedTimestamps) {
            kind = StreamRecordTimestampsEvent.DROPPED;
        }
        if (kind != announcedTimestamps) {
            announcedTimestamps = kind;
            broadcast(new StreamRecordTimestampsEvent(kind));
        }
    }

    /** Sends a watermark to every consumer, unless the output is idle. */
    public void emitWatermark(Watermark mark) {
        if (mark.getTimestamp() != Watermark.MAX_WATERMARK.getTimestamp()) {
            throw new TaglessRecordsException(
                    "An operator emitted "
                            + mark
                            + " in a job whose records travel without timestamps, because "
                            + PipelineOptions.FORCE_TIMESTAMP_SUPPORT.key()
                            + " is false. Set "
                            + PipelineOptions.FORCE_TIMESTAMP_SUPPORT.key()
                            + " to true for jobs that emit watermarks.");
        }
        if (announcedStatus.isIdle()) {
            return;
        }
        watermarkGauge.setCurrentWatermark(mark.getTimestamp());
        if (subpartitionsDerivable) {
            broadcast(ControlEvents.toEvent(mark));
        } else {
            for (int i = 0; i < recordWriter.getNumberOfSubpartitions(); i++) {
                try {
                    SubpartitionEvents.emit(recordWriter, ControlEvents.toEvent(mark, i), i);
                } catch (IOException e) {
                    throw new UncheckedIOException(e.getMessage(), e);
                }
            }
        }
    }

    /** Sends a watermark status to every consumer when it differs from the last one sent. */
    public void emitWatermarkStatus(WatermarkStatus status) {
        if (!announcedStatus.equals(status)) {
            announcedStatus = status;
            broadcast(ControlEvents.toEvent(status));
        }
    }

    /** Sends record attributes to every consumer, where each consumer's subpartitions are known. */
    public void emitRecordAttributes(RecordAttributes attributes) {
        if (!subpartitionsDerivable) {
            LOG.warn(
                    "Ignoring {}: the consumers' subpartitions are not known in advance, so they"
                            + " could not be applied correctly.",
                    attributes);
            return;
        }
        broadcast(ControlEvents.toEvent(attributes));
    }

    private void broadcast(AbstractEvent event) {
        try {
            recordWriter.broadcastEvent(event);
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.io;

import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.RecordAttributes;
import org.apache.flink.streaming.runtime.streamrecord.StreamElementSerializer;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;

import javax.annotation.Nullable;

/**
 * Can switch to tagless records (FLIP-330), whose control elements then travel as events. The path
 * of a record stays upstream's: in the tagless mode, its serialization delegate does that mode's
 * work per record.
 */
public class RecordWriterOutput<OUT> {

    /** Sends the control elements as events once the records travel tagless; null until then. */
    @Nullable private TaglessControlOutput taglessControl;

    /**
     * Writes the records of this output as their values' bytes only, without element tag or
     * timestamp ({@link TaglessRecordDelegate}), and sends watermarks, watermark statuses and
     * record attributes as events.
     *
     * @param timestampRefusingOperator the user's operator whose records must carry no timestamp
     *     into this output, which would leave it behind; null for Flink's own operators
     */
    public void useTaglessRecords(@Nullable String timestampRefusingOperator) {
        taglessControl = new TaglessControlOutput(recordWriter, watermarkGauge);
        if (serializationDelegate != null) {
            StreamElementSerializer<?> tagged =
                    (StreamElementSerializer<?>) serializationDelegate.getSerializer();
            serializationDelegate =
                    new TaglessRecordDelegate(
                            tagged.getContainedTypeSerializer(),
                            taglessControl,
                            timestampRefusingOperator);
            prepareRecordWriter();
        }
    }

    @Overlay.Wrap("1.20.5:704c7d51fe7c")
    @Override
    public void emitWatermark(Watermark mark) {
        if (taglessControl != null) {
            taglessControl.emitWatermark(mark);
        } else {
            emitWatermark$upstream(mark);
        }
    }

    @Overlay.Wrap("1.20.5:6979e47f90a9")
    @Override
    public void emitWatermarkStatus(WatermarkStatus watermarkStatus) {
        if (taglessControl != null) {
            taglessControl.emitWatermarkStatus(watermarkStatus);
        } else {
            emitWatermarkStatus$upstream(watermarkStatus);
        }
    }

    @Overlay.Wrap("1.20.5:5af9737bcc5d")
    @Override
    public void emitRecordAttributes(RecordAttributes recordAttributes) {
        if (taglessControl != null) {
            taglessControl.emitRecordAttributes(recordAttributes);
        } else {
            emitRecordAttributes$upstream(recordAttributes);
        }
    }
}

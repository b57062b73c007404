/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.streamrecord;

import org.apache.flink.api.common.typeutils.base.IntSerializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.runtime.jobgraph.OperatorID;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pins the tagged format that {@link TaglessRecordSerializer} is defined against, byte by byte: one
 * tag byte, then the element's fields, big-endian. The fork leaves this format, which state also
 * uses, as it is.
 */
class StreamElementSerializerFormatTest {

    private final StreamElementSerializer<Integer> serializer =
            new StreamElementSerializer<>(IntSerializer.INSTANCE);

    @Test
    void recordsCarryATagAndOptionallyATimestamp() throws IOException {
        assertThat(bytes(new StreamRecord<>(0x01020304))).containsExactly(1, 1, 2, 3, 4);
        assertThat(bytes(new StreamRecord<>(0x01020304, 0x0A0B)))
                .containsExactly(0, 0, 0, 0, 0, 0, 0, 0x0A, 0x0B, 1, 2, 3, 4);
    }

    @Test
    void otherElementsCarryTheirOwnTags() throws IOException {
        assertThat(bytes(new Watermark(7))).containsExactly(2, 0, 0, 0, 0, 0, 0, 0, 7);
        assertThat(bytes(WatermarkStatus.IDLE)).containsExactly(4, -1, -1, -1, -1);
        assertThat(bytes(new LatencyMarker(9, new OperatorID(1, 2), 3)))
                .containsExactly(
                        3, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2,
                        0, 0, 0, 3);
        assertThat(bytes(new RecordAttributesBuilder(List.of()).setBacklog(true).build()))
                .containsExactly(5, 1);
    }

    private byte[] bytes(StreamElement element) throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(16);
        serializer.serialize(element, out);
        return out.getCopyOfBuffer();
    }
}

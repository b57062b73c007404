/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.streaming.runtime.streamrecord.StreamElementSerializer;
import org.apache.flink.streaming.runtime.streamrecord.TaglessRecordSerializer;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Stream elements on the network, tagged or tagless, are {@link FixedLengthRecords} exactly when
 * their values are: a task reads records of longs in place, and records of strings through the heap
 * view.
 */
class StreamElementFixedLengthRecordsTest {

    @Test
    void taggedElementsOfFixedLengthValues() {
        assertThat(
                        FixedLengthRecords.builtOfFixedLength(
                                new StreamElementSerializer<>(LongSerializer.INSTANCE)))
                .isTrue();
        assertThat(
                        FixedLengthRecords.builtOfFixedLength(
                                new StreamElementSerializer<>(StringSerializer.INSTANCE)))
                .isFalse();
    }

    @Test
    void taglessRecordsOfFixedLengthValues() {
        assertThat(
                        FixedLengthRecords.builtOfFixedLength(
                                new TaglessRecordSerializer<>(LongSerializer.INSTANCE)))
                .isTrue();
        assertThat(
                        FixedLengthRecords.builtOfFixedLength(
                                new TaglessRecordSerializer<>(StringSerializer.INSTANCE)))
                .isFalse();
    }
}

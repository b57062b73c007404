/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.runtime.plugable.NonReusingDeserializationDelegate;

import org.junit.jupiter.api.Test;

import static org.apache.flink.runtime.io.network.api.serialization.HeapBufferCopy.MIN_VIEW_RECORD_BYTES;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A wrapper prepared for the delegate that records are read into knows, before the first record,
 * which records it reads in place: all of them for records of a fixed length, else the short ones.
 */
class NonSpanningWrapperPreparationTest {

    @Test
    void aWrapperPreparedForRecordsOfAFixedLengthReadsAllOfThemInPlace() {
        NonSpanningWrapper wrapper = new NonSpanningWrapper();
        assertThat(wrapper.readsInPlace(MIN_VIEW_RECORD_BYTES)).isFalse();

        wrapper.prepareFor(new NonReusingDeserializationDelegate<>(LongSerializer.INSTANCE));

        assertThat(wrapper.readsInPlace(MIN_VIEW_RECORD_BYTES)).isTrue();
        assertThat(wrapper.readsInPlace(Integer.MAX_VALUE - 1)).isTrue();
    }

    @Test
    void aWrapperPreparedForOtherRecordsReadsOnlyShortOnesInPlace() {
        NonSpanningWrapper wrapper = new NonSpanningWrapper();
        wrapper.prepareFor(new NonReusingDeserializationDelegate<>(LongSerializer.INSTANCE));

        wrapper.prepareFor(new NonReusingDeserializationDelegate<>(StringSerializer.INSTANCE));

        assertThat(wrapper.readsInPlace(MIN_VIEW_RECORD_BYTES - 1)).isTrue();
        assertThat(wrapper.readsInPlace(MIN_VIEW_RECORD_BYTES)).isFalse();
    }
}

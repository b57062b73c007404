/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.runtime.io;

import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.runtime.checkpoint.channel.ChannelStateWriter;
import org.apache.flink.runtime.checkpoint.channel.InputChannelInfo;
import org.apache.flink.runtime.io.network.api.serialization.SpillingAdaptiveSpanningRecordDeserializer;
import org.apache.flink.runtime.io.network.api.writer.RecordWriter;
import org.apache.flink.runtime.plugable.DeserializationDelegate;
import org.apache.flink.runtime.plugable.SerializationDelegate;
import org.apache.flink.streaming.runtime.io.checkpointing.CheckpointedInputGate;
import org.apache.flink.streaming.runtime.streamrecord.StreamElement;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.watermarkstatus.StatusWatermarkValve;

import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

/**
 * A task's network output prepares its record writer, and its network input its record
 * deserializers, for the delegate that records are written with or read into, when they are made
 * and when they switch to tagless records: the delegate that the record path then uses.
 */
class RecordPathPreparationTest {

    @Test
    @SuppressWarnings("unchecked")
    void anOutputPreparesItsWriterForTheDelegateItEmits() throws Exception {
        RecordWriter<SerializationDelegate<StreamRecord<Long>>> writer = mock(RecordWriter.class);
        ArgumentCaptor<SerializationDelegate<StreamRecord<Long>>> prepared =
                ArgumentCaptor.forClass(SerializationDelegate.class);
        ArgumentCaptor<SerializationDelegate<StreamRecord<Long>>> emitted =
                ArgumentCaptor.forClass(SerializationDelegate.class);

        RecordWriterOutput<Long> output =
                new RecordWriterOutput<>(writer, LongSerializer.INSTANCE, null, false);
        output.collect(new StreamRecord<>(1L));
        output.useTaglessRecords(null);
        output.collect(new StreamRecord<>(2L));

        verify(writer, times(2)).prepareFor(prepared.capture());
        verify(writer, times(2)).emit(emitted.capture());
        assertThat(emitted.getAllValues()).isEqualTo(prepared.getAllValues());
        assertThat(prepared.getAllValues().get(1)).isInstanceOf(TaglessRecordDelegate.class);
    }

    @Test
    @SuppressWarnings("unchecked")
    void anInputPreparesItsDeserializersForTheDelegateItReadsInto() {
        SpillingAdaptiveSpanningRecordDeserializer<DeserializationDelegate<StreamElement>> first =
                mock(SpillingAdaptiveSpanningRecordDeserializer.class);
        SpillingAdaptiveSpanningRecordDeserializer<DeserializationDelegate<StreamElement>> second =
                mock(SpillingAdaptiveSpanningRecordDeserializer.class);
        InputChannelInfo firstChannel = new InputChannelInfo(0, 0);
        InputChannelInfo secondChannel = new InputChannelInfo(0, 1);
        CheckpointedInputGate gate = mock(CheckpointedInputGate.class);
        when(gate.getChannelInfos()).thenReturn(List.of(firstChannel, secondChannel));
        when(gate.getNumberOfInputChannels()).thenReturn(2);

        Input input = new Input(gate, Map.of(firstChannel, first, secondChannel, second));
        DeserializationDelegate<StreamElement> tagged = input.delegate();
        input.useTaglessRecords();
        DeserializationDelegate<StreamElement> tagless = input.delegate();

        assertThat(tagless).isInstanceOf(TaglessDeserializationDelegate.class);
        for (SpillingAdaptiveSpanningRecordDeserializer<DeserializationDelegate<StreamElement>>
                deserializer : List.of(first, second)) {
            verify(deserializer).prepareFor(tagged);
            verify(deserializer).prepareFor(tagless);
        }
    }

    /** A network input of strings over the given deserializers. */
    private static final class Input
            extends AbstractStreamTaskNetworkInput<
                    String,
                    SpillingAdaptiveSpanningRecordDeserializer<
                            DeserializationDelegate<StreamElement>>> {

        Input(
                CheckpointedInputGate gate,
                Map<
                                InputChannelInfo,
                                SpillingAdaptiveSpanningRecordDeserializer<
                                        DeserializationDelegate<StreamElement>>>
                        deserializers) {
            super(
                    gate,
                    StringSerializer.INSTANCE,
                    new StatusWatermarkValve(2),
                    0,
                    deserializers,
                    () -> true);
        }

        DeserializationDelegate<StreamElement> delegate() {
            return deserializationDelegate;
        }

        @Override
        public CompletableFuture<Void> prepareSnapshot(
                ChannelStateWriter channelStateWriter, long checkpointId) {
            return CompletableFuture.completedFuture(null);
        }
    }
}

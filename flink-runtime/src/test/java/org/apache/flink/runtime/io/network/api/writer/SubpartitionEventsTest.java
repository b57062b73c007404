/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.writer;

import org.apache.flink.runtime.event.AbstractEvent;
import org.apache.flink.runtime.io.network.api.StreamRecordAttributesEvent;
import org.apache.flink.runtime.io.network.api.StreamWatermarkEvent;
import org.apache.flink.runtime.io.network.partition.MockResultPartitionWriter;
import org.apache.flink.runtime.io.network.partition.PipelinedPartitionExtension;
import org.apache.flink.runtime.io.network.partition.SubpartitionContents;
import org.apache.flink.types.IntValue;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An event sent to one subpartition arrives there, and only there, behind the records written to
 * that subpartition before it.
 */
class SubpartitionEventsTest {

    @RegisterExtension
    final PipelinedPartitionExtension partition = new PipelinedPartitionExtension(2);

    private RecordWriter<IntValue> writer;

    @BeforeEach
    void createWriter() {
        writer = new RecordWriterBuilder<IntValue>().build(partition.get());
    }

    @Test
    void followsTheRecordsOfItsSubpartitionOnly() throws IOException {
        writer.emit(new IntValue(1), 0);
        writer.emit(new IntValue(2), 1);
        SubpartitionEvents.emit(writer, new StreamRecordAttributesEvent(true), 1);
        writer.emit(new IntValue(3), 1);
        writer.broadcastEmit(new IntValue(4));
        SubpartitionEvents.emit(writer, new StreamWatermarkEvent(7, 1), 1);
        writer.flushAll();

        assertThat(read(0)).containsExactly(1, 4);
        assertThat(read(1))
                .containsExactly(
                        2,
                        new StreamRecordAttributesEvent(true),
                        3,
                        4,
                        new StreamWatermarkEvent(7, 1));
    }

    @Test
    void randomEmitReachesExactlyOneSubpartition() throws IOException {
        for (int i = 0; i < 20; i++) {
            SubpartitionEvents.randomEmit(writer, new StreamWatermarkEvent(i, 0));
        }

        List<Object> events = new ArrayList<>(read(0));
        events.addAll(read(1));
        assertThat(events).hasSize(20).doesNotHaveDuplicates();
    }

    @Test
    void writersWithoutSubpartitionEventsBroadcast() throws IOException {
        List<AbstractEvent> broadcast = new ArrayList<>();
        ResultPartitionWriter plain =
                new MockResultPartitionWriter() {
                    @Override
                    public void broadcastEvent(AbstractEvent event, boolean isPriorityEvent) {
                        broadcast.add(event);
                    }
                };

        plain.emitEventToSubpartition(new StreamRecordAttributesEvent(false), 1);

        assertThat(broadcast).containsExactly(new StreamRecordAttributesEvent(false));
    }

    private List<Object> read(int subpartition) throws IOException {
        return SubpartitionContents.read(partition.get(), subpartition);
    }
}

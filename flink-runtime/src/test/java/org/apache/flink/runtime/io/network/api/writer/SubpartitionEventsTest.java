/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.writer;

import org.apache.flink.runtime.event.AbstractEvent;
import org.apache.flink.runtime.io.network.api.StreamRecordAttributesEvent;
import org.apache.flink.runtime.io.network.api.StreamWatermarkEvent;
import org.apache.flink.runtime.io.network.api.serialization.EventSerializer;
import org.apache.flink.runtime.io.network.buffer.Buffer;
import org.apache.flink.runtime.io.network.buffer.NetworkBufferPool;
import org.apache.flink.runtime.io.network.partition.MockResultPartitionWriter;
import org.apache.flink.runtime.io.network.partition.NoOpBufferAvailablityListener;
import org.apache.flink.runtime.io.network.partition.ResultPartition;
import org.apache.flink.runtime.io.network.partition.ResultPartitionBuilder;
import org.apache.flink.runtime.io.network.partition.ResultPartitionType;
import org.apache.flink.runtime.io.network.partition.ResultSubpartition.BufferAndBacklog;
import org.apache.flink.runtime.io.network.partition.ResultSubpartitionIndexSet;
import org.apache.flink.runtime.io.network.partition.ResultSubpartitionView;
import org.apache.flink.types.IntValue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An event sent to one subpartition arrives there, and only there, behind the records written to
 * that subpartition before it.
 */
class SubpartitionEventsTest {

    private NetworkBufferPool buffers;
    private ResultPartition partition;
    private RecordWriter<IntValue> writer;

    @BeforeEach
    void createPartition() throws IOException {
        buffers = new NetworkBufferPool(16, 4096);
        partition =
                new ResultPartitionBuilder()
                        .setNetworkBufferPool(buffers)
                        .setResultPartitionType(ResultPartitionType.PIPELINED)
                        .setNumberOfSubpartitions(2)
                        .build();
        partition.setup();
        writer = new RecordWriterBuilder<IntValue>().build(partition);
    }

    @AfterEach
    void releasePartition() {
        partition.release();
        buffers.destroy();
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

        assertThat(read(0)).containsExactly("record 1", "record 4");
        assertThat(read(1))
                .containsExactly(
                        "record 2",
                        "event " + new StreamRecordAttributesEvent(true),
                        "record 3",
                        "record 4",
                        "event " + new StreamWatermarkEvent(7, 1));
    }

    @Test
    void randomEmitReachesExactlyOneSubpartition() throws IOException {
        for (int i = 0; i < 20; i++) {
            SubpartitionEvents.randomEmit(writer, new StreamWatermarkEvent(i, 0));
        }

        List<String> events = new ArrayList<>(read(0));
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

    private List<String> read(int subpartition) throws IOException {
        ResultSubpartitionView view =
                partition.createSubpartitionView(
                        new ResultSubpartitionIndexSet(subpartition),
                        new NoOpBufferAvailablityListener());
        List<String> elements = new ArrayList<>();
        BufferAndBacklog next;
        while ((next = view.getNextBuffer()) != null) {
            Buffer buffer = next.buffer();
            if (buffer.isBuffer()) {
                ByteBuffer bytes = buffer.getNioBufferReadable();
                while (bytes.hasRemaining()) {
                    bytes.getInt(); // the record's length
                    elements.add("record " + bytes.getInt());
                }
            } else {
                elements.add(
                        "event " + EventSerializer.fromBuffer(buffer, getClass().getClassLoader()));
            }
            buffer.recycleBuffer();
        }
        view.releaseAllResources();
        return elements;
    }
}

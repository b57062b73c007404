/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.buffer;

import org.apache.flink.core.memory.MemorySegmentFactory;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a buffer's reader sees of a writer in another thread, which commits each record as a task's
 * record writer does: every committed record, in order, whole, with the bytes the writer wrote, and
 * the end of the buffer once the writer finishes it.
 */
class BufferBuilderCommitTest {

    private static final int RECORDS = 1 << 20;

    @Test
    void readerInAnotherThreadSeesEveryCommittedRecordWithItsBytes() throws Exception {
        BufferBuilder builder =
                new BufferBuilder(
                        MemorySegmentFactory.allocateUnpooledSegment(RECORDS * Long.BYTES),
                        FreeingBufferRecycler.INSTANCE);
        BufferConsumer consumer = builder.createBufferConsumer();

        CompletableFuture<Void> writer =
                CompletableFuture.runAsync(
                        () -> {
                            ByteBuffer record = ByteBuffer.allocate(Long.BYTES);
                            for (long value = 1; value <= RECORDS; value++) {
                                record.clear();
                                record.putLong(value).flip();
                                builder.appendAndCommit(record);
                            }
                            builder.finish();
                        });

        long expected = 1;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        do {
            if (writer.isDone()) {
                writer.join(); // fails the test with the writer's exception, if it failed
            }
            Buffer buffer = consumer.build();
            try {
                assertThat(buffer.readableBytes() % Long.BYTES)
                        .as("bytes of a partly committed record after record %d", expected - 1)
                        .isZero();
                ByteBuffer bytes = buffer.getNioBufferReadable();
                while (bytes.hasRemaining()) {
                    assertThat(bytes.getLong()).isEqualTo(expected++);
                }
            } finally {
                buffer.recycleBuffer();
            }
            assertThat(System.nanoTime())
                    .as("records read before the deadline: %d of %d", expected - 1, RECORDS)
                    .isLessThan(deadline);
        } while (!consumer.isFinished()); // true once a build has seen the finished buffer's end
        writer.get(60, TimeUnit.SECONDS);
        consumer.close();

        assertThat(expected - 1).isEqualTo(RECORDS);
    }
}

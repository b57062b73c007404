/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.core.io.IOReadableWritable;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.core.memory.MemorySegment;
import org.apache.flink.core.memory.MemorySegmentFactory;
import org.apache.flink.runtime.io.network.api.serialization.RecordDeserializer.DeserializationResult;
import org.apache.flink.runtime.io.network.buffer.Buffer;
import org.apache.flink.runtime.io.network.buffer.FreeingBufferRecycler;
import org.apache.flink.runtime.io.network.buffer.NetworkBuffer;
import org.apache.flink.runtime.plugable.NonReusingDeserializationDelegate;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * How the record deserializer reads off-heap buffers from heap copies: each deserializer amid a
 * buffer reads its own copy, a thread reuses a copy once read, a deserializer read in another
 * thread takes that thread's copies, and a record's serializer cannot read past the record.
 */
class HeapBufferCopyTest {

    @Test
    void deserializersAmidBuffersInOneThreadReadCopiesOfTheirOwn() throws IOException {
        Deserializer first = new Deserializer();
        Deserializer second = new Deserializer();
        first.setNextBuffer(strings("first", 40));
        second.setNextBuffer(strings("second", 40));

        for (int i = 0; i < 40; i++) {
            assertThat(first.next()).isEqualTo(record("first", i));
            assertThat(second.next()).isEqualTo(record("second", i));
        }
        assertThat(first.lastResult).isEqualTo(DeserializationResult.LAST_RECORD_FROM_BUFFER);
        assertThat(second.lastResult).isEqualTo(DeserializationResult.LAST_RECORD_FROM_BUFFER);
    }

    @Test
    void aThreadTakesTheCopyBackOnceItsBufferIsRead() {
        MemorySegment buffer = MemorySegmentFactory.allocateUnpooledOffHeapMemory(1024);
        HeapBufferCopy.Spares spares = HeapBufferCopy.Spares.ofCurrentThread(null);
        HeapBufferCopy copy = spares.copy(buffer, 0, 100);
        HeapBufferCopy amid = spares.copy(buffer, 0, 100);
        assertThat(amid).isNotSameAs(copy);

        spares.release(copy);

        assertThat(spares.copy(buffer, 0, 1024)).isSameAs(copy);
        assertThat(spares.copy(buffer, 0, 1024)).isNotSameAs(copy);
    }

    @Test
    void aDeserializerReadingInAnotherThreadTakesThatThreadsSpare() throws Exception {
        Deserializer deserializer = new Deserializer();
        byte[] here = stringBytes("here", 3);
        byte[] there = stringBytes("there", 3);
        deserializer.setNextBuffer(offHeap(here));
        for (int i = 0; i < 3; i++) {
            assertThat(deserializer.next()).isEqualTo(record("here", i));
        }
        AtomicReference<Object> spareThere = new AtomicReference<>();
        Thread thread =
                new Thread(
                        () -> {
                            try {
                                deserializer.setNextBuffer(offHeap(there));
                                for (int i = 0; i < 3; i++) {
                                    assertThat(deserializer.next()).isEqualTo(record("there", i));
                                }
                                spareThere.set(takeSpare());
                            } catch (Throwable t) {
                                spareThere.set(t);
                            }
                        });
        thread.start();
        thread.join();

        // each buffer copied from its first record, after its length
        assertThat(spareThere.get()).isInstanceOf(HeapBufferCopy.class);
        assertCopyOf(Arrays.copyOfRange(there, 4, there.length), (HeapBufferCopy) spareThere.get());
        assertCopyOf(Arrays.copyOfRange(here, 4, here.length), takeSpare());
    }

    @Test
    void aBufferCopiedForALongRecordGivesItsCopyBackAfterItsLastRecordAShortOne()
            throws IOException {
        takeSpare(); // no spare
        DataOutputSerializer stream = new DataOutputSerializer(256);
        String[] values = {"a", "a record long enough for a view", "b", "c"};
        for (String value : values) {
            DataOutputSerializer record = new DataOutputSerializer(64);
            StringSerializer.INSTANCE.serialize(value, record);
            stream.writeInt(record.length());
            stream.write(record.getSharedBuffer(), 0, record.length());
        }
        byte[] bytes = stream.getCopyOfBuffer();
        Deserializer deserializer = new Deserializer();
        deserializer.setNextBuffer(offHeap(bytes));

        for (String value : values) {
            assertThat(deserializer.next()).isEqualTo(value);
        }

        // the thread's spare is the copy taken at the long record: the buffer's bytes from there
        int copiedFrom = 4 + 2 + 4;
        assertCopyOf(Arrays.copyOfRange(bytes, copiedFrom, bytes.length), takeSpare());
    }

    @Test
    void aSerializerThatReadsPastItsRecordFails() throws IOException {
        DataOutputSerializer stream = new DataOutputSerializer(64);
        for (int i = 0; i < 3; i++) {
            stream.writeInt(20);
            stream.write(new byte[20]);
        }
        SpillingAdaptiveSpanningRecordDeserializer<IOReadableWritable> deserializer =
                new SpillingAdaptiveSpanningRecordDeserializer<>(
                        new String[] {System.getProperty("java.io.tmpdir")});
        deserializer.setNextBuffer(offHeap(stream.getCopyOfBuffer()));

        assertThatThrownBy(() -> deserializer.getNextRecord(new Reads(21)))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith(
                        "Serializer consumed more bytes than the record had. This indicates broken"
                                + " serialization.");
    }

    private static String record(String prefix, int i) {
        return prefix + " record " + i + " of a buffer read amid another";
    }

    /** The current thread's spare, or a new copy if it has none, with its first byte copied. */
    private static HeapBufferCopy takeSpare() {
        return HeapBufferCopy.Spares.ofCurrentThread(null)
                .copy(MemorySegmentFactory.allocateUnpooledOffHeapMemory(1), 0, 1);
    }

    /** Asserts that the copy holds {@code bytes} from its start, but for the first byte. */
    private static void assertCopyOf(byte[] bytes, HeapBufferCopy copy) {
        byte[] copied = new byte[bytes.length - 1];
        copy.segment().get(1, copied);
        assertThat(copied).isEqualTo(Arrays.copyOfRange(bytes, 1, bytes.length));
    }

    private static Buffer strings(String prefix, int count) throws IOException {
        return offHeap(stringBytes(prefix, count));
    }

    private static byte[] stringBytes(String prefix, int count) throws IOException {
        DataOutputSerializer stream = new DataOutputSerializer(4096);
        DataOutputSerializer record = new DataOutputSerializer(64);
        for (int i = 0; i < count; i++) {
            record.clear();
            StringSerializer.INSTANCE.serialize(record(prefix, i), record);
            stream.writeInt(record.length());
            stream.write(record.getSharedBuffer(), 0, record.length());
        }
        return stream.getCopyOfBuffer();
    }

    private static Buffer offHeap(byte[] bytes) {
        MemorySegment segment = MemorySegmentFactory.allocateUnpooledOffHeapMemory(bytes.length);
        segment.put(0, bytes);
        return new NetworkBuffer(
                segment, FreeingBufferRecycler.INSTANCE, Buffer.DataType.DATA_BUFFER, bytes.length);
    }

    /** A deserializer of strings, one record at a time. */
    private static final class Deserializer {
        private final SpillingAdaptiveSpanningRecordDeserializer<
                        NonReusingDeserializationDelegate<String>>
                deserializer =
                        new SpillingAdaptiveSpanningRecordDeserializer<>(
                                new String[] {System.getProperty("java.io.tmpdir")});
        private final NonReusingDeserializationDelegate<String> delegate =
                new NonReusingDeserializationDelegate<>(StringSerializer.INSTANCE);
        private DeserializationResult lastResult;

        void setNextBuffer(Buffer buffer) throws IOException {
            deserializer.setNextBuffer(buffer);
        }

        String next() throws IOException {
            lastResult = deserializer.getNextRecord(delegate);
            assertThat(lastResult.isFullRecord()).isTrue();
            return delegate.getInstance();
        }
    }

    /** Reads a number of bytes, whatever the record's length. */
    private static final class Reads implements IOReadableWritable {
        private final int bytes;

        Reads(int bytes) {
            this.bytes = bytes;
        }

        @Override
        public void write(DataOutputView out) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void read(DataInputView in) throws IOException {
            in.readFully(new byte[bytes]);
        }
    }
}

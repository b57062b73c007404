/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.streaming.api.operators.sort;

import org.apache.flink.api.common.typeutils.TypeComparator;
import org.apache.flink.api.common.typeutils.base.LongSerializer;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.MemorySegment;
import org.apache.flink.core.memory.MemorySegmentFactory;
import org.apache.flink.runtime.io.disk.RandomAccessInputView;
import org.apache.flink.runtime.io.disk.RandomAccessOutputView;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The serialized keys of a batch sort compare as upstream's comparators compare them byte by byte:
 * the same result and the same bytes read, whether the keys lie whole in the sort buffer's segments
 * (compared a word at a time), span two segments, or are read from another kind of view.
 */
class SerializedKeysTest {

    /** Small segments, so that many keys span two of them. */
    private static final int SEGMENT_BYTES = 64;

    private final Random random = new Random(20262305);

    @Test
    void comparesAsBytesComparedOneByOne() throws IOException {
        List<byte[]> keys = randomKeys(80, 24);
        PagedBuffer buffer = new PagedBuffer(keys.size() * 24);
        long[] offsets = new long[keys.size()];
        for (int i = 0; i < keys.size(); i++) {
            offsets[i] = buffer.append(keys.get(i));
        }

        int spanning = 0;
        for (int i = 0; i < keys.size(); i++) {
            byte[] first = keys.get(i);
            spanning +=
                    offsets[i] / SEGMENT_BYTES != (offsets[i] + first.length) / SEGMENT_BYTES
                            ? 1
                            : 0;
            for (int j = 0; j < keys.size(); j++) {
                byte[] second = keys.get(j);
                RandomAccessInputView firstView = buffer.viewAt(offsets[i]);
                RandomAccessInputView secondView = buffer.viewAt(offsets[j]);

                int comparison =
                        SerializedKeys.compare(firstView, first.length, secondView, second.length);

                assertThat(comparison).isEqualTo(byteByByte(first, second));
                int read = bytesReadByteByByte(first, second);
                assertThat(firstView.getReadPosition()).isEqualTo(offsets[i] + read);
                assertThat(secondView.getReadPosition()).isEqualTo(offsets[j] + read);

                DataInputView firstStream = new DataInputDeserializer(first);
                DataInputView secondStream = new DataInputDeserializer(second);
                assertThat(
                                SerializedKeys.compare(
                                        firstStream, first.length, secondStream, second.length))
                        .isEqualTo(comparison);
            }
        }
        assertThat(spanning).isGreaterThan(5);
    }

    @Test
    void comparatorsOrderSerializedRecordsAsTheRecordsThemselves() throws IOException {
        List<byte[]> keys = randomKeys(40, 20);
        assertOrdersAsRecords(keys, -1, new VariableLengthByteKeyComparator<>());

        List<byte[]> fixedLengthKeys = new ArrayList<>();
        for (byte[] key : keys) {
            fixedLengthKeys.add(Arrays.copyOf(key, 12));
        }
        assertOrdersAsRecords(fixedLengthKeys, 12, new FixedLengthByteKeyComparator<>(12));
    }

    private void assertOrdersAsRecords(
            List<byte[]> keys,
            int serializedKeyLength,
            TypeComparator<Tuple2<byte[], StreamRecord<Long>>> comparator)
            throws IOException {
        KeyAndValueSerializer<Long> serializer =
                new KeyAndValueSerializer<>(LongSerializer.INSTANCE, serializedKeyLength);
        PagedBuffer buffer = new PagedBuffer(keys.size() * 48);
        List<Tuple2<byte[], StreamRecord<Long>>> records = new ArrayList<>();
        long[] offsets = new long[keys.size()];
        for (int i = 0; i < keys.size(); i++) {
            // two timestamps, so that records of equal keys are ordered by them
            Tuple2<byte[], StreamRecord<Long>> record =
                    Tuple2.of(keys.get(i), new StreamRecord<>((long) i, i % 2));
            records.add(record);
            DataOutputSerializer bytes = new DataOutputSerializer(48);
            serializer.serialize(record, bytes);
            offsets[i] = buffer.append(bytes.getCopyOfBuffer());
        }

        for (int i = 0; i < records.size(); i++) {
            for (int j = 0; j < records.size(); j++) {
                int serialized =
                        comparator.compareSerialized(
                                buffer.viewAt(offsets[i]), buffer.viewAt(offsets[j]));
                int expected = comparator.compare(records.get(i), records.get(j));

                assertThat(Integer.signum(serialized)).isEqualTo(Integer.signum(expected));
                if (serializedKeyLength >= 0) {
                    assertThat(serialized).isBetween(-1, 1);
                }
            }
        }
    }

    /**
     * Keys over a few byte values, negative ones among them, so that many are equal or start with
     * one another.
     */
    private List<byte[]> randomKeys(int count, int maxLength) {
        byte[] alphabet = {0, 1, 'a', 'b', 0x7f, (byte) 0x80, (byte) 0xff};
        List<byte[]> keys = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            byte[] key = new byte[random.nextInt(maxLength + 1)];
            for (int b = 0; b < key.length; b++) {
                key[b] = alphabet[random.nextInt(b < 10 ? 2 : alphabet.length)];
            }
            keys.add(key);
            if (i % 4 == 0) {
                keys.add(key.clone());
            }
        }
        return keys;
    }

    private static int byteByByte(byte[] first, byte[] second) {
        int common = Math.min(first.length, second.length);
        for (int i = 0; i < common; i++) {
            if (first[i] != second[i]) {
                return Byte.compare(first[i], second[i]);
            }
        }
        return Integer.compare(first.length, second.length);
    }

    private static int bytesReadByteByByte(byte[] first, byte[] second) {
        int common = Math.min(first.length, second.length);
        for (int i = 0; i < common; i++) {
            if (first[i] != second[i]) {
                return i + 1;
            }
        }
        return common;
    }

    /** Off-heap segments as a sort buffer's, written through one view and read through others. */
    private static final class PagedBuffer {
        final ArrayList<MemorySegment> segments = new ArrayList<>();
        final RandomAccessOutputView out;
        long written;

        PagedBuffer(int bytes) {
            for (int i = 0; i <= bytes / SEGMENT_BYTES; i++) {
                segments.add(MemorySegmentFactory.allocateUnpooledOffHeapMemory(SEGMENT_BYTES));
            }
            out = new RandomAccessOutputView(segments.toArray(new MemorySegment[0]), SEGMENT_BYTES);
        }

        /** Writes the bytes after those written before; their offset. */
        long append(byte[] bytes) throws IOException {
            long offset = written;
            out.write(bytes);
            written += bytes.length;
            return offset;
        }

        RandomAccessInputView viewAt(long offset) {
            RandomAccessInputView view = new RandomAccessInputView(segments, SEGMENT_BYTES);
            view.setReadPosition(offset);
            return view;
        }
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import org.apache.flink.api.common.typeutils.TypeComparator;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.base.IntSerializer;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.typeutils.runtime.TupleSerializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.MemorySegment;
import org.apache.flink.core.memory.MemorySegmentFactory;
import org.apache.flink.runtime.io.disk.iomanager.BlockChannelWriter;
import org.apache.flink.runtime.io.disk.iomanager.ChannelWriterOutputView;
import org.apache.flink.runtime.io.disk.iomanager.IOManager;
import org.apache.flink.runtime.io.disk.iomanager.IOManagerAsync;
import org.apache.flink.runtime.operators.sort.NormalizedKeySorter;
import org.apache.flink.runtime.operators.sort.QuickSort;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.util.MutableObjectIterator;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntSupplier;

/**
 * The in-memory sort of a batch job's keyed input, as a word count's {@code keyBy} on the word
 * sorts it: records of (word, 1) behind their serialized keys in Flink's {@link
 * NormalizedKeySorter} with the comparator of variable-length keys, off-heap as managed memory is.
 * Words repeat as in text, so that many comparisons meet equal key prefixes and compare the
 * serialized records; and the sorted buffer's records read back or spilled to a file. Written
 * against Flink's API only, without nested classes or lambdas, so that {@code
 * UpstreamRuntime#copyOf} can run the same code against upstream's classes.
 */
public final class SortedKeyComparisons implements IntSupplier {

    /** Pairs of record indices compared per call. */
    public static final int PAIRS = 1024;

    private final NormalizedKeySorter<Tuple2<byte[], StreamRecord<Tuple2<String, Integer>>>> sorter;
    private final int[] pairs = new int[2 * PAIRS * 16];
    private final String[] words;
    private final byte[][] keys;
    private final int[] wordOf;
    private int next;
    private boolean sorted;

    /**
     * @param records the records in the sort buffer
     * @param sameWords whether each pair compared holds two records of the same word, whose
     *     normalized keys tie so that the serialized records are compared; else pairs drawn at
     *     random, most of them told apart by their normalized keys
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public SortedKeyComparisons(int records, boolean sameWords) throws Exception {
        TypeSerializer<Tuple2<String, Integer>> values =
                new TupleSerializer<>(
                        (Class) Tuple2.class,
                        new TypeSerializer[] {StringSerializer.INSTANCE, IntSerializer.INSTANCE});
        List<MemorySegment> memory = new ArrayList<>();
        for (int i = 0; i < Math.max(4, records * 64 / 32768); i++) {
            memory.add(MemorySegmentFactory.allocateUnpooledOffHeapMemory(32768));
        }
        sorter =
                new NormalizedKeySorter<>(
                        (TypeSerializer)
                                sortClass("KeyAndValueSerializer", TypeSerializer.class, int.class)
                                        .newInstance(values, -1),
                        (TypeComparator) sortClass("VariableLengthByteKeyComparator").newInstance(),
                        memory);
        Random random = new Random(20262307);
        words = words(random, 500);
        keys = new byte[words.length][];
        DataOutputSerializer key = new DataOutputSerializer(32);
        for (int w = 0; w < words.length; w++) {
            key.clear();
            StringSerializer.INSTANCE.serialize(words[w], key);
            keys[w] = key.getCopyOfBuffer();
        }
        wordOf = new int[records];
        int[] lastOfWord = new int[words.length];
        for (int i = 0; i < records; i++) {
            // a skewed draw: the first words are the most frequent, as in text
            double draw = random.nextDouble();
            wordOf[i] = (int) (draw * draw * draw * words.length);
            lastOfWord[wordOf[i]] = i;
        }
        fill();
        for (int i = 0; i < pairs.length; i += 2) {
            pairs[i] = random.nextInt(records);
            pairs[i + 1] = sameWords ? lastOfWord[wordOf[pairs[i]]] : random.nextInt(records);
        }
    }

    /** Compares {@link #PAIRS} pairs of records as the sort does; the sum of the results. */
    @Override
    public int getAsInt() {
        int sum = 0;
        int[] indices = pairs;
        int from = next;
        for (int i = from; i < from + 2 * PAIRS; i += 2) {
            sum += Integer.signum(sorter.compare(indices[i], indices[i + 1]));
        }
        next = from + 2 * PAIRS == indices.length ? 0 : from + 2 * PAIRS;
        return sum;
    }

    /**
     * Sorts the buffer, the first time, and reads its records in their sorted order, as a sort
     * whose input fits in its memory hands them to the operator; the records read.
     */
    public int read() throws IOException {
        sort();
        MutableObjectIterator<Tuple2<byte[], StreamRecord<Tuple2<String, Integer>>>> records =
                sorter.getIterator();
        Tuple2<byte[], StreamRecord<Tuple2<String, Integer>>> record = sorter.getRecord(0);
        int read = 0;
        while ((record = records.next(record)) != null) {
            read++;
        }
        return read;
    }

    /**
     * Sorts the buffer, the first time, and spills its records in their sorted order to a file in
     * {@code directory}, as a sort whose input outgrows its memory does; the bytes of the records.
     */
    public long spill(File directory) throws Exception {
        sort();
        try (IOManager ioManager = new IOManagerAsync(directory.getAbsolutePath())) {
            BlockChannelWriter<MemorySegment> writer =
                    ioManager.createBlockChannelWriter(ioManager.createChannel());
            List<MemorySegment> buffers = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                buffers.add(MemorySegmentFactory.allocateUnpooledOffHeapMemory(32768));
            }
            ChannelWriterOutputView output = new ChannelWriterOutputView(writer, buffers, 32768);
            sorter.writeToOutput(output);
            output.close();
            writer.closeAndDelete();
            return output.getBytesWritten();
        }
    }

    private void sort() {
        if (!sorted) {
            sortAgain();
        }
    }

    /**
     * Sorts the buffer, as the sort of a keyed input does once its buffer is full; the comparison
     * of the first record with the last, which the sort leaves in order.
     */
    public int sortAgain() {
        new QuickSort().sort(sorter);
        sorted = true;
        return sorter.compare(0, sorter.size() - 1);
    }

    /** Empties the buffer and writes the same records into it again, in the same order. */
    public void refill() throws IOException {
        sorter.reset();
        fill();
        sorted = false;
    }

    private void fill() throws IOException {
        for (int i = 0; i < wordOf.length; i++) {
            String word = words[wordOf[i]];
            if (!sorter.write(
                    Tuple2.of(
                            keys[wordOf[i]],
                            new StreamRecord<>(Tuple2.of(word, 1), Long.MIN_VALUE)))) {
                throw new IllegalStateException("The sort buffer is full after " + i + " records");
            }
        }
    }

    /** How many of the pairs compared equal: those that compare their serialized records whole. */
    public int equalPairs() {
        int equal = 0;
        for (int i = 0; i < pairs.length; i += 2) {
            equal += sorter.compare(pairs[i], pairs[i + 1]) == 0 ? 1 : 0;
        }
        return equal;
    }

    /** The constructor of a class of the sort of keyed inputs, made accessible. */
    private static Constructor<?> sortClass(String name, Class<?>... parameters)
            throws ReflectiveOperationException {
        Constructor<?> constructor =
                Class.forName(
                                "org.apache.flink.streaming.api.operators.sort." + name,
                                true,
                                SortedKeyComparisons.class.getClassLoader())
                        .getDeclaredConstructor(parameters);
        constructor.setAccessible(true);
        return constructor;
    }

    private static String[] words(Random random, int count) {
        String[] words = new String[count];
        for (int i = 0; i < count; i++) {
            char[] chars = new char[2 + random.nextInt(11)];
            for (int c = 0; c < chars.length; c++) {
                chars[c] = (char) ('a' + random.nextInt(26));
            }
            words[i] = new String(chars);
        }
        return words;
    }
}

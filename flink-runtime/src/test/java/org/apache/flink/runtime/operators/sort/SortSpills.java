/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.operators.sort;

import org.apache.flink.api.common.typeutils.TypeComparator;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.base.IntSerializer;
import org.apache.flink.api.common.typeutils.base.StringComparator;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.api.java.typeutils.runtime.TupleComparator;
import org.apache.flink.api.java.typeutils.runtime.TupleSerializer;
import org.apache.flink.core.memory.MemorySegment;
import org.apache.flink.core.memory.MemorySegmentFactory;
import org.apache.flink.runtime.io.disk.iomanager.BlockChannelWriter;
import org.apache.flink.runtime.io.disk.iomanager.ChannelWriterOutputView;
import org.apache.flink.runtime.io.disk.iomanager.FileIOChannel;
import org.apache.flink.runtime.io.disk.iomanager.IOManager;
import org.apache.flink.runtime.io.disk.iomanager.IOManagerAsync;
import org.apache.flink.util.MutableObjectIterator;

import java.io.File;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random words, mostly of ASCII chars, sorted in a {@link NormalizedKeySorter} of small off-heap
 * segments, then spilled to a file or read back, as a batch job's sort spills or reads them.
 * Written against Flink's API only, without nested classes or lambdas, so that {@code
 * UpstreamRuntime#copyOf} can run the same code against upstream's classes.
 */
public final class SortSpills {

    private static final int SEGMENT_BYTES = 4096;

    /**
     * Chars of two- and three-byte varints that words hold now and then: Latin-1, Cyrillic, CJK.
     */
    private static final String PAST_ASCII = "\u00e9\u00fc\u0416\u4e2d";

    private final File directory;
    private final int records;
    private final long seed;

    /**
     * @param directory where the spill file goes
     * @param records the words sorted
     * @param seed the words' seed
     */
    public SortSpills(File directory, int records, long seed) {
        this.directory = directory;
        this.records = records;
        this.seed = seed;
    }

    /** The bytes of the spill file of the sorted words. */
    public byte[] spill() throws Exception {
        return spill(sortedWords());
    }

    /**
     * The bytes of the spill file of the words, each with the number of its place in the input,
     * sorted by the word alone: the order of each word's records is the sort's own. The buffer
     * sorts twice: first as many records, then, after a reset, half as many, over an index whose
     * entries past them are the first sort's.
     */
    public byte[] spillKeyed() throws Exception {
        NormalizedKeySorter<Tuple2<String, Integer>> sorter = keyedWordsSorter();
        sortKeyedWords(sorter, records, seed);
        sorter.reset();
        sortKeyedWords(sorter, records / 2, seed + 1);
        return spill(sorter);
    }

    private byte[] spill(NormalizedKeySorter<?> sorter) throws Exception {
        try (IOManager ioManager = new IOManagerAsync(directory.getAbsolutePath())) {
            FileIOChannel.ID channel = ioManager.createChannel();
            BlockChannelWriter<MemorySegment> writer = ioManager.createBlockChannelWriter(channel);
            ChannelWriterOutputView output =
                    new ChannelWriterOutputView(writer, segments(4), SEGMENT_BYTES);
            sorter.writeToOutput(output);
            output.close();
            File file = channel.getPathFile();
            byte[] bytes = Files.readAllBytes(file.toPath());
            Files.delete(file.toPath());
            return bytes;
        }
    }

    /**
     * The sorted words, as the sort buffer's iterator returns them: through {@code next(reuse)}, or
     * {@code next()}.
     */
    public List<String> read(boolean reuse) throws Exception {
        MutableObjectIterator<String> iterator = sortedWords().getIterator();
        List<String> words = new ArrayList<String>();
        String word;
        while ((word = reuse ? iterator.next("") : iterator.next()) != null) {
            words.add(word);
        }
        return words;
    }

    private NormalizedKeySorter<String> sortedWords() throws Exception {
        List<MemorySegment> memory = segments(records / 16 + 8);
        NormalizedKeySorter<String> sorter =
                new NormalizedKeySorter<String>(
                        StringSerializer.INSTANCE, new StringComparator(true), memory);
        Random random = new Random(seed);
        for (int i = 0; i < records; i++) {
            if (!sorter.write(word(random))) {
                throw new IllegalStateException("The sort buffer is full after " + i + " words");
            }
        }
        if (records > 0) {
            new QuickSort().sort(sorter);
        }

        return sorter;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private NormalizedKeySorter<Tuple2<String, Integer>> keyedWordsSorter() {
        TupleSerializer<Tuple2<String, Integer>> serializer =
                new TupleSerializer<Tuple2<String, Integer>>(
                        (Class) Tuple2.class,
                        new TypeSerializer[] {StringSerializer.INSTANCE, IntSerializer.INSTANCE});
        TupleComparator<Tuple2<String, Integer>> byWord =
                new TupleComparator<Tuple2<String, Integer>>(
                        new int[] {0},
                        new TypeComparator[] {new StringComparator(true)},
                        new TypeSerializer[] {StringSerializer.INSTANCE});
        return new NormalizedKeySorter<Tuple2<String, Integer>>(
                serializer, byWord, segments(records / 8 + 8));
    }

    private static void sortKeyedWords(
            NormalizedKeySorter<Tuple2<String, Integer>> sorter, int count, long seed)
            throws Exception {
        Random random = new Random(seed);
        for (int i = 0; i < count; i++) {
            if (!sorter.write(new Tuple2<String, Integer>(word(random), i))) {
                throw new IllegalStateException("The sort buffer is full after " + i + " words");
            }
        }
        if (count > 0) {
            new QuickSort().sort(sorter);
        }
    }

    private static String word(Random random) {
        char[] chars = new char[1 + random.nextInt(random.nextInt(4) == 0 ? 40 : 8)];
        for (int c = 0; c < chars.length; c++) {
            chars[c] =
                    random.nextInt(16) == 0
                            ? PAST_ASCII.charAt(random.nextInt(PAST_ASCII.length()))
                            : (char) ('a' + random.nextInt(random.nextInt(8) == 0 ? 26 : 3));
        }
        return new String(chars);
    }

    private static List<MemorySegment> segments(int count) {
        List<MemorySegment> segments = new ArrayList<MemorySegment>();
        for (int i = 0; i < count; i++) {
            MemorySegment segment = MemorySegmentFactory.allocateOffHeapUnsafeMemory(SEGMENT_BYTES);
            // zeros past the records, in the file's last block as in the sort buffer
            segment.put(0, new byte[SEGMENT_BYTES]);
            segments.add(segment);
        }
        return segments;
    }
}

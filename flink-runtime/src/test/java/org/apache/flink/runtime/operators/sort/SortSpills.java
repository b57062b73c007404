/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.operators.sort;

import org.apache.flink.api.common.typeutils.base.StringComparator;
import org.apache.flink.api.common.typeutils.base.StringSerializer;
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
 * Random words sorted in a {@link NormalizedKeySorter} of small off-heap segments, then spilled to
 * a file or read back, as a batch job's sort spills or reads them. Written against Flink's API
 * only, without nested classes or lambdas, so that {@code UpstreamRuntime#copyOf} can run the same
 * code against upstream's classes.
 */
public final class SortSpills {

    private static final int SEGMENT_BYTES = 4096;

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
        NormalizedKeySorter<String> sorter = sortedWords();
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

    private static String word(Random random) {
        char[] chars = new char[1 + random.nextInt(random.nextInt(4) == 0 ? 40 : 8)];
        for (int c = 0; c < chars.length; c++) {
            chars[c] = (char) ('a' + random.nextInt(random.nextInt(8) == 0 ? 26 : 3));
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

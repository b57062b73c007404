/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

import org.apache.flink.api.common.typeutils.base.StringSerializer;
import org.apache.flink.core.memory.MemorySegment;
import org.apache.flink.core.memory.MemorySegmentFactory;
import org.apache.flink.runtime.io.disk.RandomAccessInputView;
import org.apache.flink.runtime.io.disk.RandomAccessOutputView;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Random;

/**
 * Strings written to, read from and copied between the paged views of Flink's managed memory, the
 * views that a batch job's sorts, spills and hash tables serialize their records through: {@link
 * #STRINGS} strings a call, through {@code StringSerializer}, in off-heap segments of 32 KiB.
 * Written against Flink's API only, without nested classes or lambdas, so that {@code
 * UpstreamRuntime#copyOf} can run the same code against upstream's classes.
 */
public final class PagedViewStrings {

    /** Strings written, read or copied a call. */
    public static final int STRINGS = 1024;

    private static final int SEGMENT_BYTES = 32 * 1024;

    private static final String LATIN1_LETTERS = "\u00e0\u00e4\u00e7\u00e9\u00f1\u00f6\u00fc\u00df";

    private final String[] strings = new String[STRINGS];
    private final ArrayList<MemorySegment> written = new ArrayList<>();
    private final RandomAccessOutputView out;
    private final RandomAccessInputView in;
    private final RandomAccessOutputView copyOut;

    /**
     * @param minChars the fewest chars of a string
     * @param maxChars the most chars of a string; each is ASCII letters and spaces
     * @param latin1 whether one letter in eight, on average, is a Latin-1 letter past ASCII
     */
    public PagedViewStrings(int minChars, int maxChars, boolean latin1) throws IOException {
        Random random = new Random(20262308);
        for (int i = 0; i < STRINGS; i++) {
            char[] chars = new char[minChars + random.nextInt(maxChars - minChars + 1)];
            for (int c = 0; c < chars.length; c++) {
                chars[c] =
                        random.nextInt(8) == 0
                                ? ' '
                                : latin1 && random.nextInt(8) == 0
                                        ? LATIN1_LETTERS.charAt(
                                                random.nextInt(LATIN1_LETTERS.length()))
                                        : (char) ('a' + random.nextInt(26));
            }
            strings[i] = new String(chars);
        }
        int segments = (STRINGS * (maxChars * 3 + 5)) / SEGMENT_BYTES + 1;
        out = new RandomAccessOutputView(segments(segments, written), SEGMENT_BYTES);
        copyOut =
                new RandomAccessOutputView(
                        segments(segments, new ArrayList<MemorySegment>()), SEGMENT_BYTES);
        in = new RandomAccessInputView(written, SEGMENT_BYTES);
        write();
    }

    /** Writes the strings from the start of the segments; the sum of their lengths. */
    public int write() throws IOException {
        out.setWritePosition(0);
        int chars = 0;
        for (String string : strings) {
            StringSerializer.INSTANCE.serialize(string, out);
            chars += string.length();
        }
        return chars;
    }

    /** Reads the strings written; the sum of their lengths. */
    public int read() throws IOException {
        in.setReadPosition(0);
        int chars = 0;
        for (int i = 0; i < STRINGS; i++) {
            chars += StringSerializer.INSTANCE.deserialize(in).length();
        }
        return chars;
    }

    /** Copies the strings written into other segments; the position read up to. */
    public int copy() throws IOException {
        in.setReadPosition(0);
        copyOut.setWritePosition(0);
        for (int i = 0; i < STRINGS; i++) {
            StringSerializer.INSTANCE.copy(in, copyOut);
        }
        return (int) in.getReadPosition();
    }

    /** Whether the strings read back are those written. */
    public boolean readsWhatItWrote() throws IOException {
        in.setReadPosition(0);
        for (String string : strings) {
            if (!string.equals(StringSerializer.INSTANCE.deserialize(in))) {
                return false;
            }
        }
        return true;
    }

    private static MemorySegment[] segments(int count, ArrayList<MemorySegment> list) {
        for (int i = 0; i < count; i++) {
            list.add(MemorySegmentFactory.allocateUnpooledOffHeapMemory(SEGMENT_BYTES));
        }
        return list.toArray(new MemorySegment[0]);
    }
}

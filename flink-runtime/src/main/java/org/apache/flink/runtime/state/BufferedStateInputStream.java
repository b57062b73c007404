/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.state;

import org.apache.flink.core.fs.FSDataInputStream;

import java.io.IOException;
import java.util.Objects;

/**
 * Reads the stream of a state handle ahead, a block at a time, for the restore of keyed and
 * operator state: the restore reads each key, value and element through a {@code
 * DataInputViewStreamWrapper}, with a call to the stream for every number and for every byte of a
 * string, and a file system's stream makes each such call a read of the file (for a local file, a
 * system call). This stream hands out the same bytes from a block it read with one call, and keeps
 * {@link #getPos()} and {@link #seek(long)} exact, so that the restore's seeks to each key group
 * and each partition of operator state still find their bytes.
 *
 * <p>The JobManager reads what it keeps in high-availability storage (job graphs, completed
 * checkpoints) through such a stream as well: Java's object stream, which deserializes them, reads
 * type codes, lengths and class descriptions a byte a call.
 *
 * <p>Reads of a block's size or more go straight to the stream underneath; the block is allocated
 * on the first read that needs it.
 */
final class BufferedStateInputStream extends FSDataInputStream {

    /** The size of the blocks read ahead. */
    static final int BLOCK_BYTES = 32 * 1024;

    private final FSDataInputStream in;

    /** The block read ahead, or null before the first read that needs it. */
    private byte[] block;

    /** The next byte of the block to hand out. */
    private int next;

    /** The end of the block's bytes read from the stream underneath. */
    private int end;

    private BufferedStateInputStream(FSDataInputStream in) {
        this.in = Objects.requireNonNull(in);
    }

    /** A stream that reads {@code in} ahead, or {@code in} itself if it is such a stream. */
    static FSDataInputStream readAhead(FSDataInputStream in) {
        return in instanceof BufferedStateInputStream ? in : new BufferedStateInputStream(in);
    }

    @Override
    public int read() throws IOException {
        if (next == end && !fill()) {
            return -1;
        }
        return block[next++] & 0xFF;
    }

    @Override
    public int read(byte[] target, int offset, int length) throws IOException {
        Objects.checkFromIndexSize(offset, length, target.length);
        if (length == 0) {
            return 0;
        }
        if (next == end) {
            if (length >= BLOCK_BYTES) {
                dropBlock();
                return in.read(target, offset, length);
            }
            if (!fill()) {
                return -1;
            }
        }
        int count = Math.min(length, end - next);
        System.arraycopy(block, next, target, offset, count);
        next += count;
        return count;
    }

    @Override
    public long skip(long count) throws IOException {
        if (count <= 0) {
            return 0;
        }
        if (next == end) {
            dropBlock();
            return in.skip(count);
        }
        int skipped = (int) Math.min(count, end - next);
        next += skipped;
        return skipped;
    }

    @Override
    public int available() throws IOException {
        return (int) Math.min(Integer.MAX_VALUE, (long) (end - next) + in.available());
    }

    @Override
    public long getPos() throws IOException {
        return in.getPos() - (end - next);
    }

    /**
     * Moves to {@code desired}: within the block if it holds that position, else on the stream
     * underneath, the block dropped.
     */
    @Override
    public void seek(long desired) throws IOException {
        long blockStart = in.getPos() - end;
        if (desired >= blockStart && desired <= blockStart + end) {
            next = (int) (desired - blockStart);
        } else {
            dropBlock();
            in.seek(desired);
        }
    }

    @Override
    public void close() throws IOException {
        dropBlock();
        in.close();
    }

    /**
     * Forgets the block's bytes, before the stream underneath moves past them, so that {@link
     * #seek(long)} never finds a position in them again.
     */
    private void dropBlock() {
        next = 0;
        end = 0;
    }

    /** Reads the next block; false at the end of the stream. */
    private boolean fill() throws IOException {
        if (block == null) {
            block = new byte[BLOCK_BYTES];
        }
        dropBlock();
        int count = in.read(block, 0, BLOCK_BYTES);
        if (count == 0) {
            // a stream that hands out nothing without being at its end: a byte at a time, as the
            // restore would read it without this stream
            int value = in.read();
            if (value < 0) {
                return false;
            }
            block[0] = (byte) value;
            count = 1;
        }
        if (count < 0) {
            return false;
        }
        end = count;
        return true;
    }
}

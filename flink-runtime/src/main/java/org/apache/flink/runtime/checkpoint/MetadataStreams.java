/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.checkpoint;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Streams that carry a checkpoint's metadata (its {@code _metadata} file) to and from the file
 * system a block at a time. The metadata serializers write and read each number of every state
 * handle through a {@code DataOutputStream} or {@code DataInputStream}, which make one call of the
 * stream underneath for each byte of an {@code int}; on a local or mounted file system each such
 * call is a system call. These streams hand the same bytes over in blocks.
 */
final class MetadataStreams {

    /** The size of the blocks written and read. */
    static final int BLOCK_BYTES = 64 * 1024;

    private MetadataStreams() {}

    /**
     * A stream of the bytes of {@code in}, read from it a block at a time, or null if {@code in} is
     * null. It reads ahead: once the metadata is read, {@code in} may stand past its end, where
     * nothing but the end of the file follows in a metadata file.
     */
    static DataInputStream readAhead(DataInputStream in) {
        return in == null ? null : new DataInputStream(new BufferedInputStream(in, BLOCK_BYTES));
    }

    /**
     * A stream that gathers what is written to it into blocks and writes each full block to the
     * stream underneath with one call. It neither flushes nor closes that stream but when asked to;
     * {@link #writePending()} writes the last, partial block.
     */
    static final class BlockWriter extends BufferedOutputStream {

        BlockWriter(OutputStream out) {
            super(out, BLOCK_BYTES);
        }

        /** Writes the bytes still gathered to the stream underneath, without flushing it. */
        synchronized void writePending() throws IOException {
            if (count > 0) {
                out.write(buf, 0, count);
                count = 0;
            }
        }
    }
}

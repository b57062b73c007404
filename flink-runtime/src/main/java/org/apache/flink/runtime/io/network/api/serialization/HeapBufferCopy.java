/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import org.apache.flink.core.memory.MemorySegment;
import org.apache.flink.core.memory.MemorySegmentFactory;

import javax.annotation.Nullable;

/**
 * A copy on the heap of a network buffer's bytes, from which the record deserializer reads the
 * records that sit whole in the buffer.
 *
 * <p>Network buffers are off-heap memory, which the deserializer's view of a buffer reads a byte or
 * a primitive at a time. From a byte array, Flink's serializers take their bulk paths instead: a
 * string, for one, is checked and made from its bytes in one pass. That pays for records of {@value
 * #MIN_VIEW_RECORD_BYTES} bytes and more that a serializer may read in bulk; shorter ones, and
 * {@link FixedLengthRecords}, are read in place, where a view costs more than it saves. The first
 * such record of a buffer has the buffer's bytes left copied, in bulk, a fraction of a nanosecond a
 * byte; a buffer of short records is not copied at all.
 *
 * <p>A copy belongs to one deserializer from when it takes it until it has read the buffer's bytes
 * or is cleared, and then becomes its thread's spare ({@link Spares}), which the next buffer read
 * in that thread takes. So a task holds a copy for each deserializer amid a buffer (one an input,
 * as an input reads a buffer to its end before it takes the next), not one for each input channel.
 */
final class HeapBufferCopy {

    /** Records of fewer bytes are read in place, where a view would cost more than it saves. */
    static final int MIN_VIEW_RECORD_BYTES = 16;

    private final MemorySegment segment;

    private HeapBufferCopy(int size) {
        segment = MemorySegmentFactory.wrap(new byte[size]);
    }

    /** Whether a record of the given length is read through a view of the copy. */
    static boolean readsFromView(int recordLength) {
        return recordLength >= MIN_VIEW_RECORD_BYTES;
    }

    /** The copy's bytes, from index 0, as a heap segment. */
    MemorySegment segment() {
        return segment;
    }

    /**
     * The spare copy of one thread. A deserializer keeps the spares it used last and takes them
     * again while it reads in the same thread: a task thread's map of thread-locals holds many
     * entries, and a look-up there for every buffer, which a task may receive a few records at a
     * time, costs more than the test of the thread.
     */
    static final class Spares {

        private static final ThreadLocal<Spares> OF_THREADS = ThreadLocal.withInitial(Spares::new);

        private final Thread thread = Thread.currentThread();

        @Nullable private HeapBufferCopy spare;

        private Spares() {}

        /** The current thread's spares: {@code known}, if they are the thread's, or found. */
        static Spares ofCurrentThread(@Nullable Spares known) {
            return known != null && known.thread == Thread.currentThread()
                    ? known
                    : OF_THREADS.get();
        }

        /**
         * Copies {@code length} bytes of an off-heap buffer, from {@code offset}, to the start of a
         * copy: the spare, if it is large enough, which is then no longer spare.
         */
        HeapBufferCopy copy(MemorySegment buffer, int offset, int length) {
            HeapBufferCopy copy = spare;
            if (copy == null || copy.segment.size() < length) {
                copy = new HeapBufferCopy(Math.max(length, buffer.size()));
            } else {
                spare = null;
            }
            buffer.copyTo(offset, copy.segment, 0, length);
            return copy;
        }

        /** Makes a copy the spare; its owner reads it no more. */
        void release(HeapBufferCopy copy) {
            spare = copy;
        }
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.buffer;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** Publishes the writer's position to the buffer's readers with a release store. */
public class BufferBuilder {

    @Overlay.Merge
    static class SettablePositionMarker {

        /** The volatile {@code position}, for a release store of it. */
        private static final VarHandle POSITION;

        static {
            try {
                POSITION =
                        MethodHandles.lookup()
                                .findVarHandle(SettablePositionMarker.class, "position", int.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        /**
         * Makes the bytes written up to the cached position visible to the readers: a release store
         * of the position, which orders the buffer's bytes before it for a reader that reads the
         * position (a volatile read), without the full fence of a volatile store, which would wait
         * for every store before it, on the path of every record.
         */
        @Overlay.Replace("1.20.5:a38d9cf17a73")
        public void commit() {
            POSITION.setRelease(this, cachedPosition);
        }
    }
}

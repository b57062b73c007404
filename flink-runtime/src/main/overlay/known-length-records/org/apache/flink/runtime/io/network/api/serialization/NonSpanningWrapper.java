/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

/** Tells where it reads, so that a record of a known length can be checked to take that length. */
final class NonSpanningWrapper {

    /** The position in the buffer of the next byte to read. */
    int position() {
        return position;
    }
}

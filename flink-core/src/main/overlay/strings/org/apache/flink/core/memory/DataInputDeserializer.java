/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.core.memory;

/** Lets {@link StringCodec} read strings straight from the deserializer's array. */
public class DataInputDeserializer {

    /** The array read from; the next byte is at {@link #getPosition()}. */
    byte[] backingArray() {
        return buffer;
    }
}

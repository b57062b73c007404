/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.core.memory;

/**
 * Lets {@link StringCodec} read strings straight from the deserializer's array, and decode them
 * into an array the deserializer keeps.
 */
public class DataInputDeserializer {

    /** The chars of the last non-ASCII string decoded from this deserializer, if any. */
    private char[] stringChars;

    /** The array read from; the next byte is at {@link #getPosition()}. */
    byte[] backingArray() {
        return buffer;
    }

    /**
     * An array of at least {@code length} chars to decode a string into before it is built: this
     * deserializer's own, kept for the next string, as a deserializer serves one thread at a time.
     */
    char[] stringChars(int length) {
        if (stringChars == null || stringChars.length < length) {
            stringChars = new char[length];
        }
        return stringChars;
    }
}

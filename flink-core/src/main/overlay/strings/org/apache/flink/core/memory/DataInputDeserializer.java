/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.core.memory;

import org.apache.flink.annotation.Internal;

/**
 * Lets {@link StringCodec} read strings straight from the deserializer's array, and decode them
 * into arrays the deserializer keeps; Kryo reads from the array too ({@code InPlaceKryoInput}).
 */
public class DataInputDeserializer {

    /** The chars of the last string with a char past Latin-1 decoded from this deserializer. */
    private char[] stringChars;

    /** The bytes of the last Latin-1 string, ASCII aside, decoded from this deserializer. */
    private byte[] stringBytes;

    /**
     * The array read from, or {@code null} before the first; the next byte is at {@link
     * #getPosition()}, and {@link #available()} bytes are left.
     */
    @Internal
    public byte[] backingArray() {
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

    /**
     * An array of at least {@code length} bytes to decode a Latin-1 string into before it is built,
     * kept as {@link #stringChars} is.
     */
    byte[] stringBytes(int length) {
        if (stringBytes == null || stringBytes.length < length) {
            stringBytes = new byte[length];
        }
        return stringBytes;
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.core.memory;

import org.apache.flink.annotation.Internal;
import org.apache.flink.annotation.VisibleForTesting;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

import static org.apache.flink.core.memory.MemoryUtils.UNSAFE;

/**
 * The JDK's compact strings: a string whose chars are all below 256 (Latin-1) keeps them in a byte
 * array, its {@code value}, one byte a char, marked by its {@code coder} field. This class tells
 * whether a {@link String} is stored so (for such a string, {@link String#getBytes(int, int,
 * byte[], int)} is a copy of its chars with one array copy), and makes such strings around an array
 * of Latin-1 bytes without copying it.
 *
 * <p>The JDK has no public method for either, so the fields are read and written directly. They are
 * looked up once and checked against strings whose coding is known; on a JDK where they are
 * missing, differ, or where compact strings are off ({@code -XX:-CompactStrings}), {@link
 * #isLatin1} always answers {@code false} and callers take their char-by-char path, and {@link
 * #adoptLatin1} copies the bytes as {@code String}'s constructors do.
 */
@Internal
public final class CompactStrings {

    /** The offset of {@code String.coder}, or -1 where it cannot be relied upon. */
    private static final long CODER_OFFSET = coderOffset();

    /** The value of {@code String.coder} for a Latin-1 coded string. */
    private static final byte LATIN1 = 0;

    /** The offset of {@code String.value}, or -1 where a string cannot be made around an array. */
    private static final long VALUE_OFFSET = valueOffset();

    private CompactStrings() {}

    /**
     * Whether all chars of {@code value} are known to be below 256. A {@code false} answer says
     * nothing about the chars.
     */
    public static boolean isLatin1(String value) {
        return CODER_OFFSET >= 0 && UNSAFE.getByte(value, CODER_OFFSET) == LATIN1;
    }

    /**
     * A string of the Latin-1 chars in {@code bytes}, one a byte. Where it can, the string keeps
     * {@code bytes} as its own storage, which saves a copy of them: the caller hands the array over
     * and must not write it again.
     */
    @SuppressWarnings("deprecation")
    public static String adoptLatin1(byte[] bytes) {
        return VALUE_OFFSET >= 0
                ? latin1Around(bytes, VALUE_OFFSET)
                : new String(bytes, 0, 0, bytes.length);
    }

    /** A string made as {@code String}'s constructors make a Latin-1 one, but without a copy. */
    private static String latin1Around(byte[] bytes, long valueOffset) {
        String string;
        try {
            string = (String) UNSAFE.allocateInstance(String.class);
        } catch (InstantiationException e) {
            throw new IllegalStateException("Cannot allocate a String", e);
        }
        UNSAFE.putObject(string, valueOffset, bytes);
        UNSAFE.putByte(string, CODER_OFFSET, LATIN1);
        // as at the end of a constructor that sets final fields: a thread handed the string
        // through a data race sees it whole
        UNSAFE.storeFence();
        return string;
    }

    /** Whether {@link #isLatin1} can answer {@code true} on this JVM. */
    @VisibleForTesting
    static boolean isAvailable() {
        return CODER_OFFSET >= 0;
    }

    private static long valueOffset() {
        if (CODER_OFFSET < 0) {
            return -1;
        }
        try {
            Field value = String.class.getDeclaredField("value");
            if (value.getType() != byte[].class || Modifier.isStatic(value.getModifiers())) {
                return -1;
            }
            long offset = UNSAFE.objectFieldOffset(value);
            String probe = latin1Around(new byte[] {'a', (byte) 0xe9, 'z'}, offset);
            boolean telling = probe.equals("a\u00e9z") && probe.hashCode() == "a\u00e9z".hashCode();
            return telling ? offset : -1;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return -1;
        }
    }

    private static long coderOffset() {
        try {
            Field coder = String.class.getDeclaredField("coder");
            if (coder.getType() != byte.class || Modifier.isStatic(coder.getModifiers())) {
                return -1;
            }
            long offset = UNSAFE.objectFieldOffset(coder);
            boolean telling =
                    UNSAFE.getByte(new String(new char[] {'a'}), offset) == LATIN1
                            && UNSAFE.getByte(new String(new char[] {'\u00ff'}), offset) == LATIN1
                            && UNSAFE.getByte(new String(new char[] {'\u0100'}), offset) != LATIN1;
            return telling ? offset : -1;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return -1;
        }
    }
}

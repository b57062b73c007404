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
 * Tells whether a {@link String} is stored one byte a char, from the JDK's compact strings: a
 * string whose chars are all below 256 (Latin-1) keeps them in a byte array, marked by its {@code
 * coder} field. For such a string, {@link String#getBytes(int, int, byte[], int)} is a copy of its
 * chars with one array copy.
 *
 * <p>The JDK has no public method for this, so the field is read directly. It is looked up once and
 * checked against strings whose coding is known; on a JDK where it is missing, differs, or where
 * compact strings are off ({@code -XX:-CompactStrings}), {@link #isLatin1} always answers {@code
 * false} and callers take their char-by-char path.
 */
@Internal
public final class CompactStrings {

    /** The offset of {@code String.coder}, or -1 where it cannot be relied upon. */
    private static final long CODER_OFFSET = coderOffset();

    /** The value of {@code String.coder} for a Latin-1 coded string. */
    private static final byte LATIN1 = 0;

    private CompactStrings() {}

    /**
     * Whether all chars of {@code value} are known to be below 256. A {@code false} answer says
     * nothing about the chars.
     */
    public static boolean isLatin1(String value) {
        return CODER_OFFSET >= 0 && UNSAFE.getByte(value, CODER_OFFSET) == LATIN1;
    }

    /** Whether {@link #isLatin1} can answer {@code true} on this JVM. */
    @VisibleForTesting
    static boolean isAvailable() {
        return CODER_OFFSET >= 0;
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

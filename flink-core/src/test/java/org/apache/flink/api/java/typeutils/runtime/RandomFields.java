/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import java.util.Random;

/**
 * Random strings for the fields of the differential tests' tuples and rows, and the hex form in
 * which they compare bytes. Uses the JDK alone, so that the copies of those tests' classes that run
 * against upstream's classes share it with the fork's; public, as those copies live in a class
 * loader of their own.
 */
public final class RandomFields {

    private RandomFields() {}

    /** Mostly a few chars, ASCII or not; sometimes null, sometimes long. */
    public static String string(Random random) {
        int kind = random.nextInt(10);
        if (kind == 0) {
            return null;
        }
        char[] chars = new char[kind == 1 ? 200 + random.nextInt(300) : random.nextInt(12)];
        for (int i = 0; i < chars.length; i++) {
            chars[i] = (char) (kind < 5 ? 'a' + random.nextInt(26) : 32 + random.nextInt(3000));
        }
        return new String(chars);
    }

    public static String hex(byte[] bytes) {
        StringBuilder hex = new StringBuilder();
        for (byte b : bytes) {
            hex.append(Character.forDigit((b >> 4) & 0xF, 16));
            hex.append(Character.forDigit(b & 0xF, 16));
        }
        return hex.toString();
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.core.memory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/** Strings of every class the string format distinguishes, edge cases and seeded random ones. */
final class StringCorpus {

    /** The classes of chars a string is drawn from. */
    enum CharClass {
        ASCII(0x00, 0x7f),
        TWO_BYTE(0x80, 0x3fff),
        THREE_BYTE(0x4000, 0xffff),
        CYRILLIC(0x400, 0x4ff),
        CJK(0x4e00, 0x9fff),
        CONTROL(0x00, 0x1f),
        LONE_SURROGATE(0xd800, 0xdfff),
        ANY(0x0000, 0xffff),
        LATIN1(0x00, 0xff);

        final int first;
        final int last;

        CharClass(int first, int last) {
            this.first = first;
            this.last = last;
        }

        char draw(Random random) {
            return (char) (first + random.nextInt(last - first + 1));
        }
    }

    private StringCorpus() {}

    /** Hand-picked edge cases: every boundary of the format and of the implementation. */
    static List<String> edgeCases() {
        List<String> cases = new ArrayList<>();
        cases.add("");
        cases.add("helloworld");
        cases.add("\u0000");
        cases.add("\u007f\u0080");
        cases.add("\u3fff\u4000");
        cases.add("\uffff");
        cases.add("\t\r\n\u0001\u001f");
        cases.add("\ud83d\ude00 emoji pair");
        cases.add("lone high \ud83d and low \ude00 surrogates");
        cases.add("Привет, мир");
        cases.add("你好，世界");
        cases.add("mixed: abc Привет 你好 \ud83d\ude00 \u00e9");
        // lengths on the varint boundaries of the length prefix (length + 1 is written)
        for (int length : new int[] {126, 127, 128, 16382, 16383, 16384, (1 << 21) - 2, 1 << 21}) {
            cases.add(repeat('a', length));
            cases.add(repeat('\u00e9', Math.min(length, 20000)));
        }
        // ASCII but for the first or the last char, around the stream reader's thresholds (16
        // chars read a byte at a time, 256 read into an array of their own)
        for (int length : new int[] {16, 17, 18, 60, 255, 256, 257}) {
            for (char last : new char[] {'\u00e9', '\u0436', '\u4e2d'}) {
                cases.add(repeat('a', length - 1) + last);
                cases.add(last + repeat('a', length - 1));
            }
        }
        // around the 2048-char short-string threshold and the codec's chunks
        for (int length : new int[] {2047, 2048, 2049, 4095, 4096, 4097, 6145}) {
            cases.add(repeat('x', length));
            cases.add(repeat('\u4e2d', length));
            cases.add(repeat('y', length - 1) + '\u4e2d');
        }
        return cases;
    }

    /** Seeded random strings of a char class, mostly short, some long. */
    static List<String> random(CharClass charClass, int count, long seed) {
        Random random = new Random(seed);
        List<String> strings = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int length = random.nextInt(10) == 0 ? random.nextInt(5000) : random.nextInt(40);
            char[] chars = new char[length];
            for (int j = 0; j < length; j++) {
                chars[j] = charClass.draw(random);
            }
            strings.add(new String(chars));
        }
        return strings;
    }

    private static String repeat(char c, int count) {
        char[] chars = new char[count];
        Arrays.fill(chars, c);
        return new String(chars);
    }
}

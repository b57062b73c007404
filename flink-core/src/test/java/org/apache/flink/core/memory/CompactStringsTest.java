/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.core.memory;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link CompactStrings} on the JDK the build runs on, which has compact strings on. */
class CompactStringsTest {

    @Test
    void tellsLatin1StringsFromOthers() {
        assertThat(CompactStrings.isLatin1("plain ASCII")).isTrue();
        assertThat(CompactStrings.isLatin1("caf\u00e9 cr\u00e8me \u00ff")).isTrue();
        assertThat(CompactStrings.isLatin1("\u0141\u00f3d\u017a")).isFalse();
        assertThat(CompactStrings.isLatin1("abc\u0100")).isFalse();
        assertThat(CompactStrings.isLatin1("\u4f60\u597d")).isFalse();
    }

    @Test
    void adoptedStringsAreTheStringsOfTheirBytes() {
        byte[] everyByte = new byte[256];
        for (int i = 0; i < everyByte.length; i++) {
            everyByte[i] = (byte) i;
        }
        for (byte[] bytes :
                new byte[][] {
                    new byte[0], "word".getBytes(StandardCharsets.ISO_8859_1), everyByte
                }) {
            String expected = new String(bytes, StandardCharsets.ISO_8859_1);

            String adopted = CompactStrings.adoptLatin1(bytes.clone());

            assertThat(adopted)
                    .isEqualTo(expected)
                    .hasSameHashCodeAs(expected)
                    .hasSize(expected.length());
            assertThat(expected).isEqualTo(adopted);
            assertThat(adopted.compareTo(expected)).isZero();
            assertThat(adopted.intern()).isSameAs(expected.intern());
            assertThat(adopted + "\u0100").isEqualTo(expected + "\u0100");
            assertThat(adopted.getBytes(StandardCharsets.ISO_8859_1)).isEqualTo(bytes);
            assertThat(CompactStrings.isLatin1(adopted)).isTrue();
        }
    }

    @Test
    void adoptsTheArrayOnThisJvm() {
        byte[] bytes = "before".getBytes(StandardCharsets.ISO_8859_1);
        String adopted = CompactStrings.adoptLatin1(bytes);

        // the one thing a caller must never do, done here only to tell an adopted array from a copy
        bytes[0] = 'B';

        assertThat(adopted).isEqualTo("Before");
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.core.memory;

import org.junit.jupiter.api.Test;

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
}

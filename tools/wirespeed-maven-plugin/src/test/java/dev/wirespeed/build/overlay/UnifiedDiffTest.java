/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.overlay;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class UnifiedDiffTest {

    @Test
    void showsTheChangedLinesWithHeaders() {
        String diff = UnifiedDiff.between("a\nb\nc\n", "a\nB\nc\n", "p/X.java");

        assertThat(diff)
                .isEqualTo("--- a/p/X.java\n+++ b/p/X.java\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n");
    }

    @Test
    void isEmptyForEqualTexts() {
        assertThat(UnifiedDiff.between("a\n", "a\n", "p/X.java")).isEmpty();
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.overlay;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;

import java.util.List;

/** Writes the fork's delta to one upstream file as a unified diff. */
public final class UnifiedDiff {

    private static final int CONTEXT_LINES = 3;

    private UnifiedDiff() {}

    /**
     * The unified diff from {@code upstream} to {@code merged}, with {@code a/} and {@code b/} file
     * headers on {@code path}; empty if the two are equal.
     */
    public static String between(String upstream, String merged, String path) {
        List<String> original = upstream.lines().toList();
        List<String> revised = merged.lines().toList();
        List<String> lines =
                UnifiedDiffUtils.generateUnifiedDiff(
                        "a/" + path,
                        "b/" + path,
                        original,
                        DiffUtils.diff(original, revised),
                        CONTEXT_LINES);
        return lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
    }
}

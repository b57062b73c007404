/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The output of the WordCount examples: running counts, one {@code (word,count)} per line. */
final class WordCounts {

    private WordCounts() {}

    /** The last (highest) running count of each word. */
    static Map<String, Long> finalCounts(List<String> lines) {
        return lines.stream()
                .map(line -> line.substring(1, line.length() - 1).split(","))
                .collect(
                        Collectors.toMap(
                                pair -> pair[0], pair -> Long.parseLong(pair[1]), Math::max));
    }
}

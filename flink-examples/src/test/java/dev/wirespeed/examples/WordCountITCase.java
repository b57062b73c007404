/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** Runs WordCount in a local cluster built of the fork's jars and checks its final counts. */
class WordCountITCase {

    @Test
    void countsTheWordsOfAnInputFile(@TempDir Path dir) throws Exception {
        Path input = dir.resolve("input.txt");
        Files.write(input, SampleText.LINES);
        Path output = dir.resolve("counts.txt");

        WordCount.main(new String[] {"--input", input.toString(), "--output", output.toString()});

        assertThat(finalCounts(Files.readAllLines(output))).isEqualTo(expectedCounts());
    }

    /** The last running count of each word, from lines such as {@code (word,3)}. */
    private static Map<String, Long> finalCounts(List<String> lines) {
        return lines.stream()
                .map(line -> line.substring(1, line.length() - 1).split(","))
                .collect(
                        Collectors.toMap(
                                pair -> pair[0], pair -> Long.parseLong(pair[1]), Math::max));
    }

    private static Map<String, Long> expectedCounts() {
        return SampleText.LINES.stream()
                .flatMap(line -> Arrays.stream(line.toLowerCase(Locale.ROOT).split("\\W+")))
                .filter(word -> !word.isEmpty())
                .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
    }
}

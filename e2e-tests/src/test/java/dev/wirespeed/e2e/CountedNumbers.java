/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The committed output of {@code ExactlyOnceCounts} of {@code e2e-jobs}: lines {@code "<key>
 * <number> <count>"} in the files its file sink made visible (not the hidden files of parts in
 * progress or left behind by a failure).
 */
final class CountedNumbers {

    private CountedNumbers() {}

    /**
     * Requires every number from 1 to {@code records} once, and the counts of each key to run from
     * 1 to the number of its numbers: nothing lost, nothing written twice, no state lost or counted
     * twice.
     */
    static void assertExact(Path directory, long records) throws IOException {
        int[] seen = new int[Math.toIntExact(records + 1)];
        Map<Long, List<Long>> countsByKey = new HashMap<>();
        for (String line : committedLines(directory)) {
            String[] fields = line.split(" ");
            long number = Long.parseLong(fields[1]);
            assertThat(number).as(line).isBetween(1L, records);
            seen[(int) number]++;
            countsByKey
                    .computeIfAbsent(Long.parseLong(fields[0]), key -> new ArrayList<>())
                    .add(Long.parseLong(fields[2]));
        }
        List<Long> wrong = new ArrayList<>();
        for (int number = 1; number <= records; number++) {
            if (seen[number] != 1) {
                wrong.add((long) number);
            }
        }
        assertThat(wrong)
                .as("numbers written other than once (%d of %d)", wrong.size(), records)
                .isEmpty();
        for (Map.Entry<Long, List<Long>> key : countsByKey.entrySet()) {
            List<Long> counts = key.getValue().stream().sorted().toList();
            for (int i = 0; i < counts.size(); i++) {
                assertThat(counts.get(i))
                        .as("count %d of key %d", i + 1, key.getKey())
                        .isEqualTo(i + 1L);
            }
        }
    }

    private static List<String> committedLines(Path directory) throws IOException {
        List<String> lines = new ArrayList<>();
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file :
                    files.filter(Files::isRegularFile)
                            .filter(file -> !file.getFileName().toString().startsWith("."))
                            .toList()) {
                lines.addAll(Files.readAllLines(file));
            }
        }
        return lines;
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** Runs the examples other than WordCount in a local cluster built of the fork's jars. */
class ExamplesITCase {

    @TempDir Path dir;

    @Test
    void windowWordCountCountsEachWordsSlidingWindows() throws Exception {
        Path input = Files.writeString(dir.resolve("input.txt"), "a a a b a a\nb b a\n");
        Path output = dir.resolve("windows.txt");

        WindowWordCount.main(
                new String[] {
                    "--input",
                    input.toString(),
                    "--output",
                    output.toString(),
                    "--window",
                    "3",
                    "--slide",
                    "2"
                });

        // a occurs 6 times: windows fire after its 2nd, 4th and 6th occurrence, over at most the
        // last 3; b occurs 3 times: one window, after its 2nd.
        assertThat(Files.readAllLines(output))
                .containsExactlyInAnyOrder("(a,2)", "(a,3)", "(a,3)", "(b,2)");
    }

    @Test
    void productRecordShuffleTotalsAsTheStringShuffleOfTheSameEvents() throws Exception {
        Path records = dir.resolve("records.txt");
        Path pojos = dir.resolve("pojos.txt");

        ProductRecordShuffle.main(
                new String[] {"--records", "600", "--output", records.toString()});
        StringShuffle.main(new String[] {"--records", "600", "--output", pojos.toString()});

        assertThat(Files.readAllLines(records))
                .hasSize(ProductEvent.CATEGORIES.length)
                .containsExactlyInAnyOrderElementsOf(Files.readAllLines(pojos));
        assertThat(TypeInformation.of(ProductRecordShuffle.Product.class))
                .as("the record as Flink serializes it")
                .isInstanceOf(PojoTypeInfo.class);
    }

    @Test
    void stringShuffleTotalsEveryCategoryWhenTheInputEnds() throws Exception {
        Path output = dir.resolve("totals.txt");
        int records = 1200;

        StringShuffle.main(new String[] {"--records", "1200", "--output", output.toString()});

        Map<String, Long> events = new TreeMap<>();
        Map<String, Long> characters = new TreeMap<>();
        for (String line : Files.readAllLines(output)) {
            String[] fields = line.substring(1, line.length() - 1).split(",");
            events.put(fields[0], Long.parseLong(fields[1]));
            characters.put(fields[0], Long.parseLong(fields[2]));
        }
        assertThat(events).hasSize(ProductEvent.CATEGORIES.length);
        assertThat(events.values()).containsOnly((long) records / ProductEvent.CATEGORIES.length);
        assertThat(characters).isEqualTo(expectedCharacters(records));
    }

    @Test
    void embeddingShuffleCountsEachTopicsEmbeddingsAndMatches() throws Exception {
        Path output = dir.resolve("topics.txt");
        int records = 1200;

        EmbeddingShuffle.main(
                new String[] {"--records", String.valueOf(records), "--output", output.toString()});

        Map<String, String> expected = new TreeMap<>();
        Map<String, Long> matches = new TreeMap<>();
        for (long n = 1; n <= records; n++) {
            Embedding embedding = Embedding.generate(n);
            matches.merge(embedding.topic, embedding.matches() ? 1L : 0L, Long::sum);
        }
        matches.forEach(
                (topic, count) ->
                        expected.put(topic, records / Embedding.TOPICS.length + "," + count));
        Map<String, String> totals = new TreeMap<>();
        for (String line : Files.readAllLines(output)) {
            String[] fields = line.substring(1, line.length() - 1).split(",", 2);
            totals.put(fields[0], fields[1]);
        }
        assertThat(totals).hasSize(Embedding.TOPICS.length).isEqualTo(expected);
        assertThat(matches.values())
                .as("some embeddings of every topic match the query, and some do not")
                .allSatisfy(count -> assertThat(count).isBetween(1L, 99L));
    }

    @ParameterizedTest(name = "object reuse {0}")
    @ValueSource(strings = {"false", "true"})
    void productPipelineTotalsTheEventsItKeepsInEuros(String objectReuse) throws Exception {
        long kept = 0;
        long euroCents = 0;
        for (long n = 1; n <= 1200; n++) {
            ProductEvent event = ProductEvent.generate(n);
            if (!event.category.equals(ProductPipeline.DROPPED_CATEGORY)) {
                kept++;
                euroCents += ProductPipeline.inEuros(event).priceCents;
            }
        }

        String printed =
                printedBy(
                        () ->
                                ProductPipeline.main(
                                        new String[] {
                                            "--records", "1200", "--object-reuse", objectReuse
                                        }));

        // One category of twelve is dropped; yen prices count at 61 euro cents per 100 yen.
        assertThat(kept).isEqualTo(1100);
        assertThat(printed)
                .contains(kept + " events kept, " + euroCents + " euro cents in all")
                .containsPattern("1200 records in \\d+ ms: \\d+ records/s");
    }

    @ParameterizedTest(name = "kryo {0}")
    @ValueSource(strings = {"false", "true"})
    void keyedPojoStateTotalsEveryProductInRocksDbWhenTheInputEnds(String kryo) throws Exception {
        Path output = dir.resolve("products-" + kryo + ".txt");

        KeyedPojoState.main(
                new String[] {
                    "--records",
                    "3000",
                    "--products",
                    "100",
                    "--kryo",
                    kryo,
                    "--output",
                    output.toString()
                });

        // Events 1 to 3000 go to products 1 to 99 and 0, 30 events each.
        Map<String, String> expected = new TreeMap<>();
        for (int product = 0; product < 100; product++) {
            ProductEvent event = ProductEvent.generate(product);
            expected.put(event.productId, 30 + "," + 30 * event.priceCents);
        }
        Map<String, String> totals = new TreeMap<>();
        for (String line : Files.readAllLines(output)) {
            String[] fields = line.substring(1, line.length() - 1).split(",", 2);
            totals.put(fields[0], fields[1]);
        }
        assertThat(totals).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"rocksdb", "hashmap"})
    void productWindowsTotalEachProductsEventsInEachWindow(String stateBackend) throws Exception {
        Path output = dir.resolve("windows-" + stateBackend + ".txt");

        ProductWindows.main(
                new String[] {
                    "--records",
                    "2500",
                    "--products",
                    "7",
                    "--window-ms",
                    "1000",
                    "--state-backend",
                    stateBackend,
                    "--output",
                    output.toString()
                });

        // Event n, of product n % 7, happens at n ms: windows [0, 1000), [1000, 2000) and
        // [2000, 3000) hold events 1 to 999, 1000 to 1999 and 2000 to 2500.
        Map<String, Long> events = new TreeMap<>();
        Map<String, Long> cents = new TreeMap<>();
        for (long n = 1; n <= 2500; n++) {
            ProductEvent event = ProductEvent.generate(n % 7);
            String window = event.productId + "," + (n / 1000 + 1) * 1000;
            events.merge(window, 1L, Long::sum);
            cents.merge(window, event.priceCents, Long::sum);
        }
        List<String> expected =
                events.keySet().stream()
                        .map(w -> "(" + w + "," + events.get(w) + "," + cents.get(w) + ")")
                        .collect(Collectors.toList());
        assertThat(Files.readAllLines(output)).containsExactlyInAnyOrderElementsOf(expected);
    }

    @Test
    void taglessPipelineReportsTheThroughputOfItsRecordsWithBothSettings() throws Exception {
        for (String setting : List.of("false", "true")) {
            String printed =
                    printedBy(
                            () ->
                                    TaglessPipeline.main(
                                            new String[] {
                                                "--records", "1000",
                                                "--maps", "3",
                                                "--force-timestamp-support", setting
                                            }));

            assertThat(printed).containsPattern("1000 records in \\d+ ms: \\d+ records/s");
        }
    }

    @Test
    void taglessWordCountReportsTheThroughputOfItsLines() throws Exception {
        String printed = printedBy(() -> TaglessWordCount.main(new String[] {"--lines", "700"}));

        assertThat(printed).containsPattern("700 records in \\d+ ms: \\d+ records/s");
    }

    /** What a piece of code prints to {@code System.out}. */
    private static String printedBy(ThrowingRunnable code) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            code.run();
        } finally {
            System.setOut(original);
        }
        return printed.toString(StandardCharsets.UTF_8);
    }

    private interface ThrowingRunnable {
        void run() throws Exception;
    }

    private static Map<String, Long> expectedCharacters(int records) {
        Map<String, Long> characters = new TreeMap<>();
        for (long n = 1; n <= records; n++) {
            ProductEvent event = ProductEvent.generate(n);
            characters.merge(event.category, (long) event.description.length(), Long::sum);
        }
        return characters;
    }
}

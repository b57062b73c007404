/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.configuration;

import dev.wirespeed.testing.UpstreamFirstClassLoader;

import org.apache.flink.configuration.description.HtmlFormatter;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The options table of {@code docs/configuration.md} against the code: one row, in upstream's
 * columns, for every option that the fork adds to upstream's option classes, with the option's key,
 * default, type and description as they are in the code.
 */
class ConfigurationReferenceTest {

    private static final Path DOC = Path.of("..", "docs", "configuration.md");
    private static final Path OVERLAYS = Path.of("src", "main", "overlay");
    private static final String HEADER = "| Key | Default | Type | Description |";

    @Test
    void documentsEveryOptionTheForkAddsAsTheCodeDefinesIt() throws Exception {
        Map<String, List<String>> expected = new TreeMap<>();
        for (ConfigOption<?> option : optionsAddedByTheFork()) {
            expected.put(
                    "`" + option.key() + "`",
                    List.of(
                            String.valueOf(option.defaultValue()),
                            typeName(option),
                            new HtmlFormatter().format(option.description())));
        }

        assertThat(expected).containsKey("`" + PipelineOptions.FORCE_TIMESTAMP_SUPPORT.key() + "`");
        assertThat(documentedOptions()).isEqualTo(expected);
    }

    /**
     * The public static options of the option classes the fork overlays that upstream's classes of
     * the same name do not have.
     */
    private static List<ConfigOption<?>> optionsAddedByTheFork() throws Exception {
        List<ConfigOption<?>> added = new ArrayList<>();
        Path upstreamJar = Path.of(System.getProperty("upstream.flink-core.jar"));
        try (URLClassLoader upstream =
                new UpstreamFirstClassLoader(
                        ConfigurationReferenceTest.class.getClassLoader(), upstreamJar)) {
            for (String className : overlaidOptionClasses()) {
                Class<?> upstreamClass = Class.forName(className, false, upstream);
                for (Field field : Class.forName(className).getFields()) {
                    if (isOption(field) && !hasField(upstreamClass, field.getName())) {
                        added.add((ConfigOption<?>) field.get(null));
                    }
                }
            }
        }
        return added;
    }

    /** The option classes that any change's overlays ({@code <change>/<package path>}) touch. */
    private static List<String> overlaidOptionClasses() throws IOException {
        String packagePath = "org/apache/flink/configuration/";
        try (Stream<Path> files = Files.walk(OVERLAYS)) {
            return files.map(file -> OVERLAYS.relativize(file).toString().replace('\\', '/'))
                    .map(path -> path.substring(path.indexOf('/') + 1))
                    .filter(path -> path.startsWith(packagePath) && path.endsWith("Options.java"))
                    .map(path -> path.replace(".java", "").replace('/', '.'))
                    .distinct()
                    .sorted()
                    .collect(Collectors.toList());
        }
    }

    private static boolean isOption(Field field) {
        return Modifier.isStatic(field.getModifiers())
                && ConfigOption.class.isAssignableFrom(field.getType());
    }

    private static boolean hasField(Class<?> type, String name) {
        try {
            type.getField(name);
            return true;
        } catch (NoSuchFieldException e) {
            return false;
        }
    }

    /** The type column as upstream's generated option tables name it. */
    private static String typeName(ConfigOption<?> option) {
        return option.getClazz().getSimpleName();
    }

    /** The rows of the table under {@link #HEADER}: key, then default, type and description. */
    private static Map<String, List<String>> documentedOptions() throws IOException {
        List<String> lines = Files.readAllLines(DOC);
        int header = lines.indexOf(HEADER);
        assertThat(header).as("the options table's header in %s", DOC).isNotNegative();
        Map<String, List<String>> rows = new TreeMap<>();
        for (String line : lines.subList(header + 2, lines.size())) {
            if (!line.startsWith("|")) {
                break;
            }
            String[] cells = line.substring(1, line.length() - 1).split(" \\| ", -1);
            assertThat(cells).as("cells of %s", line).hasSize(4);
            rows.put(cells[0].trim(), List.of(cells[1].trim(), cells[2].trim(), cells[3].trim()));
        }
        return rows;
    }
}

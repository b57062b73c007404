/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * The container image recipe ({@code flink-dist/src/main/docker/Dockerfile}), checked without a
 * container runtime: its {@code COPY} instructions are applied to upstream's distribution, which
 * the official image holds under {@code /opt/flink}, and the tree they make must hold Wirespeed's
 * scripts, jars and example jobs, byte for byte, and report Wirespeed's version. The image keeps
 * upstream's {@code conf/}, which it fills from its environment, and upstream's own examples.
 */
class ContainerImageRecipeE2ETest {

    private static final String FLINK_HOME = "/opt/flink/";

    @TempDir Path work;

    @Test
    void theRecipeMakesWirespeedsTreeOutOfTheOfficialImages() throws Exception {
        assumeThat(DistributionCluster.isFork()).as("the distribution under test is Wirespeed's");
        Path wirespeed = DistributionCluster.distributionHome();
        List<String> recipe = Files.readAllLines(Paths.get(System.getProperty("e2e.dockerfile")));
        String flinkVersion = System.getProperty("e2e.flinkVersion");

        assertThat(recipe)
                .as("the official image of the upstream base")
                .anyMatch(line -> line.startsWith("FROM flink:" + flinkVersion + "-scala_2.12-"));
        assertThat(String.join("\n", recipe)).doesNotContain("@");
        Path image = work.resolve("opt-flink");
        linkTree(DistributionCluster.upstreamHome(), image);
        for (String line : recipe) {
            if (line.startsWith("COPY ")) {
                copy(line, wirespeed, image);
            }
        }

        for (String directory :
                List.of("bin/", "lib/", "opt/", "plugins/", "examples/wirespeed/")) {
            assertThat(files(image, directory)).isEqualTo(files(wirespeed, directory));
            for (String name : files(wirespeed, directory)) {
                assertThat(image.resolve(name))
                        .as(name)
                        .hasSameBinaryContentAs(wirespeed.resolve(name));
            }
        }
        try (DistributionCluster cluster =
                DistributionCluster.prepare(image, work.resolve("client"), 1, Map.of())) {
            Command.Result version = cluster.flink("--version");
            assertThat(version.exitCode()).as(version.output()).isZero();
            assertThat(version.output())
                    .contains("Version: " + DistributionCluster.expectedVersion());
        }
    }

    /** Applies {@code COPY [--option ...] <source> <destination>} from the build context. */
    private static void copy(String instruction, Path context, Path image) throws IOException {
        List<String> paths = new ArrayList<>();
        for (String word : instruction.substring("COPY ".length()).trim().split("\\s+")) {
            if (!word.startsWith("--")) {
                paths.add(word);
            }
        }
        assertThat(paths).as(instruction).hasSize(2);
        assertThat(paths.get(1)).as(instruction).startsWith(FLINK_HOME);
        Path source = context.resolve(paths.get(0));
        Path target = image.resolve(paths.get(1).substring(FLINK_HOME.length()));
        assertThat(source).as(instruction).exists();
        try (Stream<Path> files = Files.walk(source)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Path copy =
                        Files.isDirectory(source)
                                ? target.resolve(source.relativize(file))
                                : target;
                Files.createDirectories(copy.getParent());
                Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /** Upstream's tree as the image starts with it, its files linked rather than copied. */
    private static void linkTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path file : files.toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.createLink(target, file);
                }
            }
        }
    }

    /** Every file of a tree whose path starts with the given part, and none that do not exist. */
    private static TreeSet<String> files(Path tree, String prefix) throws IOException {
        TreeSet<String> names = new TreeSet<>();
        try (Stream<Path> files = Files.walk(tree)) {
            files.filter(Files::isRegularFile)
                    .map(file -> tree.relativize(file).toString())
                    .filter(name -> name.startsWith(prefix))
                    .forEach(names::add);
        }
        return names;
    }
}

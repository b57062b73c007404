/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.overlay;

import dev.wirespeed.build.overlay.OverlaySeries.ChangeOverlay;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Tests how {@link OverlaySeries} reads a series file and finds each class's overlays. */
class OverlaySeriesTest {

    @Test
    void listsTheChangesInTheFilesOrderWithoutComments() throws Exception {
        OverlaySeries series =
                OverlaySeries.parse(
                        "# the fork's changes\nstrings  # StringValue\n\ntagless-records\n", "s");

        assertThat(series.changes()).containsExactly("strings", "tagless-records");
    }

    @Test
    void rejectsDuplicatesAndMalformedNames() {
        assertThatThrownBy(() -> OverlaySeries.parse("a\nb\na\n", "series"))
                .isInstanceOf(OverlayException.class)
                .hasMessage("series:3: change 'a' is listed twice");
        assertThatThrownBy(() -> OverlaySeries.parse("a b\n", "series"))
                .isInstanceOf(OverlayException.class)
                .hasMessageStartingWith("series:1: 'a b' is not a change name");
    }

    @Test
    void ordersEachClassesOverlaysByTheSeries(@TempDir Path root) throws Exception {
        write(root, "zeta/p/A.java");
        write(root, "alpha/p/A.java");
        write(root, "alpha/q/B.java");
        OverlaySeries series = OverlaySeries.parse("zeta\nalpha\nunused\n", "series");

        Map<String, List<ChangeOverlay>> overlays = series.overlaysUnder(root);

        assertThat(overlays).containsOnlyKeys("p/A.java", "q/B.java");
        assertThat(changesOf(overlays.get("p/A.java"))).containsExactly("zeta", "alpha");
        assertThat(changesOf(overlays.get("q/B.java"))).containsExactly("alpha");
        assertThat(overlays.get("p/A.java").get(1).name())
                .isEqualTo("src/main/overlay/alpha/p/A.java");
    }

    @Test
    void failsOnAChangeTheSeriesDoesNotListAndOnOverlaysOutsideAChange(@TempDir Path root)
            throws Exception {
        write(root, "listed/p/A.java");
        write(root, "forgotten/p/A.java");
        OverlaySeries series = OverlaySeries.parse("listed\n", "series");

        assertThatThrownBy(() -> series.overlaysUnder(root))
                .isInstanceOf(OverlayException.class)
                .hasMessageStartingWith("the series lists no change [forgotten]");

        Files.delete(root.resolve("forgotten/p/A.java"));
        Files.delete(root.resolve("forgotten/p"));
        Files.delete(root.resolve("forgotten"));
        write(root, "Loose.java");
        assertThatThrownBy(() -> series.overlaysUnder(root))
                .isInstanceOf(OverlayException.class)
                .hasMessageStartingWith("Loose.java: an overlay belongs in the directory");
    }

    private static List<String> changesOf(List<ChangeOverlay> overlays) {
        return overlays.stream().map(ChangeOverlay::change).collect(Collectors.toList());
    }

    private static void write(Path root, String relative) throws Exception {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "class X {}\n");
    }
}

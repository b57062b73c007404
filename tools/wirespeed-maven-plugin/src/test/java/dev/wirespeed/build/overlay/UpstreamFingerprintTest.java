/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.overlay;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The fingerprints of the upstream members that overlays wrap and replace: a merge against another
 * upstream release fails, with the change, until the overlay records the member as it is now.
 */
class UpstreamFingerprintTest {

    private static final String OVERLAY = "src/main/overlay/p/Counter.java";

    private static final String RELEASE_1 =
            String.join(
                    "\n",
                    "package p;",
                    "",
                    "public class Counter {",
                    "    private int count;",
                    "",
                    "    /** Counts one. */",
                    "    public int next() {",
                    "        count++; // one more",
                    "        return count;",
                    "    }",
                    "",
                    "    static class Limits {",
                    "        int max() {",
                    "            return 10;",
                    "        }",
                    "    }",
                    "}",
                    "");

    /** Release 1 again, with other comments and formatting only: the same code. */
    private static final String RELEASE_1_REFORMATTED =
            RELEASE_1
                    .replace("/** Counts one. */", "/** Counts one more, and says how many. */")
                    .replace("count++; // one more", "count ++ ;")
                    .replace("return 10;", "return   10; /* a limit */");

    /** Release 2: the wrapped method's code changed; the nested one did not. */
    private static final String RELEASE_2 = RELEASE_1.replace("count++;", "count += 2;");

    private static final Map<String, String> RELEASES =
            Map.of("1", RELEASE_1, "1-reformatted", RELEASE_1_REFORMATTED, "2", RELEASE_2);

    @Test
    void anOverlayWithoutFingerprintsIsToldWhatToRecord() {
        String overlay = overlay("@Overlay.Wrap", "@Overlay.Replace");

        assertThatThrownBy(() -> merger("1").merge(RELEASE_1, overlay, OVERLAY))
                .isInstanceOf(OverlayException.class)
                .hasMessageContaining("method next()")
                .hasMessageContaining("records no fingerprint")
                .hasMessageMatching("(?s).*mark it @Overlay\\.Wrap\\(\"1:[0-9a-f]{12}\"\\).*")
                .hasMessageContaining("Limits")
                .hasMessageMatching("(?s).*mark it @Overlay\\.Replace\\(\"1:[0-9a-f]{12}\"\\).*");
    }

    @Test
    void recordedFingerprintsMergeAndLeaveNoTraceInTheMergedSource() throws Exception {
        String recorded = recordedOverlay("1");

        String merged = merger("1").merge(RELEASE_1, recorded, OVERLAY);

        assertThat(merged)
                .isEqualTo(
                        new OverlayMerger()
                                .merge(
                                        RELEASE_1,
                                        overlay("@Overlay.Wrap", "@Overlay.Replace"),
                                        OVERLAY));
        assertThat(merged).doesNotContain("@Overlay");
    }

    @Test
    void changesOfCommentsAndFormattingAreNoDrift() throws Exception {
        String recorded = recordedOverlay("1");

        assertThat(merger("1-reformatted").merge(RELEASE_1_REFORMATTED, recorded, OVERLAY))
                .contains("next$upstream");
    }

    @Test
    void aChangedUpstreamMemberFailsWithItsDiffUntilRecordedAgain() throws Exception {
        String recorded = recordedOverlay("1");

        assertThatThrownBy(() -> merger("2").merge(RELEASE_2, recorded, OVERLAY))
                .isInstanceOf(OverlayException.class)
                .hasMessageContaining("method next()")
                .hasMessageContaining("upstream changed this member since 1")
                .hasMessageContaining("1 -> 2: method next()")
                .hasMessageContaining("-    count++;")
                .hasMessageContaining("+    count += 2;")
                // the nested type's member did not change
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("max()"));

        String updated =
                recorded.replace(
                        fingerprintOf(recorded, "Wrap"),
                        fingerprintIn(failure(RELEASE_2, recorded, "2"), "Wrap"));
        assertThat(merger("2").merge(RELEASE_2, updated, OVERLAY)).contains("count += 2;");
    }

    @Test
    void aChangeIsReportedEvenWhenTheEarlierSourcesAreNotAtHand() {
        String recorded = recordedOverlay("1");

        assertThatThrownBy(
                        () ->
                                OverlayMerger.checkingFingerprints("2", version -> Optional.empty())
                                        .merge(RELEASE_2, recorded, OVERLAY))
                .hasMessageContaining("upstream 1's source is not at hand");
    }

    @Test
    void aMalformedFingerprintIsRefused() {
        assertThatThrownBy(
                        () ->
                                merger("1")
                                        .merge(
                                                RELEASE_1,
                                                overlay(
                                                        "@Overlay.Wrap(\"abc\")",
                                                        "@Overlay.Replace"),
                                                OVERLAY))
                .hasMessageContaining("must be \"<upstream version>:<12 hex chars>\"");
    }

    private static OverlayMerger merger(String version) {
        return OverlayMerger.checkingFingerprints(
                version, other -> Optional.ofNullable(RELEASES.get(other)));
    }

    /** The overlay with the markers its failure against {@code version} asks for. */
    private static String recordedOverlay(String version) {
        String bare = overlay("@Overlay.Wrap", "@Overlay.Replace");
        String message = failure(RELEASES.get(version), bare, version);
        return overlay(
                "@Overlay.Wrap(\"" + fingerprintIn(message, "Wrap") + "\")",
                "@Overlay.Replace(\"" + fingerprintIn(message, "Replace") + "\")");
    }

    private static String failure(String upstream, String overlay, String version) {
        try {
            merger(version).merge(upstream, overlay, OVERLAY);
        } catch (OverlayException e) {
            return e.getMessage();
        }
        throw new AssertionError("The merge did not fail");
    }

    private static String fingerprintIn(String message, String marker) {
        Matcher matcher =
                Pattern.compile("mark it @Overlay\\." + marker + "\\(\"([^\"]+)\"\\)")
                        .matcher(message);
        assertThat(matcher.find()).as(message).isTrue();
        return matcher.group(1);
    }

    private static String fingerprintOf(String overlay, String marker) {
        Matcher matcher =
                Pattern.compile("@Overlay\\." + marker + "\\(\"([^\"]+)\"\\)").matcher(overlay);
        assertThat(matcher.find()).isTrue();
        return matcher.group(1);
    }

    private static String overlay(String nextMarker, String maxMarker) {
        return String.join(
                "\n",
                "package p;",
                "",
                "class Counter {",
                "    " + nextMarker,
                "    public int next() {",
                "        return next$upstream() * 10;",
                "    }",
                "",
                "    @Overlay.Merge",
                "    static class Limits {",
                "        " + maxMarker,
                "        int max() {",
                "            return 20;",
                "        }",
                "    }",
                "}",
                "");
    }
}

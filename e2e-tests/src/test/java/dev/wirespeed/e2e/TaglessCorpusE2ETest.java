/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * FLIP-330's contract, on the real distributions: the corpus of jobs in {@code e2e-jobs} runs on
 * upstream's distribution and on Wirespeed's, both with {@code pipeline.force-timestamp-support:
 * false} and an auto watermark interval of 0, and every job either leaves exactly upstream's output
 * on Wirespeed, or is refused there with the message that names the option, where it would read a
 * real timestamp that its records left behind at a network edge.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class TaglessCorpusE2ETest {

    /**
     * Jobs that read a real timestamp behind a network edge, which Wirespeed refuses: in a
     * function, or in a batch job's sort of a keyed input, which orders by timestamp.
     */
    private static final Set<String> REFUSED =
            Set.of(
                    "keyed-function-reads-real-timestamps",
                    "keyed-sums-in-batch-mode-over-real-timestamps",
                    "time-evictor-over-real-timestamps",
                    "user-trigger-over-real-timestamps",
                    "session-windows-without-watermarks",
                    "interval-join-without-watermarks",
                    "side-output-of-real-timestamps-read",
                    "sink-v2-reads-real-timestamps",
                    "sink-function-reads-real-timestamps");

    /** Jobs that keep upstream's format, and a word of the reason their decision names. */
    private static final Map<String, String> TAGGED =
            Map.of(
                    "event-time-windows-with-watermarks", "watermark",
                    "interval-join-with-watermarks", "watermark",
                    "iteration", "iteration",
                    "cep-in-event-time", "watermark",
                    "cep-in-processing-time", "CEP",
                    "sql-mini-batch-aggregation", "mini-batches",
                    "sql-row-time-window-with-watermark", "watermarks",
                    "user-operator-reads-no-timestamps", "timestamps itself",
                    "user-operator-reads-real-timestamps", "timestamps itself");

    /** What the corpus's main class leaves instead of a job's output when the job failed. */
    private static final String FAILED = "FAILED";

    @TempDir Path work;

    @Test
    void everyJobComputesUpstreamsOutputOrIsRefusedWithTheOptionNamed() throws Exception {
        assumeThat(DistributionCluster.isFork()).as("the distribution under test is Wirespeed's");
        Map<String, List<String>> upstream =
                runCorpus(DistributionCluster.upstreamHome(), work.resolve("upstream"), false);
        Map<String, List<String>> wirespeed =
                runCorpus(DistributionCluster.distributionHome(), work.resolve("wirespeed"), true);

        assertThat(upstream).hasSizeGreaterThanOrEqualTo(25);
        assertThat(wirespeed.keySet()).isEqualTo(upstream.keySet());
        assertThat(upstream.keySet()).containsAll(REFUSED).containsAll(TAGGED.keySet());
        for (Map.Entry<String, List<String>> job : upstream.entrySet()) {
            String name = job.getKey();
            assertThat(job.getValue()).as("upstream's output of %s", name).isNotEmpty();
            assertThat(job.getValue().get(0))
                    .as("upstream's run of %s", name)
                    .doesNotStartWith(FAILED);
            List<String> ours = wirespeed.get(name);
            if (REFUSED.contains(name)) {
                assertThat(ours)
                        .as("Wirespeed's run of %s", name)
                        .singleElement()
                        .asString()
                        .startsWith(FAILED)
                        .contains("TaglessRecordsException")
                        .contains(
                                "read the timestamp of a record that crossed the network without it")
                        .contains("Set pipeline.force-timestamp-support to true");
            } else {
                assertThat(ours).as("Wirespeed's output of %s", name).isEqualTo(job.getValue());
            }
        }
    }

    /**
     * Runs the corpus on a one-task-manager cluster of the distribution; returns each job's output
     * lines, sorted, or a single line {@code FAILED: <root cause>}. On Wirespeed, checks the
     * decision that each job's client logged.
     */
    private Map<String, List<String>> runCorpus(Path home, Path directory, boolean fork)
            throws Exception {
        Path out = directory.resolve("out");
        try (DistributionCluster cluster =
                DistributionCluster.prepare(
                        home, directory, 1, Map.of("taskmanager.numberOfTaskSlots", 2))) {
            cluster.start(1);
            Command.Result run =
                    cluster.flinkWithin(
                            Duration.ofMinutes(8),
                            "run",
                            "-Dpipeline.force-timestamp-support=false",
                            "-Dpipeline.auto-watermark-interval=0",
                            System.getProperty("e2e.jobsJar"),
                            "--out",
                            out.toString());
            assertThat(run.exitCode()).as(run.output()).isZero();
            Map<String, List<String>> outputs = outputs(out);
            if (fork) {
                checkDecisions(cluster.log("client"), outputs.keySet());
            }
            return outputs;
        }
    }

    private static void checkDecisions(String clientLog, Set<String> jobs) {
        for (String job : jobs) {
            String decision = "FLIP-330 decision for job '" + job + "'";
            if (TAGGED.containsKey(job)) {
                assertThat(clientLog)
                        .as("the decision for %s", job)
                        .containsPattern(
                                "WARN .*"
                                        + Pattern.quote(decision)
                                        + ".*tagged records, although"
                                        + " pipeline.force-timestamp-support is false, because .*"
                                        + TAGGED.get(job));
            } else {
                assertThat(clientLog)
                        .as("the decision for %s", job)
                        .containsPattern(Pattern.quote(decision) + ".*: tagless records");
            }
        }
    }

    /** Each job's lines, from every file under its directory, sorted. */
    private static Map<String, List<String>> outputs(Path out) throws IOException {
        Map<String, List<String>> outputs = new TreeMap<>();
        try (Stream<Path> jobs = Files.list(out)) {
            for (Path job : jobs.toList()) {
                List<String> lines = new ArrayList<>();
                Path failed = job.resolve(FAILED);
                if (Files.exists(failed)) {
                    lines.add(FAILED + ": " + Files.readString(failed));
                } else {
                    try (Stream<Path> files = Files.walk(job)) {
                        for (Path file : files.filter(Files::isRegularFile).toList()) {
                            if (!file.getFileName().toString().startsWith(".")) {
                                lines.addAll(Files.readAllLines(file));
                            }
                        }
                    }
                    lines.sort(null);
                }
                outputs.put(job.getFileName().toString(), lines);
            }
        }
        return outputs;
    }
}

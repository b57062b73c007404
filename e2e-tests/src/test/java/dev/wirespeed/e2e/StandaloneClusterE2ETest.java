/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One-task-manager clusters from the distribution: start, jobs, savepoints, latency markers, stop.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class StandaloneClusterE2ETest {

    @TempDir Path work;

    @Test
    void startsRunsATaglessWordCountAndTheSqlExamplesAndStopsLeavingNothingBehind()
            throws Exception {
        Path input = Files.writeString(work.resolve("input.txt"), "to be or not\nto be\n");
        Path output = work.resolve("counts.txt");
        try (DistributionCluster cluster = DistributionCluster.prepare(work, 1, Map.of())) {
            cluster.start(1);
            JsonNode overview = cluster.rest("/overview");
            assertThat(overview.path("taskmanagers").asInt()).isEqualTo(1);
            assertThat(overview.path("flink-version").asText())
                    .isEqualTo(DistributionCluster.expectedVersion());

            Command.Result run =
                    cluster.flink(
                            "run",
                            "-Dpipeline.force-timestamp-support=false",
                            DistributionCluster.example("streaming/WordCount.jar").toString(),
                            "--input",
                            input.toString(),
                            "--output",
                            output.toString());

            assertThat(run.exitCode()).as(run.output()).isZero();
            assertThat(WordCounts.finalCounts(Files.readAllLines(output)))
                    .isEqualTo(Map.of("to", 2L, "be", 2L, "or", 1L, "not", 1L));
            if (DistributionCluster.isFork()) {
                assertThat(cluster.log("client")).contains("FLIP-330 decision for job 'WordCount'");
            }
            checkTheSqlExamplesOnTheBundledTableJars(cluster);

            List<Long> daemons = cluster.pids();
            assertThat(daemons).hasSize(2);
            Command.Result stopped = cluster.script("stop-cluster.sh");
            assertThat(stopped.exitCode()).as(stopped.output()).isZero();
            for (Long pid : daemons) {
                assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive))
                        .as("daemon %d after stop-cluster.sh", pid)
                        .isNotEqualTo(Optional.of(true));
            }
            assertThat(cluster.pidFiles()).isEmpty();
        }
    }

    private void checkTheSqlExamplesOnTheBundledTableJars(DistributionCluster cluster)
            throws Exception {
        Path output = work.resolve("totals.txt");
        Command.Result run =
                cluster.flink(
                        "run",
                        DistributionCluster.example("table/SqlProductTotals.jar").toString(),
                        "--records",
                        "1000",
                        "--output",
                        output.toString());

        assertThat(run.exitCode()).as(run.output()).isZero();
        assertThat(Files.readAllLines(output))
                .containsExactly(
                        sqlTotal("books", 0),
                        sqlTotal("garden", 2),
                        sqlTotal("music", 1),
                        sqlTotal("toys", 3));

        Command.Result stream =
                cluster.flink(
                        "run",
                        DistributionCluster.example("table/SqlProductStream.jar").toString(),
                        "--records",
                        "1000");
        assertThat(stream.exitCode()).as(stream.output()).isZero();
        assertThat(stream.output()).containsPattern("1000 records in \\d+ ms: \\d+ records/s");
    }

    /** The line the SQL example writes for the ids 1 to 1000 whose remainder by 4 is given. */
    private static String sqlTotal(String category, int remainder) {
        long events = 0;
        long revenue = 0;
        for (long id = 1; id <= 1000; id++) {
            if (id % 4 == remainder) {
                events++;
                revenue += 99 + (id % 997) * 13;
            }
        }
        return "(" + category + "," + events + "," + revenue + ")";
    }

    /**
     * A job stopped with a savepoint resumes from it; the resumed job, whose every operator is a
     * task of its own (on Wirespeed, records travel tagless and latency markers as events), reports
     * through the REST API a latency histogram for the source in each task past the source, and on
     * Wirespeed each task its tagless record format.
     */
    @Test
    void resumesAJobFromItsSavepointAndReportsLatencyHistogramsOfEveryTask() throws Exception {
        String jar = DistributionCluster.example("wirespeed/TaglessPipeline.jar").toString();
        Path savepoints = work.resolve("savepoints");
        Map<String, Object> metrics =
                Map.of(
                        "metrics.latency.interval", "50 ms",
                        "metrics.fetcher.update-interval", "500 ms");
        try (DistributionCluster cluster = DistributionCluster.prepare(work, 1, metrics)) {
            cluster.start(1);

            String first = submitDetached(cluster, jar);
            Jobs.awaitAllTasksRunning(cluster, first);
            String savepoint =
                    Jobs.completedSavepoint(
                            cluster.flink(
                                    "stop",
                                    "--savepointPath",
                                    savepoints.toUri().toString(),
                                    first));
            assertThat(Path.of(URI.create(savepoint)).resolve("_metadata")).exists();
            assertThat(Jobs.state(cluster, first)).isEqualTo("FINISHED");

            String second = submitDetached(cluster, jar, "-s", savepoint);
            Jobs.awaitAllTasksRunning(cluster, second);
            JsonNode restored =
                    cluster.rest("/jobs/" + second + "/checkpoints")
                            .path("latest")
                            .path("restored");
            assertThat(restored.path("external_path").asText()).isEqualTo(savepoint);
            assertThat(restored.path("is_savepoint").asBoolean()).isTrue();

            checkLatencyHistogramsOfEveryTask(cluster, second);

            Command.Result cancel = cluster.flink("cancel", second);
            assertThat(cancel.exitCode()).as(cancel.output()).isZero();
        }
    }

    private static void checkLatencyHistogramsOfEveryTask(DistributionCluster cluster, String job)
            throws Exception {
        String source = null;
        List<String> downstream = new ArrayList<>();
        for (JsonNode vertex : cluster.rest("/jobs/" + job).path("vertices")) {
            if (vertex.path("name").asText().startsWith("Source")) {
                source = vertex.path("id").asText();
            } else {
                downstream.add(vertex.path("id").asText());
            }
        }
        assertThat(source).isNotNull();
        assertThat(downstream).hasSize(11);

        if (DistributionCluster.isFork()) {
            List<String> vertices = new ArrayList<>(downstream);
            vertices.add(source);
            assertThat(Jobs.awaitTaskMetric(cluster, job, vertices, "0.taglessRecords"))
                    .containsOnlyKeys(vertices)
                    .allSatisfy((vertex, value) -> assertThat(value).isEqualTo("1"));
        }
        Map<String, String> p99s = Jobs.awaitLatencyP99s(cluster, job, source, downstream);
        assertThat(p99s).containsOnlyKeys(downstream);
        for (String p99 : p99s.values()) {
            assertThat(Double.parseDouble(p99)).isNotNaN().isNotNegative();
        }
    }

    private static String submitDetached(DistributionCluster cluster, String jar, String... options)
            throws Exception {
        List<String> args = new ArrayList<>(List.of("run", "-d"));
        args.addAll(List.of(options));
        args.addAll(List.of(jar, "--records", "1000000000000"));
        return Jobs.submittedJobId(cluster.flink(args.toArray(new String[0])));
    }
}

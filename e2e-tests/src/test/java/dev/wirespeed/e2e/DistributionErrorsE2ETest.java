/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bad input to the distribution's scripts gets a clear error and leaves the cluster as it was, and
 * a legacy {@code flink-conf.yaml} is honoured, as with upstream's distribution.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class DistributionErrorsE2ETest {

    @TempDir Path work;

    @Test
    void aMalformedConfigYamlStopsTheStartWithTheParserError() throws Exception {
        try (DistributionCluster cluster = DistributionCluster.prepare(work, 1, Map.of())) {
            Files.writeString(
                    cluster.configYaml(), "jobmanager: [unclosed\n", StandardOpenOption.APPEND);

            Command.Result start = cluster.script("start-cluster.sh");

            assertThat(start.exitCode()).isNotZero();
            assertThat(start.output()).contains("Failed to parse YAML configuration");
            assertThat(cluster.pids()).isEmpty();
        }
    }

    @Test
    void aMissingJobJarIsNamedAndTheClusterKeepsRunning() throws Exception {
        try (DistributionCluster cluster = DistributionCluster.prepare(work, 1, Map.of())) {
            cluster.start(1);
            Path missing = work.resolve("no-such-job.jar");

            Command.Result run = cluster.flink("run", missing.toString());

            assertThat(run.exitCode()).isNotZero();
            assertThat(run.output()).contains("JAR file does not exist: " + missing);
            assertThat(cluster.rest("/overview").path("taskmanagers").asInt()).isEqualTo(1);
            assertThat(cluster.rest("/jobs").path("jobs")).isEmpty();
        }
    }

    @Test
    void aRestPortInUseFailsTheJobManagerAndLeavesThePortsOwnerAlone() throws Exception {
        try (DistributionCluster cluster = DistributionCluster.prepare(work, 1, Map.of());
                ServerSocket owner =
                        new ServerSocket(
                                cluster.restPort(), 50, InetAddress.getLoopbackAddress())) {
            Command.Result start = cluster.script("start-cluster.sh");
            assertThat(start.exitCode()).as(start.output()).isZero();

            awaitLog(
                    cluster,
                    "standalonesession",
                    "Could not start rest endpoint on any port in port range "
                            + cluster.restPort());
            awaitLog(
                    cluster,
                    "standalonesession",
                    "Shutting StandaloneSessionClusterEntrypoint down with application status"
                            + " FAILED");
            assertThat(owner.isBound()).isTrue();
        }
    }

    @Test
    void stoppingATaskManagerWhenNoneRunsSaysSo() throws Exception {
        try (DistributionCluster cluster = DistributionCluster.prepare(work, 1, Map.of())) {
            Command.Result stop = cluster.script("taskmanager.sh", "stop");

            assertThat(stop.exitCode()).isZero();
            assertThat(stop.output()).contains("No taskexecutor daemon to stop on host");
        }
    }

    @Test
    void aLegacyFlinkConfYamlInConfTakesPrecedence() throws Exception {
        try (DistributionCluster cluster = DistributionCluster.prepare(work, 1, Map.of())) {
            int restPort = ClusterConfig.freePort();
            Files.write(
                    cluster.confDir().resolve("flink-conf.yaml"),
                    List.of(
                            "jobmanager.rpc.address: localhost",
                            "jobmanager.rpc.port: " + ClusterConfig.freePort(),
                            "jobmanager.bind-host: localhost",
                            "jobmanager.memory.process.size: 1600m",
                            "taskmanager.bind-host: localhost",
                            "taskmanager.host: localhost",
                            "taskmanager.memory.process.size: 1728m",
                            "taskmanager.numberOfTaskSlots: 1",
                            "rest.address: localhost",
                            "rest.bind-address: localhost",
                            "rest.port: " + restPort,
                            "io.tmp.dirs: " + cluster.tmpDir()));
            DistributionCluster legacy = cluster.withRestPort(restPort);

            legacy.start(1);

            // The cluster answers on the legacy file's port: config.yaml names another.
            assertThat(legacy.rest("/overview").path("taskmanagers").asInt()).isEqualTo(1);
            assertThat(legacy.log("standalonesession"))
                    .contains(
                            "Using legacy YAML parser to load flink configuration file from "
                                    + cluster.confDir().resolve("flink-conf.yaml"));
        }
    }

    private static void awaitLog(DistributionCluster cluster, String daemon, String text)
            throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (true) {
            String log = Files.isDirectory(cluster.logDir()) ? cluster.log(daemon) : "";
            if (log.contains(text)) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "No '" + text + "' in the logs:\n" + cluster.logs());
            }
            Thread.sleep(500);
        }
    }
}

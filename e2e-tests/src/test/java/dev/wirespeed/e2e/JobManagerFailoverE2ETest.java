/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A checkpointed job survives the crash of its job manager in a standalone cluster with high
 * availability, which standalone clusters have through ZooKeeper: a ZooKeeper server started with
 * the distribution's {@code bin/zookeeper.sh}, the high-availability storage on local disk. The job
 * manager is killed (SIGKILL) once {@code ExactlyOnceCounts} has completed a checkpoint and started
 * again with {@code bin/jobmanager.sh}; it takes the job over from the high-availability services
 * and restores its last checkpoint, and the job's output is exact. The job runs with {@code
 * pipeline.force-timestamp-support: false}: the job manager that takes over runs the job graph that
 * the client decided for tagless records. How records cross the network does not change how a job
 * manager takes a job over, and records in upstream's format across a restore are {@code
 * TaskManagerFailoverE2ETest}'s.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class JobManagerFailoverE2ETest {

    /** ZooKeeper's tick: sessions time out after two ticks at the least. */
    private static final int TICK_MILLIS = 2000;

    @TempDir Path work;

    @Test
    void aJobRecoversExactlyOnceOnAJobManagerStartedAgain() throws Exception {
        Map<String, Object> config = CountingJob.checkpointedConfig(false);
        int zooKeeperPort = ClusterConfig.freePort();
        config.put("high-availability.type", "zookeeper");
        config.put("high-availability.zookeeper.quorum", "localhost:" + zooKeeperPort);
        config.put("high-availability.storageDir", work.resolve("ha").toUri().toString());
        // a crashed job manager's leadership ends with its ZooKeeper session
        config.put("high-availability.zookeeper.client.session-timeout", 3 * TICK_MILLIS);
        try (DistributionCluster cluster =
                DistributionCluster.prepare(work.resolve("cluster"), 2, config)) {
            startZooKeeper(cluster, zooKeeperPort);
            cluster.start(2);
            Path output = work.resolve("counts");
            String job =
                    CountingJob.startCheckpointed(
                            cluster, output, false, CountingJob.withOption("false"));
            List<Long> jobManagers = cluster.pids("standalonesession");
            assertThat(jobManagers).hasSize(1);
            DistributionCluster.kill(jobManagers.get(0));
            Command.Result started =
                    cluster.script(
                            "jobmanager.sh",
                            "start",
                            "localhost",
                            String.valueOf(cluster.restPort()));
            assertThat(started.exitCode()).as(started.output()).isZero();

            CountingJob.assertRecoveredExactly(cluster, job, output);
            if (DistributionCluster.isFork()) {
                assertThat(cluster.log("client")).contains(CountingJob.decision("false"));
            }
        }
    }

    /**
     * Starts a ZooKeeper server of one peer with the distribution's script, its data under the
     * test's work directory; the cluster's {@code close} stops it with the cluster's other
     * processes.
     */
    private void startZooKeeper(DistributionCluster cluster, int clientPort) throws Exception {
        Files.writeString(
                cluster.confDir().resolve("zoo.cfg"),
                String.join(
                        "\n",
                        "tickTime=" + TICK_MILLIS,
                        "initLimit=10",
                        "syncLimit=5",
                        "dataDir=" + work.resolve("zookeeper"),
                        "clientPort=" + clientPort,
                        "server.1=localhost:"
                                + ClusterConfig.freePort()
                                + ":"
                                + ClusterConfig.freePort(),
                        ""));
        Command.Result started = cluster.script("zookeeper.sh", "start", "1");
        assertThat(started.exitCode()).as(started.output()).isZero();
    }
}

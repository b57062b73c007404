/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A standalone cluster started from the distribution under test with its own scripts, on loopback
 * and free ports. Its configuration, logs and pid files live in a work directory of the test, so
 * the distribution tree stays as it was: the scripts take them from {@code FLINK_CONF_DIR}, {@code
 * FLINK_LOG_DIR} and {@code FLINK_PID_DIR}, as they do for users. So do the processes' temporary
 * files ({@code io.tmp.dirs}), among them a copy of the RPC system's jar, 21 MB a process, that a
 * process does not delete when it is killed.
 */
final class DistributionCluster implements AutoCloseable {

    static final Duration SCRIPT_LIMIT = Duration.ofMinutes(2);
    static final Duration JOB_LIMIT = Duration.ofMinutes(4);

    /**
     * JVM options of the {@code bin/flink} clients, through the variable that the scripts read
     * instead of {@code env.java.opts.client}: a client lives a few seconds, in which C1 alone and
     * the serial collector take about 30% less CPU than the JVM's defaults (5.1 CPU seconds a
     * {@code flink run} of WordCount against 3.7), on a machine whose two cores the tests keep
     * busy. The job managers and task managers run as the configuration says.
     */
    private static final String CLIENT_JVM_OPTIONS = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path home;
    private final Path work;
    private final int restPort;
    private final Map<String, String> environment = new HashMap<>();
    private final HttpClient http = HttpClient.newHttpClient();

    private DistributionCluster(Path home, Path work, int restPort) {
        this.home = home;
        this.work = work;
        this.restPort = restPort;
        environment.put("FLINK_CONF_DIR", confDir().toString());
        environment.put("FLINK_LOG_DIR", logDir().toString());
        environment.put("FLINK_PID_DIR", pidDir().toString());
        environment.put("JAVA_HOME", System.getProperty("java.home"));
        environment.put("FLINK_ENV_JAVA_OPTS_CLI", CLIENT_JVM_OPTIONS);
    }

    /** The distribution under test: the fork's tree unless the build says otherwise. */
    static Path distributionHome() {
        return Paths.get(System.getProperty("e2e.distribution")).toAbsolutePath();
    }

    /** Upstream's distribution, laid out unchanged: the reference of differential tests. */
    static Path upstreamHome() {
        return Paths.get(System.getProperty("e2e.upstreamDistribution")).toAbsolutePath();
    }

    /** An example jar of the fork's distribution, for example {@code streaming/WordCount.jar}. */
    static Path example(String name) {
        return Paths.get(System.getProperty("e2e.examples")).resolve(name).toAbsolutePath();
    }

    /** The version the distribution under test reports. */
    static String expectedVersion() {
        return System.getProperty("e2e.expectedVersion");
    }

    /** Whether the distribution under test is Wirespeed's, rather than upstream's. */
    static boolean isFork() {
        return expectedVersion().contains("wirespeed");
    }

    /**
     * Prepares (does not start) a cluster: the distribution's {@code conf/}, copied, with the given
     * task managers and one job manager on this host, free ports and the given further entries.
     */
    static DistributionCluster prepare(Path work, int taskManagers, Map<String, Object> entries)
            throws IOException {
        return prepare(distributionHome(), work, taskManagers, entries);
    }

    /** Prepares a cluster of the distribution at {@code home}, as {@link #prepare} does. */
    static DistributionCluster prepare(
            Path home, Path work, int taskManagers, Map<String, Object> entries)
            throws IOException {
        DistributionCluster cluster = new DistributionCluster(home, work, ClusterConfig.freePort());
        Files.createDirectories(cluster.confDir());
        // The scripts write there but do not create it: the distribution ships an empty log/.
        Files.createDirectories(cluster.logDir());
        try (Stream<Path> files = Files.list(cluster.home.resolve("conf"))) {
            for (Path file : files.toList()) {
                Files.copy(file, cluster.confDir().resolve(file.getFileName()));
            }
        }
        Files.write(
                cluster.confDir().resolve("workers"),
                Collections.nCopies(taskManagers, "localhost"));
        // read by the scripts in high-availability mode, whose port there overrides rest.port
        Files.writeString(
                cluster.confDir().resolve("masters"), "localhost:" + cluster.restPort + "\n");
        Map<String, Object> config = new HashMap<>();
        config.put("rest.port", cluster.restPort);
        config.put("jobmanager.rpc.port", ClusterConfig.freePort());
        config.put("io.tmp.dirs", Files.createDirectories(cluster.tmpDir()).toString());
        config.putAll(entries);
        ClusterConfig.set(cluster.configYaml(), config);
        return cluster;
    }

    /** The same cluster reached on another REST port, for a configuration a test wrote itself. */
    DistributionCluster withRestPort(int port) {
        return new DistributionCluster(home, work, port);
    }

    Path confDir() {
        return work.resolve("conf");
    }

    Path configYaml() {
        return confDir().resolve("config.yaml");
    }

    Path logDir() {
        return work.resolve("log");
    }

    Path pidDir() {
        return work.resolve("pid");
    }

    Path tmpDir() {
        return work.resolve("tmp");
    }

    int restPort() {
        return restPort;
    }

    /** Runs a script of the distribution's {@code bin/}, for example {@code start-cluster.sh}. */
    Command.Result script(String script, String... args) throws IOException, InterruptedException {
        return script(SCRIPT_LIMIT, script, args);
    }

    /** Runs {@code bin/flink} with arguments, within the time limit of a job. */
    Command.Result flink(String... args) throws IOException, InterruptedException {
        return flinkWithin(JOB_LIMIT, args);
    }

    /** Runs {@code bin/flink} with arguments, within the given time. */
    Command.Result flinkWithin(Duration limit, String... args)
            throws IOException, InterruptedException {
        return script(limit, "flink", args);
    }

    private Command.Result script(Duration limit, String script, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(home.resolve("bin").resolve(script).toString());
        command.addAll(List.of(args));
        return Command.run(command, work, environment, limit);
    }

    /** Starts the cluster and waits until the given number of task managers has registered. */
    void start(int taskManagers) throws Exception {
        Command.Result started = script("start-cluster.sh");
        if (started.exitCode() != 0) {
            throw new IllegalStateException("start-cluster.sh failed:\n" + started.output());
        }
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (true) {
            JsonNode overview = tryRest("/overview");
            if (overview != null && overview.path("taskmanagers").asInt() == taskManagers) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "The cluster did not come up with "
                                + taskManagers
                                + " task managers; last overview: "
                                + overview
                                + "\n"
                                + logs());
            }
            Thread.sleep(500);
        }
    }

    /** A REST resource of the cluster, as JSON. */
    JsonNode rest(String path) throws IOException, InterruptedException {
        HttpResponse<String> response =
                http.send(
                        HttpRequest.newBuilder(URI.create("http://localhost:" + restPort + path))
                                .timeout(Duration.ofSeconds(30))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException(
                    path + " answered " + response.statusCode() + ": " + response.body());
        }
        return JSON.readTree(response.body());
    }

    private JsonNode tryRest(String path) throws InterruptedException {
        try {
            return rest(path);
        } catch (IOException e) {
            return null;
        }
    }

    /** The pids that the cluster's pid files list. */
    List<Long> pids() throws IOException {
        List<Long> pids = new ArrayList<>();
        for (Path file : pidFiles()) {
            pids.addAll(pidsIn(file));
        }
        return pids;
    }

    /**
     * The pids of one kind of the cluster's processes, as its scripts recorded them: {@code
     * taskexecutor} or {@code standalonesession}.
     */
    List<Long> pids(String daemon) throws IOException {
        List<Long> pids = new ArrayList<>();
        for (Path file : pidFiles()) {
            if (file.getFileName().toString().endsWith("-" + daemon + ".pid")) {
                pids.addAll(pidsIn(file));
            }
        }
        return pids;
    }

    private static List<Long> pidsIn(Path pidFile) throws IOException {
        List<Long> pids = new ArrayList<>();
        for (String line : Files.readAllLines(pidFile)) {
            if (!line.isBlank()) {
                pids.add(Long.parseLong(line.trim()));
            }
        }
        return pids;
    }

    /** Kills a process of the cluster as a crash would (SIGKILL) and waits until it is gone. */
    static void kill(long pid) throws Exception {
        kill(
                ProcessHandle.of(pid)
                        .orElseThrow(() -> new IllegalStateException("No process " + pid)));
    }

    private static void kill(ProcessHandle process) throws Exception {
        process.destroyForcibly();
        process.onExit().get(1, TimeUnit.MINUTES);
    }

    /** The files in the pid directory. */
    List<Path> pidFiles() throws IOException {
        if (!Files.isDirectory(pidDir())) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(pidDir())) {
            return files.toList();
        }
    }

    /** The text of every log and out file, for failure messages. */
    String logs() throws IOException {
        StringBuilder text = new StringBuilder();
        if (Files.isDirectory(logDir())) {
            try (Stream<Path> files = Files.list(logDir())) {
                for (Path file : files.sorted().toList()) {
                    text.append("==> ").append(file.getFileName()).append('\n');
                    text.append(Files.readString(file)).append('\n');
                }
            }
        }
        return text.toString();
    }

    /** The text of the log files whose names contain the given part. */
    String log(String namePart) throws IOException {
        StringBuilder text = new StringBuilder();
        try (Stream<Path> files = Files.list(logDir())) {
            for (Path file : files.sorted().toList()) {
                if (file.getFileName().toString().contains(namePart)) {
                    text.append(Files.readString(file));
                }
            }
        }
        return text.toString();
    }

    /**
     * Stops the cluster with its script; then kills whatever it left running and waits until it is
     * gone, so that a failed test leaves no process behind and no process writes into the work
     * directory while the test removes it.
     */
    @Override
    public void close() throws Exception {
        List<Long> pids = pids();
        script("stop-cluster.sh");
        for (Long pid : pids) {
            Optional<ProcessHandle> process = ProcessHandle.of(pid);
            if (process.isPresent()) {
                kill(process.get());
            }
        }
    }
}

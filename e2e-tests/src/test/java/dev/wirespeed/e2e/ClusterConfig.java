/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e;

import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Edits of a cluster's {@code config.yaml}: upstream's file is nested YAML, so a dotted key is set
 * at its place in the nesting, where Flink reads it, rather than appended as a flat key that an
 * existing nested one would contradict.
 */
final class ClusterConfig {

    private ClusterConfig() {}

    /** Sets dotted keys in a {@code config.yaml}, keeping every other entry. */
    @SuppressWarnings("unchecked")
    static void set(Path configYaml, Map<String, Object> entries) throws IOException {
        Yaml yaml = yaml();
        Map<String, Object> root;
        try (var in = Files.newBufferedReader(configYaml, StandardCharsets.UTF_8)) {
            root = yaml.load(in);
        }
        if (root == null) {
            root = new LinkedHashMap<>();
        }
        for (Map.Entry<String, Object> entry : entries.entrySet()) {
            String[] path = entry.getKey().split("\\.");
            Map<String, Object> node = root;
            for (int i = 0; i < path.length - 1; i++) {
                node =
                        (Map<String, Object>)
                                node.computeIfAbsent(path[i], k -> new LinkedHashMap<>());
            }
            node.put(path[path.length - 1], entry.getValue());
        }
        Files.writeString(configYaml, yaml.dump(root), StandardCharsets.UTF_8);
    }

    /** A port that was free a moment ago, on loopback. */
    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Yaml yaml() {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        return new Yaml(options);
    }
}

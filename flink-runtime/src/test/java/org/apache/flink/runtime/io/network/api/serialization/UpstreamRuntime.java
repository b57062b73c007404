/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.io.network.api.serialization;

import dev.wirespeed.testing.UpstreamFirstClassLoader;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * Upstream Flink's flink-core and flink-runtime, from the pinned release jars in a class loader of
 * their own, and copies of classes defined on top of them, so that the same code runs on upstream's
 * classes and on the fork's. The jars are {@code -Dupstream.flink-core.jar} and {@code
 * -Dupstream.flink-runtime.jar}, by default {@code upstream-flink-runtime.jar} beside the first;
 * upstream's flink-streaming-java and flink-java join them where {@code
 * upstream-flink-streaming-java.jar} and {@code upstream-flink-java.jar} lie beside the first too
 * (flink-java holds the Kryo registrations that upstream's {@code KryoSerializer} loads beside
 * itself, as a distribution's class path has them).
 */
public final class UpstreamRuntime {

    private static final UpstreamFirstClassLoader LOADER = loader();

    private UpstreamRuntime() {}

    /**
     * A copy of a class, linked against upstream's classes. The class may use only Flink's API and
     * the JDK: other classes it names would come from the fork's side.
     */
    public static Class<?> copyOf(Class<?> type) {
        return LOADER.copyOf(type);
    }

    /**
     * Upstream's jars first; what they do not hold (Flink's other modules, its dependencies) from
     * the tests' class path.
     */
    private static UpstreamFirstClassLoader loader() {
        Path core = Paths.get(System.getProperty("upstream.flink-core.jar"));
        Path runtime =
                Paths.get(
                        System.getProperty(
                                "upstream.flink-runtime.jar",
                                core.resolveSibling("upstream-flink-runtime.jar").toString()));
        List<Path> jars = new ArrayList<>(List.of(core, runtime));
        for (String optional :
                List.of("upstream-flink-streaming-java.jar", "upstream-flink-java.jar")) {
            Path jar = core.resolveSibling(optional);
            if (Files.exists(jar)) {
                jars.add(jar);
            }
        }
        return new UpstreamFirstClassLoader(
                UpstreamRuntime.class.getClassLoader(), jars.toArray(new Path[0]));
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.dist;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Upstream's binary distribution, laid out from upstream's PyPI release packages: {@code
 * apache-flink-libraries} (an sdist) carries {@code lib/}, {@code opt/}, {@code plugins/}, {@code
 * licenses/}, {@code bin/bash-java-utils.jar} and the top-level notices; the {@code apache-flink}
 * wheel carries the {@code bin/} scripts and {@code conf/}. Nothing else of either package is
 * taken: their Python code and packaging metadata are not part of the distribution.
 */
public final class UpstreamDistribution {

    private static final String LIBRARIES_DEPS = "deps/";
    private static final String WHEEL_ROOT = "pyflink/";

    private UpstreamDistribution() {}

    /**
     * Lays out the distribution in an empty or absent directory.
     *
     * @param libraries the {@code apache-flink-libraries} sdist
     * @param wheel an {@code apache-flink} wheel
     * @param version upstream's version, the one both packages carry
     * @param tree the directory to fill
     */
    public static void assemble(Path libraries, Path wheel, String version, Path tree)
            throws IOException {
        String librariesRoot = sdistRoot(libraries);
        int fromLibraries =
                Archives.extract(libraries, name -> librariesPath(librariesRoot, name), tree);
        int fromWheel = Archives.extract(wheel, UpstreamDistribution::wheelPath, tree);
        if (fromLibraries == 0 || fromWheel == 0) {
            throw new IOException(
                    "The packages hold no distribution files for Flink "
                            + version
                            + ": "
                            + libraries.getFileName()
                            + " gave "
                            + fromLibraries
                            + ", "
                            + wheel.getFileName()
                            + " gave "
                            + fromWheel);
        }
        // Upstream's distribution ships an empty log directory; the scripts write there.
        Files.createDirectories(tree.resolve("log"));
    }

    /**
     * The directory an sdist's files sit in, which is named as the sdist's file is: {@code
     * apache_flink_libraries-1.20.4/} since 1.20.4, {@code apache-flink-libraries-1.20.3/} before.
     */
    private static String sdistRoot(Path sdist) {
        String name = sdist.getFileName().toString();
        return name.substring(0, name.length() - ".tar.gz".length()) + "/";
    }

    static String librariesPath(String root, String name) {
        if (!name.startsWith(root)) {
            return null;
        }
        String path = name.substring(root.length());
        if (path.startsWith(LIBRARIES_DEPS)) {
            return path.substring(LIBRARIES_DEPS.length());
        }
        switch (path) {
            case "LICENSE":
            case "NOTICE":
                return path;
            case "pyflink/README.txt":
                return "README.txt";
            default:
                return null;
        }
    }

    static String wheelPath(String name) {
        for (String directory : new String[] {"bin/", "conf/"}) {
            if (name.startsWith(WHEEL_ROOT + directory)) {
                return name.substring(WHEEL_ROOT.length());
            }
        }
        return null;
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.dist;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** File-tree operations of the distribution build. */
public final class Trees {

    private Trees() {}

    /** Deletes a directory and everything below it, if it exists. */
    public static void delete(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    /** Makes a directory empty, creating it if needed. */
    public static void recreate(Path directory) throws IOException {
        delete(directory);
        Files.createDirectories(directory);
    }

    /** Copies a tree, file modes included, into an empty directory. */
    static void copy(Path source, Path target) throws IOException {
        for (Path path : walk(source)) {
            Path copy = target.resolve(source.relativize(path).toString());
            if (Files.isDirectory(path)) {
                Files.createDirectories(copy);
            } else {
                Files.copy(path, copy, StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
    }

    /** Every path of a tree, the root first, parents before their children. */
    static List<Path> walk(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            return paths.sorted().toList();
        }
    }
}

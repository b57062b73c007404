/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.dist;

import dev.wirespeed.build.jar.DropInCheck;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Compares the fork's distribution with upstream's, file by file and, for the jars the fork
 * patched, entry by entry. Every difference is either one the fork declares or a problem.
 */
public final class TreeComparison {

    private TreeComparison() {}

    /**
     * Compares two trees.
     *
     * @param upstream upstream's distribution
     * @param fork the fork's distribution
     * @param changedFiles the files the fork changes on purpose (paths relative to the tree)
     * @param addedDirectory the directory below which the fork adds files of its own
     * @param patch the patch applied to the jars that bundle upstream's modules
     * @return one line per difference; problems start with {@code PROBLEM}
     */
    public static Result compare(
            Path upstream,
            Path fork,
            Set<String> changedFiles,
            String addedDirectory,
            JarPatch patch)
            throws IOException {
        Set<String> upstreamFiles = files(upstream);
        Set<String> forkFiles = files(fork);
        List<String> lines = new ArrayList<>();
        int identical = 0;
        for (String file : upstreamFiles) {
            Path ours = fork.resolve(file);
            if (!forkFiles.contains(file)) {
                lines.add("PROBLEM missing upstream file " + file);
            } else if (Files.mismatch(upstream.resolve(file), ours) == -1) {
                identical++;
            } else if (changedFiles.contains(file)) {
                lines.add("changed " + file);
            } else if (file.endsWith(".jar")) {
                comparePatchedJar(upstream.resolve(file), ours, file, patch, lines);
            } else {
                lines.add("PROBLEM changed upstream file " + file);
            }
        }
        for (String file : forkFiles) {
            if (!upstreamFiles.contains(file)) {
                lines.add(
                        (file.startsWith(addedDirectory + "/") ? "added " : "PROBLEM added ")
                                + file);
            }
        }
        return new Result(identical, lines);
    }

    private static void comparePatchedJar(
            Path upstreamJar, Path forkJar, String file, JarPatch patch, List<String> lines)
            throws IOException {
        DropInCheck.Result entries =
                DropInCheck.compare(
                        upstreamJar.toFile(),
                        forkJar.toFile(),
                        name ->
                                patch.changedEntries().contains(name)
                                        || patch.addedEntries().contains(name),
                        true);
        entries.changed().forEach(name -> lines.add("patched " + file + " changed " + name));
        entries.added().forEach(name -> lines.add("patched " + file + " added " + name));
        entries.problems().forEach(problem -> lines.add("PROBLEM " + file + ": " + problem));
    }

    private static Set<String> files(Path tree) throws IOException {
        try (Stream<Path> walk = Files.walk(tree)) {
            return walk.filter(Files::isRegularFile)
                    .map(path -> tree.relativize(path).toString())
                    .collect(TreeSet::new, Set::add, Set::addAll);
        }
    }

    /** What a comparison found. */
    public static final class Result {
        private final int identical;
        private final List<String> lines;

        Result(int identical, List<String> lines) {
            this.identical = identical;
            this.lines = lines;
        }

        /** The number of upstream files the fork ships byte-identical. */
        public int identical() {
            return identical;
        }

        /** One line per difference. */
        public List<String> lines() {
            return lines;
        }

        /** The differences the fork does not declare. */
        public List<String> problems() {
            return lines.stream().filter(line -> line.startsWith("PROBLEM")).toList();
        }
    }
}

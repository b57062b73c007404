/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.dist;

import dev.wirespeed.build.Digests;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A directory of pinned upstream packages, outside any work tree. A package is downloaded with
 * {@code pip download} once, and used only if its SHA-256 is the pinned one.
 */
public final class PackageCache {

    private final Path directory;
    private final List<String> python;
    private final Consumer<String> log;

    /**
     * @param directory where packages are kept
     * @param python the command that runs Python, for example {@code python3}
     * @param log where progress is reported
     */
    public PackageCache(Path directory, List<String> python, Consumer<String> log) {
        this.directory = directory;
        this.python = python;
        this.log = log;
    }

    /** The package's file in the cache, downloaded first unless a verified copy is there. */
    public Path fetch(PinnedPackage pinned) throws IOException {
        Files.createDirectories(directory);
        Path cached = directory.resolve(pinned.file());
        if (Files.isRegularFile(cached)) {
            if (Digests.sha256Hex(cached).equalsIgnoreCase(pinned.sha256())) {
                return cached;
            }
            log.accept("Discarding " + cached + ": its SHA-256 is not the pinned one");
            Files.delete(cached);
        }
        Path download = Files.createTempDirectory(directory, "download-");
        try {
            log.accept("Downloading " + pinned + " with pip");
            Path file = download.resolve(pinned.file());
            runPip(pinned, download);
            if (!Files.isRegularFile(file)) {
                throw new IOException(
                        "pip download "
                                + pinned.requirement()
                                + " did not produce "
                                + pinned.file()
                                + " but "
                                + listing(download)
                                + "; check the pinned file name and pip options");
            }
            verify(pinned, file);
            Files.move(file, cached, StandardCopyOption.REPLACE_EXISTING);
            return cached;
        } finally {
            Trees.delete(download);
        }
    }

    /** Fails unless the file's SHA-256 is the pinned one. */
    static void verify(PinnedPackage pinned, Path file) throws IOException {
        String actual = Digests.sha256Hex(file);
        if (!actual.equalsIgnoreCase(pinned.sha256())) {
            throw new IOException(
                    file.getFileName()
                            + " has SHA-256 "
                            + actual
                            + ", but "
                            + pinned.sha256()
                            + " is pinned: the package is not the pinned upstream release");
        }
    }

    private void runPip(PinnedPackage pinned, Path destination) throws IOException {
        List<String> command = new ArrayList<>(python);
        command.addAll(
                List.of(
                        "-m",
                        "pip",
                        "download",
                        "--no-deps",
                        "--disable-pip-version-check",
                        "--dest",
                        destination.toString()));
        command.addAll(pinned.pipOptions());
        command.add(pinned.requirement());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output;
        try (InputStream in = process.getInputStream()) {
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        try {
            int exit = process.waitFor();
            if (exit != 0) {
                throw new IOException(
                        String.join(" ", command)
                                + " failed with exit code "
                                + exit
                                + ":\n"
                                + output);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IOException("Interrupted while pip downloaded " + pinned, e);
        }
    }

    private static List<String> listing(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }
}

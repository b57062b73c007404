/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.maven;

import dev.wirespeed.build.dist.Trees;
import dev.wirespeed.build.overlay.OverlayException;
import dev.wirespeed.build.overlay.OverlayMerger;
import dev.wirespeed.build.overlay.UnifiedDiff;

import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Merges each overlay under {@code src/main/overlay} into the upstream source of its class, taken
 * from the pinned upstream sources jar, and adds the merged sources to the compilation. For each
 * patched class it writes the merged source and a unified diff against upstream.
 */
@Mojo(name = "merge-overlays", defaultPhase = LifecyclePhase.GENERATE_SOURCES, threadSafe = true)
public class MergeOverlaysMojo extends AbstractUpstreamMojo {

    @Parameter(defaultValue = "${project.basedir}/src/main/overlay")
    private File overlayDirectory;

    @Parameter(defaultValue = "${project.build.directory}/generated-sources/overlay")
    private File outputDirectory;

    @Parameter(defaultValue = "${project.build.directory}/overlay-diffs")
    private File diffDirectory;

    /** Upstream's sources jars of earlier releases, opened to show how a member changed since. */
    private final Map<String, Optional<ZipFile>> earlierSources = new HashMap<>();

    @Override
    protected void run() throws MojoExecutionException, MojoFailureException {
        if (!overlayDirectory.isDirectory()) {
            getLog().info("No overlays in " + overlayDirectory);
            return;
        }
        UpstreamArtifacts artifacts = upstreamArtifacts();
        List<Path> overlays = overlays();
        List<String> failures = new ArrayList<>();
        try (ZipFile sources = new ZipFile(artifacts.sourcesJar())) {
            // every run writes the merged sources anew: none of a removed overlay stays behind
            Trees.recreate(outputDirectory.toPath());
            Trees.recreate(diffDirectory.toPath());
            for (Path overlay : overlays) {
                String relative = relativeName(overlayDirectory.toPath(), overlay);
                try {
                    mergeOne(sources, overlay, relative, artifacts);
                } catch (OverlayException e) {
                    failures.add(e.getMessage());
                }
            }
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot merge overlays", e);
        } finally {
            closeEarlierSources();
        }
        if (!failures.isEmpty()) {
            throw new MojoFailureException(
                    "Overlays do not apply to upstream "
                            + upstream
                            + ":\n  "
                            + String.join("\n  ", failures));
        }
        project.addCompileSourceRoot(outputDirectory.getPath());
        getLog().info(
                        "Merged "
                                + overlays.size()
                                + " overlay(s) into "
                                + upstream
                                + "; diffs in "
                                + diffDirectory);
    }

    private void mergeOne(
            ZipFile sources, Path overlay, String relative, UpstreamArtifacts artifacts)
            throws IOException, OverlayException {
        String overlayName = "src/main/overlay/" + relative;
        ZipEntry entry = sources.getEntry(relative);
        if (entry == null) {
            throw new OverlayException(
                    overlayName
                            + ": upstream "
                            + artifacts
                            + " has no source "
                            + relative
                            + " to patch");
        }
        String upstreamSource =
                new String(sources.getInputStream(entry).readAllBytes(), StandardCharsets.UTF_8);
        String merged =
                OverlayMerger.checkingFingerprints(
                                upstreamVersion(), version -> sourceAt(version, relative))
                        .merge(upstreamSource, Files.readString(overlay), overlayName);
        write(outputDirectory.toPath().resolve(relative), merged);
        write(
                diffDirectory.toPath().resolve(relative + ".diff"),
                UnifiedDiff.between(upstreamSource, merged, relative));
    }

    /** The source of a class in another upstream release, if that release's sources resolve. */
    private Optional<String> sourceAt(String version, String relative) {
        Optional<ZipFile> sources = earlierSources.computeIfAbsent(version, this::openSources);
        if (sources.isEmpty() || sources.get().getEntry(relative) == null) {
            return Optional.empty();
        }
        try (InputStream in = sources.get().getInputStream(sources.get().getEntry(relative))) {
            return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Optional<ZipFile> openSources(String version) {
        try {
            return Optional.of(new ZipFile(upstreamArtifacts(version).sourcesJar()));
        } catch (MojoExecutionException | IOException e) {
            getLog().warn(
                            "Cannot open upstream's sources of "
                                    + version
                                    + " to show what changed: "
                                    + e.getMessage());
            return Optional.empty();
        }
    }

    private void closeEarlierSources() throws MojoExecutionException {
        for (Optional<ZipFile> sources : earlierSources.values()) {
            if (sources.isPresent()) {
                try {
                    sources.get().close();
                } catch (IOException e) {
                    throw new MojoExecutionException("Cannot close " + sources.get().getName(), e);
                }
            }
        }
        earlierSources.clear();
    }

    private List<Path> overlays() throws MojoExecutionException {
        try (Stream<Path> files = Files.walk(overlayDirectory.toPath())) {
            return files.filter(p -> p.toString().endsWith(".java"))
                    .sorted()
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot list " + overlayDirectory, e);
        }
    }

    private static void write(Path target, String content) throws IOException {
        Files.createDirectories(target.getParent());
        Files.writeString(target, content);
    }
}

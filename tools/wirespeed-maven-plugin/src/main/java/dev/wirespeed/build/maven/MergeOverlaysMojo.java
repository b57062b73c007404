/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.maven;

import dev.wirespeed.build.dist.Trees;
import dev.wirespeed.build.overlay.OverlayException;
import dev.wirespeed.build.overlay.OverlayMerger;
import dev.wirespeed.build.overlay.OverlaySeries;
import dev.wirespeed.build.overlay.OverlaySeries.ChangeOverlay;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Merges the overlays under {@code src/main/overlay} into the upstream sources of their classes,
 * taken from the pinned upstream sources jar, and adds the merged sources to the compilation. The
 * overlays sit in a directory per named change ({@link OverlaySeries}); the overlays of one class
 * apply in the order of the series file. For each patched class it writes the merged source and a
 * unified diff against upstream, and for each change one unified diff of what that change does.
 */
@Mojo(name = "merge-overlays", defaultPhase = LifecyclePhase.GENERATE_SOURCES, threadSafe = true)
public class MergeOverlaysMojo extends AbstractUpstreamMojo {

    @Parameter(defaultValue = "${project.basedir}/src/main/overlay")
    private File overlayDirectory;

    /** The fork's changes in the order they apply, one name a line. */
    @Parameter(defaultValue = "${project.basedir}/../overlay-series")
    private File seriesFile;

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
        List<String> failures = new ArrayList<>();
        Map<String, List<ChangeOverlay>> overlays;
        try {
            overlays =
                    OverlaySeries.read(seriesFile.toPath())
                            .overlaysUnder(overlayDirectory.toPath());
        } catch (OverlayException e) {
            throw new MojoFailureException(seriesFile + ": " + e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot read the overlays' series " + seriesFile, e);
        }
        Map<String, StringBuilder> changeDiffs = new TreeMap<>();
        try (ZipFile sources = new ZipFile(artifacts.sourcesJar())) {
            // every run writes the merged sources anew: none of a removed overlay stays behind
            Trees.recreate(outputDirectory.toPath());
            Trees.recreate(diffDirectory.toPath());
            for (Map.Entry<String, List<ChangeOverlay>> patched : overlays.entrySet()) {
                try {
                    mergeOne(sources, patched.getKey(), patched.getValue(), artifacts, changeDiffs);
                } catch (OverlayException e) {
                    failures.add(e.getMessage());
                }
            }
            for (Map.Entry<String, StringBuilder> diff : changeDiffs.entrySet()) {
                write(
                        diffDirectory.toPath().resolve(diff.getKey() + ".diff"),
                        diff.getValue().toString());
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
                        "Merged the overlays of "
                                + changeDiffs.size()
                                + " change(s) into "
                                + overlays.size()
                                + " class(es) of "
                                + upstream
                                + "; diffs in "
                                + diffDirectory);
    }

    /**
     * Merges one class's overlays in the series' order; writes the merged source and its diff, and
     * adds to each change's diff what that change does to the class.
     */
    private void mergeOne(
            ZipFile sources,
            String relative,
            List<ChangeOverlay> overlays,
            UpstreamArtifacts artifacts,
            Map<String, StringBuilder> changeDiffs)
            throws IOException, OverlayException {
        ZipEntry entry = sources.getEntry(relative);
        if (entry == null) {
            throw new OverlayException(
                    overlays.get(0).name()
                            + ": upstream "
                            + artifacts
                            + " has no source "
                            + relative
                            + " to patch");
        }
        String upstreamSource =
                new String(sources.getInputStream(entry).readAllBytes(), StandardCharsets.UTF_8);
        LinkedHashMap<String, String> overlaySources = new LinkedHashMap<>();
        for (ChangeOverlay overlay : overlays) {
            overlaySources.put(overlay.name(), Files.readString(overlay.file()));
        }
        List<String> merged =
                OverlayMerger.checkingFingerprints(
                                upstreamVersion(), version -> sourceAt(version, relative))
                        .mergeInOrder(upstreamSource, overlaySources);
        String before = upstreamSource;
        for (int i = 0; i < overlays.size(); i++) {
            changeDiffs
                    .computeIfAbsent(overlays.get(i).change(), c -> new StringBuilder())
                    .append(UnifiedDiff.between(before, merged.get(i), relative));
            before = merged.get(i);
        }
        write(outputDirectory.toPath().resolve(relative), before);
        write(
                diffDirectory.toPath().resolve(relative + ".diff"),
                UnifiedDiff.between(upstreamSource, before, relative));
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

    private static void write(Path target, String content) throws IOException {
        Files.createDirectories(target.getParent());
        Files.writeString(target, content);
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.maven;

import dev.wirespeed.build.overlay.PatchedTypes;

import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Completes a patched module's classes with upstream's: unpacks the pinned upstream jar into the
 * output directory before compilation, leaving out the classes of every type the fork compiles
 * (with their nested classes), the resources the fork provides, and upstream's manifest. The
 * module's jar is then every upstream class and resource, with the fork's in place of the ones it
 * changes. Writes a report of what the fork replaces and adds.
 */
@Mojo(name = "unpack-upstream", defaultPhase = LifecyclePhase.PROCESS_SOURCES, threadSafe = true)
public class UnpackUpstreamMojo extends AbstractUpstreamMojo {

    private static final String MANIFEST = "META-INF/MANIFEST.MF";

    @Parameter(defaultValue = "${project.build.outputDirectory}")
    private File outputDirectory;

    @Parameter(defaultValue = "${project.build.directory}/wirespeed/fork-entries.txt")
    private File report;

    @Override
    protected void run() throws MojoExecutionException {
        File jar = upstreamArtifacts().jar();
        try {
            PatchedTypes patchedTypes = patchedTypes();
            Set<String> forkResources = forkResources();
            Set<String> upstreamTypes = new TreeSet<>();
            List<String> overridden = new ArrayList<>();
            int unpacked = 0;
            try (ZipFile zip = new ZipFile(jar)) {
                for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
                    ZipEntry entry = e.nextElement();
                    String name = entry.getName();
                    if (name.endsWith(".class") && patchedTypes.owns(name)) {
                        upstreamTypes.add(name);
                    } else if (forkResources.contains(name)) {
                        overridden.add(name);
                    } else if (!entry.isDirectory() && !name.equals(MANIFEST)) {
                        copy(zip, entry, outputDirectory.toPath().resolve(name));
                        unpacked++;
                    }
                }
            }
            writeReport(patchedTypes, upstreamTypes, overridden);
            getLog().info(
                            "Unpacked "
                                    + unpacked
                                    + " entries of "
                                    + upstream
                                    + "; the fork compiles "
                                    + patchedTypes.paths().size()
                                    + " type(s) and provides "
                                    + overridden.size()
                                    + " resource(s) of its own; see "
                                    + report);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot unpack " + jar, e);
        }
    }

    private void writeReport(
            PatchedTypes patchedTypes, Set<String> replacedClassFiles, List<String> resources)
            throws IOException {
        Set<String> replacedTypes = new TreeSet<>();
        for (String type : patchedTypes.paths()) {
            if (replacedClassFiles.contains(type + ".class")) {
                replacedTypes.add(type);
            }
        }
        List<String> lines = new ArrayList<>();
        lines.add("# The fork's entries in " + project.getArtifactId() + ", against " + upstream);
        patchedTypes.paths().stream()
                .map(t -> (replacedTypes.contains(t) ? "replaced " : "added ") + t)
                .forEach(lines::add);
        resources.stream().map(r -> "resource " + r).forEach(lines::add);
        Files.createDirectories(report.toPath().getParent());
        Files.write(report.toPath(), lines);
    }

    private static void copy(ZipFile zip, ZipEntry entry, Path target) throws IOException {
        Files.createDirectories(target.getParent());
        try (InputStream in = zip.getInputStream(entry)) {
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}

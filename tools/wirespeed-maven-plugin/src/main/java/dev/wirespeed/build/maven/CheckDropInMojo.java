/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.maven;

import dev.wirespeed.build.jar.DropInCheck;
import dev.wirespeed.build.overlay.PatchedTypes;

import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Checks the module's jar against upstream's: every upstream entry is there, byte-identical unless
 * the fork compiles its type or provides the resource, and every other entry is the fork's own.
 * Writes the entries the fork changes and adds.
 */
@Mojo(name = "check-drop-in", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class CheckDropInMojo extends AbstractUpstreamMojo {

    @Parameter(defaultValue = "${project.build.directory}/${project.build.finalName}.jar")
    private File jar;

    @Parameter(defaultValue = "${project.build.directory}/wirespeed/drop-in-check.txt")
    private File report;

    @Override
    protected void run() throws MojoExecutionException, MojoFailureException {
        File upstreamJar = upstreamArtifacts().jar();
        try {
            PatchedTypes patchedTypes = patchedTypes();
            Set<String> forkResources = forkResources();
            DropInCheck.Result result =
                    DropInCheck.compare(
                            upstreamJar,
                            jar,
                            name -> patchedTypes.owns(name) || forkResources.contains(name));
            List<String> lines = new ArrayList<>();
            result.changed().forEach(name -> lines.add("changed " + name));
            result.added().forEach(name -> lines.add("added " + name));
            result.problems().forEach(problem -> lines.add("PROBLEM " + problem));
            Files.createDirectories(report.toPath().getParent());
            Files.write(report.toPath(), lines);
            if (!result.problems().isEmpty()) {
                throw new MojoFailureException(
                        jar.getName()
                                + " is no drop-in replacement for "
                                + upstream
                                + ":\n  "
                                + String.join("\n  ", result.problems()));
            }
            getLog().info(
                            jar.getName()
                                    + " holds all "
                                    + result.upstreamEntries()
                                    + " entries of "
                                    + upstream
                                    + ", byte-identical but for "
                                    + result.changed().size()
                                    + " the fork changes; it adds "
                                    + result.added().size()
                                    + "; see "
                                    + report);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot compare " + jar + " with " + upstreamJar, e);
        }
    }
}

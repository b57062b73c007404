/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.maven;

import dev.wirespeed.build.overlay.PatchedTypes;

import org.apache.maven.model.Resource;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.repository.RemoteRepository;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A goal of a patched module: it works against the pinned upstream module of the same name, and
 * does nothing in modules of {@code pom} packaging (the shared parent of the patched modules).
 */
abstract class AbstractUpstreamMojo extends AbstractMojo {

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    protected MavenProject project;

    /** The upstream module, {@code groupId:artifactId:version}. */
    @Parameter(required = true)
    protected String upstream;

    @Component private RepositorySystem repositorySystem;

    @Parameter(defaultValue = "${repositorySystemSession}", readonly = true)
    private RepositorySystemSession repositorySession;

    @Parameter(defaultValue = "${project.remoteProjectRepositories}", readonly = true)
    private List<RemoteRepository> remoteRepositories;

    @Override
    public final void execute() throws MojoExecutionException, MojoFailureException {
        if (!"pom".equals(project.getPackaging())) {
            run();
        }
    }

    /** The goal's work, in a module that builds a jar. */
    protected abstract void run() throws MojoExecutionException, MojoFailureException;

    /** The pinned upstream module's artifacts. */
    protected UpstreamArtifacts upstreamArtifacts() {
        return new UpstreamArtifacts(
                repositorySystem, repositorySession, remoteRepositories, upstream);
    }

    /** The same upstream module's artifacts of another release. */
    protected UpstreamArtifacts upstreamArtifacts(String version) {
        return new UpstreamArtifacts(
                repositorySystem,
                repositorySession,
                remoteRepositories,
                upstream.substring(0, upstream.lastIndexOf(':') + 1) + version);
    }

    /** The pinned upstream release: the version of {@link #upstream}. */
    protected String upstreamVersion() {
        return upstream.substring(upstream.lastIndexOf(':') + 1);
    }

    /** The top-level types the module compiles, from every compile source root. */
    protected PatchedTypes patchedTypes() throws IOException {
        return PatchedTypes.declaredIn(
                project.getCompileSourceRoots().stream()
                        .map(Paths::get)
                        .collect(Collectors.toList()));
    }

    /** The resources the module provides, as jar entry names. */
    protected Set<String> forkResources() throws IOException {
        Set<String> names = new TreeSet<>();
        for (Resource resource : project.getResources()) {
            Path root = Paths.get(resource.getDirectory());
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(root)) {
                files.filter(Files::isRegularFile)
                        .map(f -> relativeName(root, f))
                        .forEach(names::add);
            }
        }
        return names;
    }

    /** A file's path below a root, with {@code /} separators, as in a jar. */
    static String relativeName(Path root, Path file) {
        return root.relativize(file).toString().replace(File.separatorChar, '/');
    }
}

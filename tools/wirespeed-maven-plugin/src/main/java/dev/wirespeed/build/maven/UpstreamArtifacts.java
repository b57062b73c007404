/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.maven;

import org.apache.maven.plugin.MojoExecutionException;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.resolution.ArtifactRequest;
import org.eclipse.aether.resolution.ArtifactResolutionException;

import java.io.File;
import java.util.List;

/** Resolves the pinned upstream artifacts a patched module is built from. */
final class UpstreamArtifacts {

    private final RepositorySystem system;
    private final RepositorySystemSession session;
    private final List<RemoteRepository> repositories;
    private final String coordinates;

    /**
     * @param coordinates the upstream module, {@code groupId:artifactId:version}
     */
    UpstreamArtifacts(
            RepositorySystem system,
            RepositorySystemSession session,
            List<RemoteRepository> repositories,
            String coordinates) {
        this.system = system;
        this.session = session;
        this.repositories = repositories;
        this.coordinates = coordinates;
    }

    /** The upstream module's jar. */
    File jar() throws MojoExecutionException {
        return resolve("");
    }

    /** The upstream module's sources jar. */
    File sourcesJar() throws MojoExecutionException {
        return resolve("sources");
    }

    @Override
    public String toString() {
        return coordinates;
    }

    private File resolve(String classifier) throws MojoExecutionException {
        String[] parts = coordinates.split(":");
        if (parts.length != 3) {
            throw new MojoExecutionException(
                    "upstream must be groupId:artifactId:version, not " + coordinates);
        }
        DefaultArtifact artifact =
                new DefaultArtifact(parts[0], parts[1], classifier, "jar", parts[2]);
        try {
            return system.resolveArtifact(
                            session, new ArtifactRequest(artifact, repositories, null))
                    .getArtifact()
                    .getFile();
        } catch (ArtifactResolutionException e) {
            throw new MojoExecutionException("Cannot resolve upstream artifact " + artifact, e);
        }
    }
}

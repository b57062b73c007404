/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.maven;

import dev.wirespeed.build.dist.JarPatch;
import dev.wirespeed.build.dist.PatchedDistribution;
import dev.wirespeed.build.dist.TreeComparison;

import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;
import org.apache.maven.project.MavenProjectHelper;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.RepositorySystemSession;
import org.eclipse.aether.repository.RemoteRepository;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds the fork's binary distribution from upstream's (see {@link PatchedDistribution}): the
 * fork's tree in {@code target/<name>} and {@code target/<name>-bin.tgz}, and every difference
 * between the two trees in {@code target/wirespeed/distribution-changes.txt}.
 */
@Mojo(
        name = "assemble-distribution",
        defaultPhase = LifecyclePhase.PACKAGE,
        requiresDependencyResolution = ResolutionScope.RUNTIME,
        threadSafe = true)
public class AssembleDistributionMojo extends AbstractMojo {

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    @Component private MavenProjectHelper projectHelper;

    @Component private RepositorySystem repositorySystem;

    @Parameter(defaultValue = "${repositorySystemSession}", readonly = true)
    private RepositorySystemSession repositorySession;

    @Parameter(defaultValue = "${project.remoteProjectRepositories}", readonly = true)
    private List<RemoteRepository> remoteRepositories;

    /** Upstream's version, the one of its release packages and module jars. */
    @Parameter(required = true)
    private String upstreamVersion;

    /** The group of upstream's module jars. */
    @Parameter(defaultValue = "org.apache.flink")
    private String upstreamGroupId;

    /**
     * Upstream's distribution tree, as the {@code layout-upstream-distribution} goal lays it out.
     */
    @Parameter(required = true)
    private File upstreamDistribution;

    /**
     * The artifact ids of the fork's patched modules, dependencies of this project; each replaces
     * upstream's module of the same artifact id.
     */
    @Parameter(required = true)
    private List<String> patchedModules;

    /**
     * The artifact id of the examples: each dependency on it with a classifier {@code
     * <directory>-<Name>} becomes {@code examples/<directory>/<Name>.jar}.
     */
    @Parameter(required = true)
    private String examplesArtifactId;

    /** Commented-out entries of the fork's options, appended to {@code conf/config.yaml}. */
    @Parameter(required = true)
    private File configEntries;

    /** The distribution's name: its root directory and the archive's name. */
    @Parameter(defaultValue = "wirespeed-${project.version}")
    private String distributionName;

    @Parameter(defaultValue = "${project.build.directory}", readonly = true)
    private File outputDirectory;

    @Override
    public void execute() throws MojoExecutionException {
        Path target = outputDirectory.toPath();
        Path upstreamTree = upstreamDistribution.toPath();
        Path forkTree = target.resolve(distributionName);
        Path report = target.resolve("wirespeed").resolve("distribution-changes.txt");
        Path archive = target.resolve(distributionName + "-bin.tgz");
        try {
            TreeComparison.Result comparison =
                    PatchedDistribution.build(
                            upstreamTree,
                            forkTree,
                            modulePatch(),
                            Files.readString(configEntries.toPath(), StandardCharsets.UTF_8),
                            examples());
            Files.createDirectories(report.getParent());
            Files.write(report, comparison.lines());
            Path checksum = PatchedDistribution.pack(forkTree, archive);
            projectHelper.attachArtifact(project, "tgz", "bin", archive.toFile());
            getLog().info(
                            comparison.identical()
                                    + " files byte-identical to upstream's "
                                    + upstreamTree
                                    + "; the differences are listed in "
                                    + report);
            getLog().info(
                            "Distribution: "
                                    + forkTree
                                    + " and "
                                    + archive
                                    + ", its checksum in "
                                    + checksum);
        } catch (IOException e) {
            throw new MojoExecutionException(
                    "Cannot assemble the distribution: " + e.getMessage(), e);
        }
    }

    private JarPatch modulePatch() throws IOException, MojoExecutionException {
        JarPatch patch = JarPatch.empty();
        for (String module : patchedModules) {
            File upstreamJar =
                    new UpstreamArtifacts(
                                    repositorySystem,
                                    repositorySession,
                                    remoteRepositories,
                                    upstreamGroupId + ":" + module + ":" + upstreamVersion)
                            .jar();
            patch.addModule(upstreamJar.toPath(), forkModule(module).toPath());
        }
        return patch;
    }

    private File forkModule(String artifactId) throws MojoExecutionException {
        for (Artifact artifact : project.getArtifacts()) {
            if (artifact.getArtifactId().equals(artifactId)
                    && artifact.getGroupId().equals(project.getGroupId())
                    && !artifact.hasClassifier()) {
                return artifact.getFile();
            }
        }
        throw new MojoExecutionException(
                "The distribution needs a dependency on "
                        + project.getGroupId()
                        + ":"
                        + artifactId);
    }

    private Map<String, Path> examples() throws MojoExecutionException {
        Map<String, Path> examples = new TreeMap<>();
        for (Artifact artifact : project.getArtifacts()) {
            if (!artifact.getArtifactId().equals(examplesArtifactId) || !artifact.hasClassifier()) {
                continue;
            }
            String classifier = artifact.getClassifier();
            int dash = classifier.indexOf('-');
            if (dash <= 0 || dash == classifier.length() - 1) {
                throw new MojoExecutionException(
                        "Example classifier " + classifier + " is not <directory>-<Name>");
            }
            examples.put(
                    classifier.substring(0, dash) + "/" + classifier.substring(dash + 1) + ".jar",
                    artifact.getFile().toPath());
        }
        if (examples.isEmpty()) {
            throw new MojoExecutionException(
                    "No example: declare dependencies on "
                            + examplesArtifactId
                            + " with classifiers <directory>-<Name>");
        }
        return examples;
    }
}

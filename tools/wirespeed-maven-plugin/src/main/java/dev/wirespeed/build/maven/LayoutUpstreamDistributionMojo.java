/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.maven;

import dev.wirespeed.build.dist.PackageCache;
import dev.wirespeed.build.dist.PinnedPackage;
import dev.wirespeed.build.dist.Trees;
import dev.wirespeed.build.dist.UpstreamDistribution;

import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;
import org.apache.maven.project.MavenProjectHelper;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Lays out upstream's binary distribution, unchanged, from its pinned PyPI release packages (see
 * {@link UpstreamDistribution}) in {@code target/flink-<version>}: the base of the fork's
 * distribution, and the baseline that end-to-end tests and benchmarks run against. Jars of the tree
 * that other modules compile against are attached to the project with a classifier.
 */
@Mojo(
        name = "layout-upstream-distribution",
        defaultPhase = LifecyclePhase.PACKAGE,
        threadSafe = true)
public class LayoutUpstreamDistributionMojo extends AbstractMojo {

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    @Component private MavenProjectHelper projectHelper;

    /** Upstream's version, the one both packages carry. */
    @Parameter(required = true)
    private String upstreamVersion;

    /** The {@code apache-flink-libraries} sdist. */
    @Parameter(required = true)
    private PinnedPackage librariesPackage;

    /** An {@code apache-flink} wheel: any platform's, they carry the same scripts. */
    @Parameter(required = true)
    private PinnedPackage wheelPackage;

    /** Where downloaded packages are kept between builds. */
    @Parameter(
            property = "wirespeed.packageCache",
            defaultValue = "${user.home}/.cache/wirespeed/upstream-packages")
    private File packageCache;

    /** The command that runs Python for {@code pip download}. */
    @Parameter(property = "wirespeed.python", defaultValue = "python3")
    private String python;

    /**
     * Jars of the tree to attach, by path in the tree; the file name without version is the
     * classifier.
     */
    @Parameter private List<String> attachedJars = List.of();

    @Parameter(defaultValue = "${project.build.directory}", readonly = true)
    private File outputDirectory;

    @Override
    public void execute() throws MojoExecutionException {
        Path tree = outputDirectory.toPath().resolve("flink-" + upstreamVersion);
        try {
            PackageCache cache =
                    new PackageCache(packageCache.toPath(), List.of(python), getLog()::info);
            Path libraries = cache.fetch(librariesPackage);
            Path wheel = cache.fetch(wheelPackage);
            Trees.recreate(tree);
            UpstreamDistribution.assemble(libraries, wheel, upstreamVersion, tree);
        } catch (IOException e) {
            throw new MojoExecutionException(
                    "Cannot lay out upstream's distribution: " + e.getMessage(), e);
        }
        for (String path : attachedJars) {
            Path jar = tree.resolve(path);
            if (!Files.isRegularFile(jar)) {
                throw new MojoExecutionException("Upstream's distribution has no " + path);
            }
            String name = jar.getFileName().toString();
            String suffix = "-" + upstreamVersion + ".jar";
            if (!name.endsWith(suffix)) {
                throw new MojoExecutionException(path + " does not end with " + suffix);
            }
            String classifier = name.substring(0, name.length() - suffix.length());
            projectHelper.attachArtifact(project, "jar", classifier, jar.toFile());
        }
        getLog().info("Upstream's distribution: " + tree);
    }
}

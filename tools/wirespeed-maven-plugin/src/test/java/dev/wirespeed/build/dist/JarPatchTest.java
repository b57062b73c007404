/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.dist;

import dev.wirespeed.build.TestJars;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JarPatchTest {

    @TempDir Path dir;

    @Test
    void replacesChangedAndAddsNewEntriesLeavingTheRestAsTheyAre() throws Exception {
        JarPatch patch = moduleChangingAAndAddingC();
        Path dist =
                TestJars.write(
                        dir.resolve("dist.jar"),
                        Map.of(
                                "META-INF/MANIFEST.MF", "dist manifest",
                                "a/A.class", "a",
                                "a/B.class", "b",
                                "version.properties", "upstream build time",
                                "other/X.class", "x"));

        assertThat(patch.appliesTo(dist)).isTrue();
        patch.applyTo(dist, dir.resolve("patched.jar"));

        assertThat(TestJars.read(dir.resolve("patched.jar")))
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of(
                                "META-INF/MANIFEST.MF", "dist manifest",
                                "a/A.class", "fork a",
                                "a/B.class", "b",
                                "a/C.class", "fork c",
                                "version.properties", "fork build",
                                "other/X.class", "x"));
        assertThat(patch.changedEntries()).containsExactly("a/A.class", "version.properties");
        assertThat(patch.addedEntries()).containsExactly("a/C.class");
    }

    @Test
    void doesNotApplyToJarsWithoutTheModule() throws Exception {
        Path other = TestJars.write(dir.resolve("other.jar"), Map.of("other/X.class", "x"));

        assertThat(moduleChangingAAndAddingC().appliesTo(other)).isFalse();
    }

    @Test
    void refusesAJarHoldingAChangedClassInAnotherForm() throws Exception {
        Path dist =
                TestJars.write(
                        dir.resolve("dist.jar"),
                        Map.of("a/A.class", "relocated a", "version.properties", "v"));

        assertThatThrownBy(() -> moduleChangingAAndAddingC().applyTo(dist, dir.resolve("p.jar")))
                .hasMessageContaining("a/A.class in a form other than upstream's");
    }

    @Test
    void refusesAJarLackingAChangedEntryOrHoldingAnAddedOne() throws Exception {
        Path lacking = TestJars.write(dir.resolve("lacking.jar"), Map.of("a/A.class", "a"));
        Path holding =
                TestJars.write(
                        dir.resolve("holding.jar"),
                        Map.of("a/A.class", "a", "a/C.class", "c", "version.properties", "v"));

        assertThatThrownBy(() -> moduleChangingAAndAddingC().applyTo(lacking, dir.resolve("1")))
                .hasMessageContaining("lacks version.properties");
        assertThatThrownBy(() -> moduleChangingAAndAddingC().applyTo(holding, dir.resolve("2")))
                .hasMessageContaining("already holds a/C.class");
    }

    @Test
    void refusesTwoModulesProvidingTheSameEntry() throws Exception {
        Path upstream = TestJars.write(dir.resolve("u2.jar"), Map.of("b/B.class", "b"));
        Path fork = TestJars.write(dir.resolve("f2.jar"), Map.of("a/C.class", "other c"));

        assertThatThrownBy(() -> moduleChangingAAndAddingC().addModule(upstream, fork))
                .hasMessageContaining("a/C.class");
    }

    private JarPatch moduleChangingAAndAddingC() throws Exception {
        Path upstream =
                TestJars.write(
                        dir.resolve("upstream-module.jar"),
                        Map.of(
                                "META-INF/MANIFEST.MF", "upstream manifest",
                                "a/A.class", "a",
                                "a/B.class", "b",
                                "version.properties", "upstream"));
        Path fork =
                TestJars.write(
                        dir.resolve("fork-module.jar"),
                        Map.of(
                                "META-INF/MANIFEST.MF", "fork manifest",
                                "a/A.class", "fork a",
                                "a/B.class", "b",
                                "a/C.class", "fork c",
                                "version.properties", "fork build"));
        return JarPatch.empty().addModule(upstream, fork);
    }
}

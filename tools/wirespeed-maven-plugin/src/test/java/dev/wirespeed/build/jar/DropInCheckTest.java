/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.jar;

import dev.wirespeed.build.TestJars;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

class DropInCheckTest {

    @TempDir Path dir;

    @Test
    void acceptsChangesAndAdditionsTheForkOwns() throws Exception {
        File upstream =
                jar("upstream.jar", Map.of("a/A.class", "a", "a/B.class", "b", "r.txt", "r"));
        File fork =
                jar(
                        "fork.jar",
                        Map.of(
                                "a/A.class", "fork",
                                "a/B.class", "b",
                                "r.txt", "r",
                                "a/C.class", "new",
                                "META-INF/MANIFEST.MF", "other"));

        DropInCheck.Result result =
                DropInCheck.compare(upstream, fork, name -> name.matches("a/[AC]\\.class"));

        assertThat(result.problems()).isEmpty();
        assertThat(result.changed()).containsExactly("a/A.class");
        assertThat(result.added()).containsExactly("a/C.class");
        assertThat(result.upstreamEntries()).isEqualTo(3);
    }

    @Test
    void reportsMissingChangedAndForeignEntries() throws Exception {
        File upstream = jar("upstream.jar", Map.of("a/A.class", "a", "a/B.class", "b"));
        File fork = jar("fork.jar", Map.of("a/B.class", "changed", "x.txt", "x"));

        DropInCheck.Result result = DropInCheck.compare(upstream, fork, name -> false);

        assertThat(result.problems())
                .containsExactlyInAnyOrder(
                        "missing upstream entry a/A.class",
                        "changed upstream entry the fork does not own: a/B.class",
                        "entry neither upstream's nor the fork's: x.txt");
    }

    @Test
    void acceptsThatAClassCompiledAgainLosesItsAccessTagClass() throws Exception {
        Map<String, byte[]> classes = AccessTagClassTest.compileForJava8(dir);
        File upstream = TestJars.writeBytes(dir.resolve("upstream.jar"), classes).toFile();
        Map<String, byte[]> recompiled = new TreeMap<>(classes);
        recompiled.remove("p/Outer$1.class");
        File fork = TestJars.writeBytes(dir.resolve("fork.jar"), recompiled).toFile();
        Map<String, byte[]> withoutInner = new TreeMap<>(classes);
        withoutInner.remove("p/Outer$Inner.class");
        File broken = TestJars.writeBytes(dir.resolve("broken.jar"), withoutInner).toFile();

        assertThat(DropInCheck.compare(upstream, fork, name -> name.startsWith("p/Outer")))
                .satisfies(result -> assertThat(result.problems()).isEmpty())
                .satisfies(
                        result -> assertThat(result.changed()).containsExactly("p/Outer$1.class"));
        assertThat(DropInCheck.compare(upstream, fork, name -> false).problems())
                .containsExactly("missing upstream entry p/Outer$1.class");
        assertThat(DropInCheck.compare(upstream, broken, name -> true).problems())
                .containsExactly("missing upstream entry p/Outer$Inner.class");
    }

    private File jar(String name, Map<String, String> entries) throws Exception {
        return TestJars.write(dir.resolve(name), entries).toFile();
    }
}

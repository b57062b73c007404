/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.jar;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.ToolProvider;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AccessTagClassTest {

    @TempDir Path dir;

    @Test
    void recognizesTheTagThatJava8MakesForAPrivateConstructor() throws Exception {
        Map<String, byte[]> classes = compileForJava8(dir);

        assertThat(classes).containsKeys("p/Outer.class", "p/Outer$Inner.class", "p/Outer$1.class");
        assertThat(AccessTagClass.is(classes.get("p/Outer$1.class"))).isTrue();
        assertThat(AccessTagClass.is(classes.get("p/Outer$Inner.class"))).isFalse();
        assertThat(AccessTagClass.is(classes.get("p/Outer.class"))).isFalse();
    }

    @Test
    void refusesBytesThatAreNoClassFile() throws IOException {
        assertThat(AccessTagClass.is(new byte[] {1, 2, 3, 4})).isFalse();
        assertThatThrownBy(() -> AccessTagClass.is(new byte[] {(byte) 0xCA, (byte) 0xFE}))
                .isInstanceOf(IOException.class);
    }

    /**
     * Compiles, for Java 8, a class whose nested class has a private constructor that the outer
     * class calls.
     */
    static Map<String, byte[]> compileForJava8(Path dir) throws IOException {
        Path source = dir.resolve("src/p/Outer.java");
        Files.createDirectories(source.getParent());
        Files.writeString(
                source,
                String.join(
                        "\n",
                        "package p;",
                        "public class Outer {",
                        "    private static class Inner { private Inner() {} }",
                        "    Object inner() { return new Inner(); }",
                        "}"));
        Path classes = dir.resolve("classes");
        int exit =
                ToolProvider.getSystemJavaCompiler()
                        .run(
                                null,
                                null,
                                null,
                                "--release",
                                "8",
                                "-nowarn",
                                "-d",
                                classes.toString(),
                                source.toString());
        assertThat(exit).isZero();
        Map<String, byte[]> result = new TreeMap<>();
        try (var files = Files.walk(classes)) {
            for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                result.put(
                        classes.relativize(file).toString().replace('\\', '/'),
                        Files.readAllBytes(file));
            }
        }
        return result;
    }
}

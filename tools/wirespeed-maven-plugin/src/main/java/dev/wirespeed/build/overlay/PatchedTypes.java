/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.overlay;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The top-level types a patched module compiles itself, as class-file paths without extension
 * ({@code org/apache/flink/types/StringValue}). Upstream's class files of these types, and of their
 * nested types, are left out of the module: the fork's compiled ones take their place.
 */
public final class PatchedTypes {

    private final Set<String> paths;

    private PatchedTypes(Set<String> paths) {
        this.paths = paths;
    }

    /** Reads the types declared by the {@code .java} files under the given source roots. */
    public static PatchedTypes declaredIn(Iterable<Path> sourceRoots) throws IOException {
        JavaParser parser =
                new JavaParser(
                        new ParserConfiguration()
                                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_11));
        Set<String> paths = new TreeSet<>();
        for (Path root : sourceRoots) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            for (Path file : javaFiles(root)) {
                ParseResult<CompilationUnit> result = parser.parse(file);
                CompilationUnit unit =
                        result.getResult()
                                .filter(u -> result.isSuccessful())
                                .orElseThrow(
                                        () ->
                                                new IOException(
                                                        file
                                                                + " does not parse: "
                                                                + result.getProblems()));
                String directory =
                        unit.getPackageDeclaration()
                                .map(p -> p.getNameAsString().replace('.', '/') + "/")
                                .orElse("");
                if (file.getFileName().toString().equals("package-info.java")) {
                    paths.add(directory + "package-info");
                }
                unit.getTypes().forEach(t -> paths.add(directory + t.getNameAsString()));
            }
        }
        return new PatchedTypes(paths);
    }

    /** The class-file paths of the fork's top-level types, without extension, sorted. */
    public Set<String> paths() {
        return paths;
    }

    /**
     * The fork's type that a class-file entry of the upstream jar belongs to, if any: the entry
     * itself or one of its nested classes ({@code Outer$Inner.class}).
     */
    public boolean owns(String classFileEntry) {
        if (!classFileEntry.endsWith(".class")) {
            return false;
        }
        String name = classFileEntry.substring(0, classFileEntry.length() - ".class".length());
        int nested = name.indexOf('$', name.lastIndexOf('/') + 1);
        return paths.contains(nested < 0 ? name : name.substring(0, nested));
    }

    private static Set<Path> javaFiles(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> p.toString().endsWith(".java"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }
}

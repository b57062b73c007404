/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.overlay;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The fork's named changes to upstream, in the order in which they apply, as a series file lists
 * them: one change name a line, {@code #} starting a comment. A module's overlays sit in a
 * directory per change, {@code <overlay root>/<change>/<package path>/<Type>.java}, and the
 * overlays of one class apply in the series' order, each to the result of those before it.
 */
public final class OverlaySeries {

    private static final Pattern CHANGE_NAME = Pattern.compile("[a-z][a-z0-9-]*");

    private final List<String> changes;

    private OverlaySeries(List<String> changes) {
        this.changes = List.copyOf(changes);
    }

    /** The series that a file lists. */
    public static OverlaySeries read(Path seriesFile) throws IOException, OverlayException {
        return parse(Files.readString(seriesFile), seriesFile.toString());
    }

    /**
     * The series that a text lists.
     *
     * @param name how error messages name the text, normally the series file's path
     */
    public static OverlaySeries parse(String text, String name) throws OverlayException {
        Set<String> changes = new LinkedHashSet<>();
        int lineNumber = 0;
        for (String line : text.split("\n", -1)) {
            lineNumber++;
            int comment = line.indexOf('#');
            String change = (comment < 0 ? line : line.substring(0, comment)).strip();
            if (change.isEmpty()) {
                continue;
            }
            if (!CHANGE_NAME.matcher(change).matches()) {
                throw new OverlayException(
                        name
                                + ":"
                                + lineNumber
                                + ": '"
                                + change
                                + "' is not a change name (lower-case letters, digits and"
                                + " hyphens, one a line)");
            }
            if (!changes.add(change)) {
                throw new OverlayException(
                        name + ":" + lineNumber + ": change '" + change + "' is listed twice");
            }
        }
        return new OverlaySeries(new ArrayList<>(changes));
    }

    /** The changes, in the order in which they apply. */
    public List<String> changes() {
        return changes;
    }

    /**
     * The overlays under a module's overlay root, by the source path of the class they change
     * (relative to a source root), each class's in the series' order. Fails on a directory that the
     * series does not list and on a Java file outside a change's directory.
     */
    public Map<String, List<ChangeOverlay>> overlaysUnder(Path root)
            throws IOException, OverlayException {
        List<String> unlisted = new ArrayList<>();
        try (Stream<Path> entries = Files.list(root)) {
            for (Path entry : entries.sorted().collect(Collectors.toList())) {
                String name = entry.getFileName().toString();
                if (Files.isDirectory(entry) && !changes.contains(name)) {
                    unlisted.add(name);
                } else if (name.endsWith(".java")) {
                    throw new OverlayException(
                            root.relativize(entry)
                                    + ": an overlay belongs in the directory of the change it"
                                    + " is part of");
                }
            }
        }
        if (!unlisted.isEmpty()) {
            throw new OverlayException(
                    "the series lists no change "
                            + unlisted
                            + " (overlay directories under "
                            + root
                            + "); add each to the series where it applies");
        }
        Map<String, List<ChangeOverlay>> byClass = new TreeMap<>();
        for (String change : changes) {
            Path directory = root.resolve(change);
            if (!Files.isDirectory(directory)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(directory)) {
                for (Path file :
                        files.filter(p -> p.toString().endsWith(".java"))
                                .sorted()
                                .collect(Collectors.toList())) {
                    String relative = directory.relativize(file).toString().replace('\\', '/');
                    byClass.computeIfAbsent(relative, r -> new ArrayList<>())
                            .add(new ChangeOverlay(change, relative, file));
                }
            }
        }
        return byClass;
    }

    /** One change's overlay of one class. */
    public static final class ChangeOverlay {

        private final String change;
        private final String relativePath;
        private final Path file;

        ChangeOverlay(String change, String relativePath, Path file) {
            this.change = change;
            this.relativePath = relativePath;
            this.file = file;
        }

        /** The change the overlay is part of. */
        public String change() {
            return change;
        }

        /** The source path of the class it changes, relative to a source root. */
        public String relativePath() {
            return relativePath;
        }

        /** The overlay's file. */
        public Path file() {
            return file;
        }

        /** How error messages name the overlay: its path under the module's overlay root. */
        public String name() {
            return "src/main/overlay/" + change + "/" + relativePath;
        }
    }
}

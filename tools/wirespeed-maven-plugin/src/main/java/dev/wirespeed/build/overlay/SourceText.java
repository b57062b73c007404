/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.build.overlay;

import com.github.javaparser.Position;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.BodyDeclaration;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A source file's text with the edits to apply to it. Positions come from the JavaParser tree of
 * the same text; edits are collected first and applied together, so that every position refers to
 * the original text.
 */
final class SourceText {

    private final String text;
    private final int[] lineStarts;
    private final List<Edit> edits = new ArrayList<>();

    SourceText(String text) {
        this.text = text;
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                starts.add(i + 1);
            }
        }
        this.lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The offset of a position. */
    int offset(Position position) {
        return lineStarts[position.line - 1] + position.column - 1;
    }

    /** The offset where a node begins. */
    int begin(Node node) {
        return offset(node.getBegin().orElseThrow());
    }

    /** The offset just after a node's last character. */
    int end(Node node) {
        return offset(node.getEnd().orElseThrow()) + 1;
    }

    /** The offset where a member begins, its Javadoc or leading comment included. */
    int beginWithComment(BodyDeclaration<?> member) {
        return member.getComment().map(this::begin).orElse(begin(member));
    }

    /** The offset of the first character at or after {@code offset} that is not whitespace. */
    int skipWhitespace(int offset) {
        int at = offset;
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
        return at;
    }

    /** The offset where the line holding {@code offset} starts. */
    int lineStart(int offset) {
        return text.lastIndexOf('\n', offset - 1) + 1;
    }

    /** The column (0-based) of an offset. */
    int column(int offset) {
        return offset - lineStart(offset);
    }

    /** True if only whitespace precedes {@code offset} on its line. */
    boolean startsLine(int offset) {
        return text.substring(lineStart(offset), offset).isBlank();
    }

    String substring(int begin, int end) {
        return text.substring(begin, end);
    }

    char charAt(int offset) {
        return text.charAt(offset);
    }

    /**
     * Replaces {@code [begin, end)} of the original text; an insertion has {@code begin == end}.
     */
    void replace(int begin, int end, String replacement) {
        edits.add(new Edit(begin, end, replacement, edits.size()));
    }

    void insert(int offset, String insertion) {
        replace(offset, offset, insertion);
    }

    /**
     * The text with every edit applied. Insertions at one offset keep the order they were made in.
     *
     * @throws IllegalStateException if two edits overlap
     */
    String edited() {
        List<Edit> sorted = new ArrayList<>(edits);
        sorted.sort(
                Comparator.comparingInt((Edit e) -> e.begin)
                        .thenComparingInt(e -> e.end)
                        .thenComparingInt(e -> e.sequence));
        StringBuilder result = new StringBuilder(text.length());
        int copied = 0;
        for (Edit edit : sorted) {
            if (edit.begin < copied) {
                throw new IllegalStateException("Overlapping edits at offset " + edit.begin);
            }
            result.append(text, copied, edit.begin).append(edit.replacement);
            copied = edit.end;
        }
        return result.append(text, copied, text.length()).toString();
    }

    /** Shifts every line after the first by {@code delta} columns (a negative delta dedents). */
    static String reindent(String block, int delta) {
        String[] lines = block.split("\n", -1);
        StringBuilder result = new StringBuilder(lines[0]);
        for (int i = 1; i < lines.length; i++) {
            result.append('\n').append(shift(lines[i], delta));
        }
        return result.toString();
    }

    private static String shift(String line, int delta) {
        if (line.isBlank()) {
            return "";
        }
        if (delta >= 0) {
            return " ".repeat(delta) + line;
        }
        int leading = 0;
        while (leading < line.length() && leading < -delta && line.charAt(leading) == ' ') {
            leading++;
        }
        return line.substring(leading);
    }

    private static final class Edit {
        final int begin;
        final int end;
        final String replacement;
        final int sequence;

        Edit(int begin, int end, String replacement, int sequence) {
            this.begin = begin;
            this.end = end;
            this.replacement = replacement;
            this.sequence = sequence;
        }
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.e2e;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a line of a POSIX shell into its commands and their words, as the shell does for the
 * simple lines of documentation: single and double quotes group and are removed, a word starting
 * with {@code #} starts a comment, and {@code ;}, {@code |}, {@code &&} and {@code ||} end a
 * command. Expansions ({@code $v}, {@code ~}, globs) are left as written.
 */
final class ShellWords {

    private ShellWords() {}

    /** The commands of the line, each as its words; empty commands are left out. */
    static List<List<String>> commands(String line) {
        List<List<String>> commands = new ArrayList<>();
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                word = word == null ? new StringBuilder() : word;
            } else if (Character.isWhitespace(c)) {
                word = endWord(word, words);
            } else if (c == ';' || c == '|' || c == '&') {
                word = endWord(word, words);
                endCommand(words, commands);
                words = new ArrayList<>();
            } else if (c == '#' && word == null) {
                break;
            } else {
                word = word == null ? new StringBuilder() : word;
                word.append(c);
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("Unclosed quote in: " + line);
        }
        endWord(word, words);
        endCommand(words, commands);
        return commands;
    }

    private static StringBuilder endWord(StringBuilder word, List<String> words) {
        if (word != null) {
            words.add(word.toString());
        }
        return null;
    }

    private static void endCommand(List<String> words, List<List<String>> commands) {
        if (!words.isEmpty()) {
            commands.add(words);
        }
    }
}

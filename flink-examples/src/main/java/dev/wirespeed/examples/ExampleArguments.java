/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The command-line arguments of an example: {@code --name value} pairs and {@code --help}. Unknown
 * names are errors, so that a mistyped option does not silently fall back to a default.
 */
public final class ExampleArguments {

    private final Map<String, String> values;
    private final boolean help;

    private ExampleArguments(Map<String, String> values, boolean help) {
        this.values = values;
        this.help = help;
    }

    /**
     * Parses arguments.
     *
     * @param args the arguments of {@code main}
     * @param known the option names the example accepts, without {@code --}
     * @throws IllegalArgumentException naming the first argument that is not understood
     */
    public static ExampleArguments parse(String[] args, Set<String> known) {
        Map<String, String> values = new HashMap<>();
        boolean help = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--help") || arg.equals("-h")) {
                help = true;
                continue;
            }
            String name = arg.startsWith("--") ? arg.substring(2) : null;
            if (name == null || !known.contains(name)) {
                throw new IllegalArgumentException("Unknown argument: " + arg);
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("Missing value for " + arg);
            }
            values.put(name, args[++i]);
        }
        return new ExampleArguments(values, help);
    }

    /** Whether {@code --help} was given. */
    public boolean isHelp() {
        return help;
    }

    /**
     * The value of an option that takes a positive number.
     *
     * @throws IllegalArgumentException if the value is not a positive {@code int}
     */
    public int getPositiveInt(String name, int defaultValue) {
        return get(name).map(value -> positiveInt(name, value)).orElse(defaultValue);
    }

    /**
     * The value of an option that takes a positive number.
     *
     * @throws IllegalArgumentException if the value is not a positive {@code long}
     */
    public long getPositiveLong(String name, long defaultValue) {
        return get(name).map(value -> positiveLong(name, value)).orElse(defaultValue);
    }

    /**
     * The value of an option that takes {@code true} or {@code false}.
     *
     * @throws IllegalArgumentException for any other value
     */
    public boolean getBoolean(String name, boolean defaultValue) {
        return get(name)
                .map(
                        value -> {
                            if (!value.equals("true") && !value.equals("false")) {
                                throw new IllegalArgumentException(
                                        "--" + name + " takes true or false, not " + value);
                            }
                            return Boolean.parseBoolean(value);
                        })
                .orElse(defaultValue);
    }

    private static int positiveInt(String name, String value) {
        long number = positiveLong(name, value);
        if (number > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("--" + name + " is too large: " + value);
        }
        return (int) number;
    }

    private static long positiveLong(String name, String value) {
        long number;
        try {
            number = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + " takes a number, not " + value);
        }
        if (number <= 0) {
            throw new IllegalArgumentException("--" + name + " must be positive, not " + value);
        }
        return number;
    }

    /** The value of an option, if given. */
    public Optional<String> get(String name) {
        return Optional.ofNullable(values.get(name));
    }
}

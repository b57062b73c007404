/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ExampleArgumentsTest {

    private static final Set<String> KNOWN = Set.of("input", "output");

    @Test
    void readsNamedValuesAndHelp() {
        ExampleArguments arguments =
                ExampleArguments.parse(new String[] {"--input", "in.txt", "--help"}, KNOWN);

        assertThat(arguments.isHelp()).isTrue();
        assertThat(arguments.get("input")).contains("in.txt");
        assertThat(arguments.get("output")).isEmpty();
    }

    @Test
    void rejectsUnknownAndIncompleteArguments() {
        assertThatThrownBy(() -> ExampleArguments.parse(new String[] {"--inptu", "x"}, KNOWN))
                .hasMessage("Unknown argument: --inptu");
        assertThatThrownBy(() -> ExampleArguments.parse(new String[] {"in.txt"}, KNOWN))
                .hasMessage("Unknown argument: in.txt");
        assertThatThrownBy(() -> ExampleArguments.parse(new String[] {"--output"}, KNOWN))
                .hasMessage("Missing value for --output");
    }
}

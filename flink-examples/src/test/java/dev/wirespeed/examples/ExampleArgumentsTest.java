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

    @Test
    void readsTypedValuesAndNamesTheOptionOfABadOne() {
        Set<String> known = Set.of("records", "flag");
        ExampleArguments arguments =
                ExampleArguments.parse(
                        new String[] {"--records", "5000000000", "--flag", "true"}, known);

        assertThat(arguments.getPositiveLong("records", 1)).isEqualTo(5_000_000_000L);
        assertThat(arguments.getBoolean("flag", false)).isTrue();
        assertThat(ExampleArguments.parse(new String[0], known).getPositiveInt("records", 7))
                .isEqualTo(7);
        assertThatThrownBy(() -> arguments.getPositiveInt("records", 1))
                .hasMessage("--records is too large: 5000000000");
        assertThatThrownBy(
                        () ->
                                ExampleArguments.parse(new String[] {"--records", "0"}, known)
                                        .getPositiveLong("records", 1))
                .hasMessage("--records must be positive, not 0");
        assertThatThrownBy(
                        () ->
                                ExampleArguments.parse(new String[] {"--records", "ten"}, known)
                                        .getPositiveLong("records", 1))
                .hasMessage("--records takes a number, not ten");
        assertThatThrownBy(
                        () ->
                                ExampleArguments.parse(new String[] {"--flag", "yes"}, known)
                                        .getBoolean("flag", false))
                .hasMessage("--flag takes true or false, not yes");
    }
}

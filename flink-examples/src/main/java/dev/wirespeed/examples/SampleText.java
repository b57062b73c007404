/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

import java.util.List;

/** The built-in text of the examples, for runs without an input file. */
final class SampleText {

    static final List<String> LINES =
            List.of(
                    "A stream of records flows from sources through operators to sinks.",
                    "Each record crosses the network as bytes, and bytes cost time.",
                    "Fewer bytes per record means more records per second.",
                    "Strings are the most common field, so strings are where time goes.",
                    "Wirespeed keeps the bytes of Flink where they must stay the same,",
                    "and sends fewer of them where a job does not need record timestamps.",
                    "The same job, the same configuration, the same savepoints, less time.");

    private SampleText() {}
}

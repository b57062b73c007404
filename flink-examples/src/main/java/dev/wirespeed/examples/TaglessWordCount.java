/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;

import java.time.Duration;
import java.util.Set;

/**
 * Wirespeed's demo of FLIP-330 on a word count: FLIP-330's second benchmark job. Lines of the
 * built-in text, repeated, are split into words and counted per word, with chaining disabled so
 * that every record crosses the network, and the counts discarded. Like {@link TaglessPipeline}, it
 * sets {@code pipeline.force-timestamp-support} (false unless told otherwise) and an auto watermark
 * interval of 0, and prints the throughput.
 */
public final class TaglessWordCount {

    static final String USAGE =
            String.join(
                    "\n",
                    "TaglessWordCount: a word count whose every operator is a task of its own.",
                    "",
                    "Usage: TaglessWordCount [--lines <n>] [--force-timestamp-support <true|false>]",
                    "  --lines <n>                        lines to count (default 1000000)",
                    "  --force-timestamp-support <bool>   the FLIP-330 option (default false)",
                    "  --help                             this message");

    private TaglessWordCount() {}

    public static void main(String[] args) throws Exception {
        ExampleArguments arguments =
                ExampleArguments.parse(args, Set.of("lines", "force-timestamp-support"));
        if (arguments.isHelp()) {
            System.out.println(USAGE);
            return;
        }
        long lines = arguments.getPositiveLong("lines", 1_000_000L);
        Configuration configuration = new Configuration();
        configuration.set(
                TaglessPipeline.FORCE_TIMESTAMP_SUPPORT,
                arguments.getBoolean("force-timestamp-support", false));
        configuration.set(PipelineOptions.AUTO_WATERMARK_INTERVAL, Duration.ZERO);
        StreamExecutionEnvironment env =
                StreamExecutionEnvironment.getExecutionEnvironment(configuration);
        env.disableOperatorChaining();

        int textLines = SampleText.LINES.size();
        env.fromSequence(0, lines - 1)
                .map(i -> SampleText.LINES.get((int) (i % textLines)))
                .name("repeat the text")
                .flatMap(new WordCount.Tokenizer())
                .name("tokenize")
                .keyBy(pair -> pair.f0)
                .sum(1)
                .name("count")
                .sinkTo(new DiscardingSink<>())
                .name("discard");

        JobExecutionResult result = env.execute("TaglessWordCount");
        System.out.println(Throughput.describe(lines, result));
    }
}

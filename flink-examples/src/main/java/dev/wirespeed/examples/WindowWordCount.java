/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.util.Set;

/**
 * Counts words in sliding count windows: for each word, the number of occurrences among its last
 * {@code --window} occurrences, emitted every {@code --slide} occurrences. Count windows give the
 * same result on every run, whatever the timing.
 */
public final class WindowWordCount {

    static final String USAGE =
            String.join(
                    "\n",
                    "WindowWordCount: counts words in sliding count windows.",
                    "",
                    "Usage: WindowWordCount [--input <path>] [--output <path>] [--window <n>] [--slide <n>]",
                    "  --input <path>   a text file or directory to read; the built-in text if absent",
                    "  --output <path>  where to write (word,count) lines; printed to stdout if absent",
                    "  --window <n>     occurrences per window (default 4)",
                    "  --slide <n>      occurrences between two windows (default 2)",
                    "  --help           this message");

    private WindowWordCount() {}

    public static void main(String[] args) throws Exception {
        ExampleArguments arguments =
                ExampleArguments.parse(args, Set.of("input", "output", "window", "slide"));
        if (arguments.isHelp()) {
            System.out.println(USAGE);
            return;
        }
        int window = arguments.getPositiveInt("window", 4);
        int slide = arguments.getPositiveInt("slide", 2);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        DataStream<Tuple2<String, Integer>> counts =
                ExampleIO.lines(env, arguments)
                        .flatMap(new WordCount.Tokenizer())
                        .name("tokenize")
                        .keyBy(pair -> pair.f0)
                        .countWindow(window, slide)
                        .sum(1)
                        .name("count in windows");
        ExampleIO.write(counts, arguments);
        env.execute("WindowWordCount");
    }
}

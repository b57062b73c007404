/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.Collector;

import java.util.Locale;
import java.util.Set;

/**
 * Counts the words of a text: a built-in one, or the lines of {@code --input}. Prints the running
 * counts, or writes them to {@code --output}.
 */
public final class WordCount {

    static final String USAGE =
            String.join(
                    "\n",
                    "WordCount: counts the words of a text.",
                    "",
                    "Usage: WordCount [--input <path>] [--output <path>]",
                    "  --input <path>   a text file or directory to read; the built-in text if absent",
                    "  --output <path>  where to write (word,count) lines; printed to stdout if absent",
                    "  --help           this message");

    private WordCount() {}

    public static void main(String[] args) throws Exception {
        ExampleArguments arguments = ExampleArguments.parse(args, Set.of("input", "output"));
        if (arguments.isHelp()) {
            System.out.println(USAGE);
            return;
        }
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        DataStream<Tuple2<String, Integer>> counts =
                ExampleIO.lines(env, arguments)
                        .flatMap(new Tokenizer())
                        .name("tokenize")
                        .keyBy(pair -> pair.f0)
                        .sum(1)
                        .name("count");
        ExampleIO.write(counts, arguments);
        env.execute("WordCount");
    }

    /** Splits a line into lower-case words, each with a count of one. */
    static final class Tokenizer implements FlatMapFunction<String, Tuple2<String, Integer>> {

        private static final long serialVersionUID = 1L;

        @Override
        public void flatMap(String line, Collector<Tuple2<String, Integer>> out) {
            for (String word : line.toLowerCase(Locale.ROOT).split("\\W+")) {
                if (!word.isEmpty()) {
                    out.collect(Tuple2.of(word, 1));
                }
            }
        }
    }
}

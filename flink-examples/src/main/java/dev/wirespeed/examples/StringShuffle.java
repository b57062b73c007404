/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.api.java.tuple.Tuple3;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.util.Set;

/**
 * Wirespeed's demo of string serialization: product events, nine of whose ten fields are strings,
 * shuffled by category across the network and totalled per category. Every event is serialized on
 * the way out and deserialized on the way in, so the job spends much of its time in string
 * serialization. Prints, per category, the number of events and the total length of their
 * descriptions when the input ends, then the throughput.
 */
public final class StringShuffle {

    static final String USAGE =
            usage(
                    "StringShuffle",
                    "string-heavy product events, keyed by category across the network.",
                    "category,events,description chars");

    private StringShuffle() {}

    public static void main(String[] args) throws Exception {
        run(
                args,
                "StringShuffle",
                USAGE,
                ProductEvent::generate,
                event -> event.category,
                event -> event.description.length());
    }

    /**
     * The usage of a shuffle job of this name, which does what the summary says and writes lines of
     * the {@code totals} named.
     */
    static String usage(String job, String summary, String totals) {
        return String.join(
                "\n",
                job + ": " + summary,
                "",
                "Usage: " + job + " [--records <n>] [--output <path>]",
                "  --records <n>    events to generate (default 1000000)",
                "  --output <path>  where to write (" + totals + ") lines;",
                "                   printed to stdout if absent",
                "  --help           this message");
    }

    /**
     * Runs a shuffle job: the events that {@code generate} makes of the numbers from 1, keyed by
     * category across the network, counted and their {@code measure} totalled per category.
     */
    static <E> void run(
            String[] args,
            String job,
            String usage,
            MapFunction<Long, E> generate,
            KeySelector<E, String> category,
            CategoryTotals.Measure<E> measure)
            throws Exception {
        ExampleArguments arguments = ExampleArguments.parse(args, Set.of("records", "output"));
        if (arguments.isHelp()) {
            System.out.println(usage);
            return;
        }
        long records = arguments.getPositiveLong("records", 1_000_000L);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();

        DataStream<Tuple3<String, Long, Long>> totals =
                env.fromSequence(1, records)
                        .map(generate)
                        .name("generate events")
                        .keyBy(category)
                        .process(new CategoryTotals<>(measure))
                        .name("total per category");
        ExampleIO.write(totals, arguments);

        JobExecutionResult result = env.execute(job);
        System.out.println(Throughput.describe(records, result));
    }
}

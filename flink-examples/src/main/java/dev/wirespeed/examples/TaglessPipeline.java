/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;

import java.time.Duration;
import java.util.Set;

/**
 * Wirespeed's demo of FLIP-330: the FLIP's own benchmark job, a chain of identity maps over
 * Booleans with chaining disabled, so that every record crosses the network between each pair of
 * maps. It sets {@code pipeline.force-timestamp-support} (false unless told otherwise) and an auto
 * watermark interval of 0; its graph has no watermark strategy, so Wirespeed may send its records
 * without tag and timestamp. The client's log holds the FLIP-330 decision for the job.
 *
 * <p>The option is set by its key, so the job also runs, unchanged, on upstream Flink, which
 * ignores it.
 */
public final class TaglessPipeline {

    static final ConfigOption<Boolean> FORCE_TIMESTAMP_SUPPORT =
            ConfigOptions.key("pipeline.force-timestamp-support").booleanType().defaultValue(true);

    static final String USAGE =
            String.join(
                    "\n",
                    "TaglessPipeline: Booleans through a chain of maps, each map a task of its own.",
                    "",
                    "Usage: TaglessPipeline [--records <n>] [--maps <n>] [--force-timestamp-support <true|false>]",
                    "  --records <n>                      records to send (default 1000000)",
                    "  --maps <n>                         maps in the chain (default 10)",
                    "  --force-timestamp-support <bool>   the FLIP-330 option (default false)",
                    "  --help                             this message");

    private TaglessPipeline() {}

    public static void main(String[] args) throws Exception {
        ExampleArguments arguments =
                ExampleArguments.parse(args, Set.of("records", "maps", "force-timestamp-support"));
        if (arguments.isHelp()) {
            System.out.println(USAGE);
            return;
        }
        long records = arguments.getPositiveLong("records", 1_000_000L);
        int maps = arguments.getPositiveInt("maps", 10);
        Configuration configuration = new Configuration();
        configuration.set(
                FORCE_TIMESTAMP_SUPPORT, arguments.getBoolean("force-timestamp-support", false));
        configuration.set(PipelineOptions.AUTO_WATERMARK_INTERVAL, Duration.ZERO);
        configuration.set(PipelineOptions.OBJECT_REUSE, true);
        StreamExecutionEnvironment env =
                StreamExecutionEnvironment.getExecutionEnvironment(configuration);
        env.setParallelism(1);

        DataStream<Boolean> stream = env.fromSequence(1, records).map(x -> true).name("to Boolean");
        for (int i = 1; i <= maps; i++) {
            stream = stream.map(x -> x).name("map " + i).disableChaining();
        }
        stream.sinkTo(new DiscardingSink<>()).name("discard");

        JobExecutionResult result = env.execute("TaglessPipeline");
        System.out.println(Throughput.describe(records, result));
    }
}

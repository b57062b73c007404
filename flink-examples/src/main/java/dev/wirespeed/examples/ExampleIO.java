/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/** The input and output options the text examples share: {@code --input} and {@code --output}. */
final class ExampleIO {

    private ExampleIO() {}

    /** The lines of {@code --input}, or the built-in text. */
    static DataStream<String> lines(StreamExecutionEnvironment env, ExampleArguments arguments) {
        return arguments
                .get("input")
                .<DataStream<String>>map(env::readTextFile)
                .orElseGet(() -> env.fromData(SampleText.LINES).name("built-in text"));
    }

    /** Writes a stream's elements as text lines to {@code --output}, or prints them. */
    static void write(DataStream<?> stream, ExampleArguments arguments) {
        if (arguments.get("output").isPresent()) {
            stream.writeAsText(arguments.get("output").get(), FileSystem.WriteMode.OVERWRITE)
                    .setParallelism(1)
                    .name("write");
        } else {
            stream.print().name("print");
        }
    }
}

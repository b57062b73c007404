/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/** The {@code --state-backend} option of the examples that keep keyed state. */
final class StateBackendOption {

    private StateBackendOption() {}

    /**
     * The job's environment, with the state backend that {@code --state-backend} names ({@code
     * rocksdb} by default, or {@code hashmap}).
     */
    static StreamExecutionEnvironment environment(ExampleArguments arguments) {
        Configuration configuration = new Configuration();
        configuration.set(
                StateBackendOptions.STATE_BACKEND,
                arguments.get("state-backend").orElse("rocksdb"));
        return StreamExecutionEnvironment.getExecutionEnvironment(configuration);
    }
}

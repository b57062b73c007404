/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;

import java.util.Set;

/**
 * The query of {@link SqlProductTotals} as a streaming job, the shape of a SQL job on Flink's Table
 * runtime: the {@code datagen} events' categories and prices computed, keyed by category across the
 * network, and the totals updated for every event into the {@code blackhole} connector. Its records
 * are the Table runtime's rows, which Flink's network stack carries as it carries any other. Prints
 * the throughput when the input ends.
 */
public final class SqlProductStream {

    static final String USAGE =
            String.join(
                    "\n",
                    "SqlProductStream: product events totalled per category by a streaming SQL job.",
                    "",
                    "Usage: SqlProductStream [--records <n>]",
                    "  --records <n>  events to generate (default 1000000)",
                    "  --help         this message");

    private SqlProductStream() {}

    public static void main(String[] args) throws Exception {
        ExampleArguments arguments = ExampleArguments.parse(args, Set.of("records"));
        if (arguments.isHelp()) {
            System.out.println(USAGE);
            return;
        }
        long records = arguments.getPositiveLong("records", 1_000_000L);
        TableEnvironment tables = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        SqlProductTotals.createProducts(tables, records);
        tables.executeSql(
                "CREATE TEMPORARY TABLE totals"
                        + " (category STRING, events BIGINT, revenue_cents BIGINT)"
                        + " WITH ('connector' = 'blackhole')");

        JobClient job =
                tables.executeSql("INSERT INTO totals " + SqlProductTotals.TOTALS_QUERY)
                        .getJobClient()
                        .orElseThrow(() -> new IllegalStateException("The insert ran no job"));
        JobExecutionResult result = job.getJobExecutionResult().get();
        System.out.println(Throughput.describe(records, result));
    }
}

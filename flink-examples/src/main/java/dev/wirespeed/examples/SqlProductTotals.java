/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * A Table API and SQL example on the distribution's bundled table jars: product events from the
 * {@code datagen} connector (a sequence of ids, so that every run gives the same result), totalled
 * per category by a SQL query in batch mode. Prints, or writes to {@code --output}, one {@code
 * (category,events,revenue in cents)} line per category.
 */
public final class SqlProductTotals {

    static final String USAGE =
            String.join(
                    "\n",
                    "SqlProductTotals: product events totalled per category with SQL.",
                    "",
                    "Usage: SqlProductTotals [--records <n>] [--output <path>]",
                    "  --records <n>    events to generate (default 100000)",
                    "  --output <path>  where to write (category,events,revenue) lines; printed if absent",
                    "  --help           this message");

    static final String TOTALS_QUERY =
            "SELECT category, COUNT(*) AS events, SUM(price_cents) AS revenue_cents FROM ("
                    + " SELECT CASE MOD(id, 4)"
                    + "   WHEN 0 THEN 'books' WHEN 1 THEN 'music' WHEN 2 THEN 'garden' ELSE 'toys'"
                    + " END AS category, 99 + MOD(id, 997) * 13 AS price_cents FROM products"
                    + ") GROUP BY category";

    private SqlProductTotals() {}

    public static void main(String[] args) throws Exception {
        ExampleArguments arguments = ExampleArguments.parse(args, Set.of("records", "output"));
        if (arguments.isHelp()) {
            System.out.println(USAGE);
            return;
        }
        long records = arguments.getPositiveLong("records", 100_000L);
        TableEnvironment tables = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        createProducts(tables, records);

        List<String> lines = new ArrayList<>();
        try (CloseableIterator<Row> rows = tables.sqlQuery(TOTALS_QUERY).execute().collect()) {
            rows.forEachRemaining(
                    row ->
                            lines.add(
                                    "("
                                            + row.getField(0)
                                            + ","
                                            + row.getField(1)
                                            + ","
                                            + row.getField(2)
                                            + ")"));
        }
        Collections.sort(lines);
        if (arguments.get("output").isPresent()) {
            Files.write(Paths.get(arguments.get("output").get()), lines, StandardCharsets.UTF_8);
        } else {
            PrintStream out = System.out;
            lines.forEach(out::println);
        }
    }

    /**
     * Creates the table {@code products}: the ids 1 to {@code records} from the {@code datagen}
     * connector, in order, the same in every run, as fast as the job takes them (the connector's
     * own default is 10,000 rows a second).
     */
    static void createProducts(TableEnvironment tables, long records) {
        tables.executeSql(
                "CREATE TEMPORARY TABLE products (id BIGINT) WITH ("
                        + " 'connector' = 'datagen',"
                        + " 'rows-per-second' = '"
                        + Long.MAX_VALUE
                        + "',"
                        + " 'number-of-rows' = '"
                        + records
                        + "',"
                        + " 'fields.id.kind' = 'sequence',"
                        + " 'fields.id.start' = '1',"
                        + " 'fields.id.end' = '"
                        + records
                        + "')");
    }
}

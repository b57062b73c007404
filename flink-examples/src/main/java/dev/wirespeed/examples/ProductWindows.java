/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.AggregateFunction;
import org.apache.flink.api.java.tuple.Tuple4;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.assigners.TumblingEventTimeWindows;
import org.apache.flink.streaming.api.windowing.windows.TimeWindow;
import org.apache.flink.util.Collector;

import java.time.Duration;
import java.util.Set;

/**
 * Wirespeed's demo of event-time windows, the shape of most streaming jobs: product events with
 * event times and watermarks, keyed by product across the network into tumbling event-time windows.
 * Each window's accumulator, a POJO of per-product statistics, lives in keyed state (RocksDB, the
 * default here, serializes it on every event), and each window has an event-time timer. Event
 * {@code n} happens at {@code n} ms of event time, so a window of one second holds about {@code
 * 1000 / products} events of each product. Prints {@code (product, window end, events, total
 * cents)} for each product and window, then the throughput.
 */
public final class ProductWindows {

    static final String USAGE =
            String.join(
                    "\n",
                    "ProductWindows: per-product statistics in tumbling event-time windows.",
                    "",
                    "Usage: ProductWindows [--records <n>] [--products <n>] [--window-ms <n>] [--state-backend <name>] [--output <path>]",
                    "  --records <n>            events to generate, one per ms of event time (default 1000000)",
                    "  --products <n>           distinct products, the keys (default 100)",
                    "  --window-ms <n>          the windows' length in ms of event time (default 1000)",
                    "  --state-backend <name>   rocksdb or hashmap (default rocksdb)",
                    "  --output <path>          where to write (product,window end,events,total cents)",
                    "                           lines; printed to stdout if absent",
                    "  --help                   this message");

    /** How often the source emits a watermark, in ms of processing time. */
    private static final long WATERMARK_INTERVAL_MS = 200;

    private ProductWindows() {}

    public static void main(String[] args) throws Exception {
        ExampleArguments arguments =
                ExampleArguments.parse(
                        args,
                        Set.of("records", "products", "window-ms", "state-backend", "output"));
        if (arguments.isHelp()) {
            System.out.println(USAGE);
            return;
        }
        long records = arguments.getPositiveLong("records", 1_000_000L);
        int products = arguments.getPositiveInt("products", 100);
        long windowMillis = arguments.getPositiveLong("window-ms", 1000L);
        StreamExecutionEnvironment env = StateBackendOption.environment(arguments);
        // the job's windows need watermarks, whatever interval the configuration sets
        env.getConfig().setAutoWatermarkInterval(WATERMARK_INTERVAL_MS);

        ExampleIO.write(
                env.fromSequence(1, records)
                        .assignTimestampsAndWatermarks(
                                WatermarkStrategy.<Long>forMonotonousTimestamps()
                                        .withTimestampAssigner((n, previous) -> n))
                        .name("event times")
                        .map(n -> ProductEvent.generate(n % products))
                        .name("generate events")
                        .keyBy(event -> event.productId)
                        .window(TumblingEventTimeWindows.of(Duration.ofMillis(windowMillis)))
                        .aggregate(new StatsAggregate(), new WindowTotals())
                        .name("statistics per product and window"),
                arguments);

        JobExecutionResult result = env.execute("ProductWindows");
        System.out.println(Throughput.describe(records, result));
    }

    /** Adds each event of a product and window to the window's statistics. */
    static final class StatsAggregate
            implements AggregateFunction<ProductEvent, ProductStats, ProductStats> {

        private static final long serialVersionUID = 1L;

        @Override
        public ProductStats createAccumulator() {
            return new ProductStats();
        }

        @Override
        public ProductStats add(ProductEvent event, ProductStats stats) {
            stats.add(event);
            return stats;
        }

        @Override
        public ProductStats getResult(ProductStats stats) {
            return stats;
        }

        @Override
        public ProductStats merge(ProductStats one, ProductStats other) {
            return one.merge(other);
        }
    }

    /** Emits {@code (product, window end, events, total cents)} when a window fires. */
    static final class WindowTotals
            extends ProcessWindowFunction<
                    ProductStats, Tuple4<String, Long, Long, Long>, String, TimeWindow> {

        private static final long serialVersionUID = 1L;

        @Override
        public void process(
                String product,
                Context context,
                Iterable<ProductStats> windowStats,
                Collector<Tuple4<String, Long, Long, Long>> out) {
            ProductStats stats = windowStats.iterator().next();
            out.collect(
                    Tuple4.of(product, context.window().getEnd(), stats.events, stats.totalCents));
        }
    }
}

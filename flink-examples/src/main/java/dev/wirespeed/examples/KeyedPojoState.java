/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.tuple.Tuple3;
import org.apache.flink.api.java.typeutils.GenericTypeInfo;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;

import java.util.Set;

/**
 * Wirespeed's demo of state serialization: product events keyed by product across the network, each
 * updating a POJO of per-product statistics in keyed state. RocksDB, the default state backend
 * here, serializes the POJO on every read and write, so the job spends much of its time in the
 * {@code PojoSerializer}. Prints, per product, the number of events and their total price when the
 * input ends, then the throughput.
 */
public final class KeyedPojoState {

    static final String USAGE =
            String.join(
                    "\n",
                    "KeyedPojoState: per-product statistics, a POJO, in keyed state.",
                    "",
                    "Usage: KeyedPojoState [--records <n>] [--products <n>] [--state-backend <name>] [--kryo <bool>] [--output <path>]",
                    "  --records <n>            events to generate (default 1000000)",
                    "  --products <n>           distinct products, the keys (default 10000)",
                    "  --state-backend <name>   rocksdb or hashmap (default rocksdb)",
                    "  --kryo <bool>            true: Kryo serializes the events and the statistics,",
                    "                           as it does types Flink cannot analyse (default false)",
                    "  --output <path>          where to write (product,events,total cents) lines;",
                    "                           printed to stdout if absent",
                    "  --help                   this message");

    private KeyedPojoState() {}

    public static void main(String[] args) throws Exception {
        ExampleArguments arguments =
                ExampleArguments.parse(
                        args, Set.of("records", "products", "state-backend", "kryo", "output"));
        if (arguments.isHelp()) {
            System.out.println(USAGE);
            return;
        }
        long records = arguments.getPositiveLong("records", 1_000_000L);
        int products = arguments.getPositiveInt("products", 10_000);
        boolean kryo = arguments.getBoolean("kryo", false);
        StreamExecutionEnvironment env = StateBackendOption.environment(arguments);

        ExampleIO.write(
                env.fromSequence(1, records)
                        .map(n -> ProductEvent.generate(n % products))
                        .returns(typeOf(ProductEvent.class, kryo))
                        .name("generate events")
                        .keyBy(event -> event.productId)
                        .process(new StatsPerProduct(typeOf(ProductStats.class, kryo)))
                        .name("statistics per product"),
                arguments);

        JobExecutionResult result = env.execute("KeyedPojoState");
        System.out.println(Throughput.describe(records, result));
    }

    /** The type as Flink analyses it, a POJO, or as a generic type, which Kryo serializes. */
    private static <T> TypeInformation<T> typeOf(Class<T> type, boolean kryo) {
        return kryo ? new GenericTypeInfo<>(type) : TypeInformation.of(type);
    }

    /**
     * Updates the product's statistics for each event and emits {@code (product, events, total
     * cents)} when the input ends (an event-time timer at the end of time).
     */
    static final class StatsPerProduct
            extends KeyedProcessFunction<String, ProductEvent, Tuple3<String, Long, Long>> {

        private static final long serialVersionUID = 1L;

        private final TypeInformation<ProductStats> statsType;

        private transient ValueState<ProductStats> stats;

        StatsPerProduct(TypeInformation<ProductStats> statsType) {
            this.statsType = statsType;
        }

        @Override
        public void open(OpenContext openContext) {
            stats = getRuntimeContext().getState(new ValueStateDescriptor<>("stats", statsType));
        }

        @Override
        public void processElement(
                ProductEvent event, Context context, Collector<Tuple3<String, Long, Long>> out)
                throws Exception {
            ProductStats current = stats.value();
            if (current == null) {
                current = new ProductStats();
                context.timerService().registerEventTimeTimer(Long.MAX_VALUE);
            }
            current.add(event);
            stats.update(current);
        }

        @Override
        public void onTimer(
                long timestamp, OnTimerContext context, Collector<Tuple3<String, Long, Long>> out)
                throws Exception {
            ProductStats current = stats.value();
            out.collect(Tuple3.of(context.getCurrentKey(), current.events, current.totalCents));
        }
    }
}

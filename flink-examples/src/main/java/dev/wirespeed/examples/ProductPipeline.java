/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.util.Collector;

import java.util.Locale;
import java.util.Set;

/**
 * Wirespeed's demo of a chained pipeline: product events generated, filtered, converted to euros
 * and totalled, every step chained into one task, as in many extract-transform-load jobs. Unless a
 * job turns object reuse on, Flink hands each chained step a copy of its input, made by the record
 * type's serializer: here the POJO serializer copies every event three times, and nothing crosses
 * the network. With {@code --object-reuse true} each step gets the event itself, which shows what
 * the copies cost. Prints the events kept and their total price, then the throughput.
 */
public final class ProductPipeline {

    static final String USAGE =
            String.join(
                    "\n",
                    "ProductPipeline: product events filtered, converted and totalled in one chained task.",
                    "",
                    "Usage: ProductPipeline [--records <n>] [--object-reuse <true|false>]",
                    "  --records <n>                 events to generate (default 1000000)",
                    "  --object-reuse <true|false>   true hands each step the event itself, no copy",
                    "                                (default: pipeline.object-reuse, false unless set)",
                    "  --help                        this message");

    /** The category that the pipeline drops. */
    static final String DROPPED_CATEGORY = "grocery";

    /** Euro cents for 10,000 yen: the rate the pipeline converts prices at. */
    static final long EURO_CENTS_PER_10000_YEN = 6_100;

    private static final String EVENTS = "events";
    private static final String EURO_CENTS = "euro cents";

    private ProductPipeline() {}

    public static void main(String[] args) throws Exception {
        ExampleArguments arguments =
                ExampleArguments.parse(args, Set.of("records", "object-reuse"));
        if (arguments.isHelp()) {
            System.out.println(USAGE);
            return;
        }
        long records = arguments.getPositiveLong("records", 1_000_000L);
        Configuration configuration = new Configuration();
        if (arguments.get("object-reuse").isPresent()) {
            configuration.set(
                    PipelineOptions.OBJECT_REUSE, arguments.getBoolean("object-reuse", false));
        }
        StreamExecutionEnvironment env =
                StreamExecutionEnvironment.getExecutionEnvironment(configuration);

        env.fromSequence(1, records)
                .map(ProductEvent::generate)
                .name("generate events")
                .filter(event -> !event.category.equals(DROPPED_CATEGORY))
                .name("drop " + DROPPED_CATEGORY)
                .map(ProductPipeline::inEuros)
                .name("prices in euros")
                .process(new Totals())
                .name("totals")
                .sinkTo(new DiscardingSink<>())
                .name("discard");

        JobExecutionResult result = env.execute("ProductPipeline");
        if (result.isJobExecutionResult()) {
            System.out.println(
                    String.format(
                            Locale.ROOT,
                            "%d events kept, %d euro cents in all",
                            result.<Long>getAccumulatorResult(EVENTS),
                            result.<Long>getAccumulatorResult(EURO_CENTS)));
        }
        System.out.println(Throughput.describe(records, result));
    }

    /**
     * The event with its price in euro cents: events priced in yen are converted, rounding down.
     * Changes the event it is given, which a chained step may do with the copy it is handed.
     */
    static ProductEvent inEuros(ProductEvent event) {
        if (event.currency.equals("JPY")) {
            event.priceCents = event.priceCents * EURO_CENTS_PER_10000_YEN / 10_000;
            event.currency = "EUR";
        }
        return event;
    }

    /** Counts the events and adds up their prices in the job's accumulators; emits nothing. */
    private static final class Totals extends ProcessFunction<ProductEvent, Void> {

        private static final long serialVersionUID = 1L;

        private transient LongCounter events;
        private transient LongCounter euroCents;

        @Override
        public void open(OpenContext openContext) {
            events = getRuntimeContext().getLongCounter(EVENTS);
            euroCents = getRuntimeContext().getLongCounter(EURO_CENTS);
        }

        @Override
        public void processElement(ProductEvent event, Context context, Collector<Void> out) {
            events.add(1L);
            euroCents.add(event.priceCents);
        }
    }
}

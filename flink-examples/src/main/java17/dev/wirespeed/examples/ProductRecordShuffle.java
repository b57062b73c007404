/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

/**
 * Wirespeed's demo of Java records: {@link StringShuffle}'s product events as a Java record,
 * shuffled by category across the network and totalled per category. Flink serializes a public
 * record as a POJO and builds each record it reads through the record's canonical constructor.
 * Prints, per category, the number of events and the total length of their descriptions when the
 * input ends (the same lines as {@link StringShuffle}), then the throughput. Needs Java 17.
 */
public final class ProductRecordShuffle {

    static final String USAGE =
            StringShuffle.usage(
                    "ProductRecordShuffle",
                    "string-heavy product events as Java records, keyed by category across the"
                            + " network.",
                    "category,events,description chars");

    private ProductRecordShuffle() {}

    public static void main(String[] args) throws Exception {
        StringShuffle.run(
                args,
                "ProductRecordShuffle",
                USAGE,
                Product::generate,
                Product::category,
                product -> product.description().length());
    }

    /** A {@link ProductEvent}'s fields as a Java record. */
    public record Product(
            String productId,
            String name,
            String category,
            String brand,
            String color,
            String size,
            String country,
            String currency,
            String description,
            long priceCents) {

        /** The event of sequence number {@code n}, as {@link ProductEvent#generate} makes it. */
        public static Product generate(long n) {
            ProductEvent event = ProductEvent.generate(n);
            return new Product(
                    event.productId,
                    event.name,
                    event.category,
                    event.brand,
                    event.color,
                    event.size,
                    event.country,
                    event.currency,
                    event.description,
                    event.priceCents);
        }
    }
}

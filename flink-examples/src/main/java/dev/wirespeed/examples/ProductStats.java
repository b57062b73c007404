/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

/**
 * What {@link KeyedPojoState} keeps per product in keyed state, and {@link ProductWindows} per
 * product and window: a Flink POJO of strings and numbers, serialized by Flink's {@code
 * PojoSerializer} on every state access in RocksDB.
 */
public class ProductStats {

    public String name;
    public String brand;
    public String color;
    public String lastDescription;
    public long events;
    public long totalCents;
    public long maxCents;

    public ProductStats() {}

    /** Counts one more event of the product. */
    void add(ProductEvent event) {
        name = event.name;
        brand = event.brand;
        color = event.color;
        lastDescription = event.description;
        events++;
        totalCents += event.priceCents;
        maxCents = Math.max(maxCents, event.priceCents);
    }

    /** Counts the other's events too; the strings are the other's where it has seen an event. */
    ProductStats merge(ProductStats other) {
        if (other.events > 0) {
            name = other.name;
            brand = other.brand;
            color = other.color;
            lastDescription = other.lastDescription;
        }
        events += other.events;
        totalCents += other.totalCents;
        maxCents = Math.max(maxCents, other.maxCents);
        return this;
    }
}

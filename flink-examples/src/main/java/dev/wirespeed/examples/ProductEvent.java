/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

/**
 * An event of a product catalogue, nine of whose ten fields are strings, as in the string-heavy
 * jobs that motivate Wirespeed. A Flink POJO: public fields and a public no-argument constructor.
 */
public class ProductEvent {

    static final String[] CATEGORIES = {
        "books",
        "music",
        "garden",
        "toys",
        "kitchen",
        "sports",
        "office",
        "tools",
        "clothing",
        "electronics",
        "grocery",
        "health"
    };
    private static final String[] BRANDS = {
        "Northwind", "Contoso", "Fabrikam", "Tailspin", "Wingtip", "Adventure Works", "Litware"
    };
    private static final String[] COLORS = {
        "red", "green", "blue", "black", "white", "grün", "синий"
    };
    private static final String[] WORDS = {
        "durable",
        "light",
        "compact",
        "classic",
        "handmade",
        "recycled",
        "premium",
        "everyday",
        "wireless",
        "organic",
        "portable",
        "quiet"
    };

    public String productId;
    public String name;
    public String category;
    public String brand;
    public String color;
    public String size;
    public String country;
    public String currency;
    public String description;
    public long priceCents;

    public ProductEvent() {}

    /** The event of sequence number {@code n}: the same for the same {@code n}, on every run. */
    public static ProductEvent generate(long n) {
        int i = (int) (n % 997);
        ProductEvent event = new ProductEvent();
        event.productId = productId(n);
        event.category = CATEGORIES[(int) (n % CATEGORIES.length)];
        event.brand = BRANDS[i % BRANDS.length];
        event.color = COLORS[i % COLORS.length];
        event.name = event.brand + " " + WORDS[i % WORDS.length] + " " + event.category + " item";
        event.size = i % 3 == 0 ? "S" : i % 3 == 1 ? "M" : "L";
        event.country = i % 2 == 0 ? "DE" : "JP";
        event.currency = i % 2 == 0 ? "EUR" : "JPY";
        event.description =
                "A "
                        + WORDS[(i + 3) % WORDS.length]
                        + " and "
                        + WORDS[(i + 7) % WORDS.length]
                        + " "
                        + event.color
                        + " product by "
                        + event.brand
                        + ", made for every day since "
                        + (1950 + i % 70)
                        + ".";
        event.priceCents = 99 + i * 13L;
        return event;
    }

    /**
     * {@code P-} and the number in ten digits, zero-padded: what {@code String.format("P-%010d",
     * n)} gives for numbers from 0 to 9,999,999,999, at a fraction of its cost, which would
     * otherwise be a large share of the benchmark jobs' own work.
     */
    static String productId(long n) {
        if (n < 0 || n > 9_999_999_999L) {
            throw new IllegalArgumentException("No ten-digit product number: " + n);
        }
        String digits = Long.toString(n);
        return "P-" + "0000000000".substring(digits.length()) + digits;
    }
}

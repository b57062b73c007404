/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

/**
 * A product event as the string-heavy jobs move it: a Flink POJO of nine strings (ASCII and a few
 * non-ASCII) and a number.
 */
public class Product {

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

    public Product() {}

    public static Product sample() {
        Product product = new Product();
        product.productId = "P-0000004711";
        product.name = "Contoso compact garden item";
        product.category = "garden";
        product.brand = "Contoso";
        product.color = "grün";
        product.size = "M";
        product.country = "DE";
        product.currency = "EUR";
        product.description =
                "A durable and quiet grün product by Contoso, made for every day since 1987.";
        product.priceCents = 4_599;
        return product;
    }

    /**
     * A copy whose strings are new objects, equal to this product's: a value as a job makes it for
     * each record, none of whose objects the JVM has hashed by identity yet.
     */
    public Product renewed() {
        Product product = new Product();
        product.productId = new String(productId);
        product.name = new String(name);
        product.category = new String(category);
        product.brand = new String(brand);
        product.color = new String(color);
        product.size = new String(size);
        product.country = new String(country);
        product.currency = new String(currency);
        product.description = new String(description);
        product.priceCents = priceCents;
        return product;
    }
}

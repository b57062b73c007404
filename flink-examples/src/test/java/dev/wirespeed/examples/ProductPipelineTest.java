/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ProductPipelineTest {

    @Test
    void yenPricesBecomeEuroCentsRoundedDown() {
        ProductEvent event = priced("JPY", 10_001);

        ProductPipeline.inEuros(event);

        assertThat(event.currency).isEqualTo("EUR");
        assertThat(event.priceCents).isEqualTo(6_100);
    }

    @Test
    void euroPricesStayAsTheyAre() {
        ProductEvent event = priced("EUR", 10_001);

        ProductPipeline.inEuros(event);

        assertThat(event.currency).isEqualTo("EUR");
        assertThat(event.priceCents).isEqualTo(10_001);
    }

    private static ProductEvent priced(String currency, long priceCents) {
        ProductEvent event = new ProductEvent();
        event.currency = currency;
        event.priceCents = priceCents;
        return event;
    }
}

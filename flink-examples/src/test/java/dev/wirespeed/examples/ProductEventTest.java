/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

import org.junit.jupiter.api.Test;

import java.util.Locale;
import java.util.stream.LongStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ProductEventTest {

    @Test
    void productIdsAreTheNumberInTenDigits() {
        LongStream.concat(
                        LongStream.rangeClosed(0, 1200),
                        LongStream.of(99_999, 100_000, 123_456_789, 9_999_999_999L))
                .forEach(
                        n ->
                                assertThat(ProductEvent.productId(n))
                                        .isEqualTo(String.format(Locale.ROOT, "P-%010d", n)));
    }

    @Test
    void productIdsRefuseNumbersOfMoreThanTenDigits() {
        assertThatThrownBy(() -> ProductEvent.productId(10_000_000_000L))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ProductEvent.productId(-1))
                .isInstanceOf(IllegalArgumentException.class);
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.api.java.tuple.Tuple;

/**
 * Makes the tuples that {@code deserialize} and {@code copy} return with their constructor where
 * the tuple class is Flink's own {@code Tuple1} to {@code Tuple25}, whose constructors set nothing,
 * instead of by reflection on every record. Subclasses of them are made as upstream makes them.
 */
public class TupleSerializer<T extends Tuple> {

    @Overlay.Wrap("1.20.5:1f0e50b38ddc")
    @SuppressWarnings("unchecked")
    private T instantiateRaw() {
        if (arity >= 1 && arity <= Tuple.MAX_ARITY && tupleClass == Tuple.getTupleClass(arity)) {
            return (T) Tuple.newInstance(arity);
        }
        return instantiateRaw$upstream();
    }
}

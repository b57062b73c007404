/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import org.apache.flink.annotation.Internal;
import org.apache.flink.annotation.VisibleForTesting;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.ReferenceResolver;
import com.esotericsoftware.kryo.util.MapReferenceResolver;

import java.util.Arrays;

/**
 * Kryo's {@link MapReferenceResolver} for the object graphs of records: the objects written so far
 * in a graph are found by comparing them with each of the first {@value #SCANNED} in turn, and only
 * in a graph of more objects through the identity map. The map hashes every object by identity, and
 * an object new to the JVM, as nearly every record and its strings are, gets its identity hash made
 * and stored in its header on that first call, which costs the JVM more than the comparisons of a
 * small graph. A graph that follows one of more objects goes to the map from its first object, so
 * that a serializer of large values does not compare them first.
 *
 * <p>The references written are Kryo's: an object gets the id of the order in which it was first
 * written, as in the map, so the bytes are the same, for every call that Kryo and Flink make: Kryo
 * adds an object only after {@link #getWrittenId} found none. (A serializer of a job's own that
 * added an object twice would get a second id here, where the map hands out its size again.)
 * Reading is the map resolver's own.
 */
@Internal
public final class SmallGraphReferenceResolver extends MapReferenceResolver {

    /** The objects of a graph found by comparison; the map holds a larger graph's. */
    static final int SCANNED = 32;

    private final Object[] written = new Object[SCANNED];

    /** The number of objects written in the graph so far. */
    private int count;

    /** Whether the graph's objects are in the map rather than in {@link #written}. */
    private boolean inMap;

    /**
     * Gives a {@link Kryo} with upstream's reference resolver this one instead, and leaves any
     * other resolver as it is.
     *
     * @return the same Kryo
     */
    public static Kryo installInto(Kryo kryo) {
        ReferenceResolver resolver = kryo.getReferenceResolver();
        if (resolver != null && resolver.getClass() == MapReferenceResolver.class) {
            SmallGraphReferenceResolver ours = new SmallGraphReferenceResolver();
            ours.setKryo(kryo);
            kryo.setReferenceResolver(ours);
        }
        return kryo;
    }

    @Override
    public int addWrittenObject(Object object) {
        int id = count++;
        if (!inMap) {
            if (id < SCANNED) {
                written[id] = object;
                return id;
            }
            moveToMap();
        }
        writtenObjects.put(object, id);
        return id;
    }

    @Override
    public int getWrittenId(Object object) {
        if (inMap) {
            return writtenObjects.get(object, -1);
        }
        for (int i = 0; i < count; i++) {
            if (written[i] == object) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public void reset() {
        readObjects.clear();
        if (inMap) {
            writtenObjects.clear();
        } else {
            Arrays.fill(written, 0, count, null);
        }
        inMap = count > SCANNED;
        count = 0;
    }

    /** Whether the resolver holds no object written, as after {@link #reset()}. */
    @VisibleForTesting
    boolean holdsNoWrittenObject() {
        return Arrays.stream(written).allMatch(object -> object == null)
                && writtenObjects.size == 0;
    }

    private void moveToMap() {
        for (int i = 0; i < SCANNED; i++) {
            writtenObjects.put(written[i], i);
            written[i] = null;
        }
        inMap = true;
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.api.java.typeutils.runtime;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.util.ListReferenceResolver;
import com.esotericsoftware.kryo.util.MapReferenceResolver;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link SmallGraphReferenceResolver} against Kryo's {@link MapReferenceResolver}: the same ids for
 * the same calls, in graphs below, at and above the objects it compares, and nothing kept from one
 * graph for the next.
 */
class SmallGraphReferenceResolverTest {

    @Test
    void findsTheObjectsWrittenAsKryosResolverDoes() {
        SmallGraphReferenceResolver resolver = new SmallGraphReferenceResolver();
        MapReferenceResolver kryos = new MapReferenceResolver();
        Random random = new Random(20261128);
        for (int graph = 0; graph < 400; graph++) {
            int objects = random.nextInt(3 * SmallGraphReferenceResolver.SCANNED);
            List<Object> written = new ArrayList<>();
            for (int i = 0; i < 2 * objects; i++) {
                // Objects of one graph and the last, equal to each other but not the same.
                Object object =
                        !written.isEmpty() && random.nextInt(3) == 0
                                ? written.get(random.nextInt(written.size()))
                                : new String("object " + random.nextInt(objects + 1));
                int id = resolver.getWrittenId(object);
                assertThat(id).isEqualTo(kryos.getWrittenId(object));
                if (id == -1) {
                    assertThat(resolver.addWrittenObject(object))
                            .isEqualTo(kryos.addWrittenObject(object));
                    written.add(object);
                }
            }
            resolver.reset();
            kryos.reset();
            assertThat(resolver.holdsNoWrittenObject()).isTrue();
            for (Object object : written) {
                assertThat(resolver.getWrittenId(object)).isEqualTo(-1);
            }
        }
    }

    @Test
    void takesThePlaceOfKryosResolverOnly() {
        Kryo kryo = new Kryo();
        assertThat(SmallGraphReferenceResolver.installInto(kryo)).isSameAs(kryo);
        assertThat(kryo.getReferenceResolver()).isInstanceOf(SmallGraphReferenceResolver.class);
        assertThat(kryo.getReferences()).isTrue();

        ListReferenceResolver other = new ListReferenceResolver();
        Kryo withOther = new Kryo(other);
        SmallGraphReferenceResolver.installInto(withOther);
        assertThat(withOther.getReferenceResolver()).isSameAs(other);
    }
}

/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

import java.util.SplittableRandom;

/**
 * A document's embedding, as a model's serving step emits it: the document, its topic, the model's
 * version and a vector of {@value #DIMENSIONS} floats, the size of common sentence embeddings. A
 * Flink POJO: public fields and a public no-argument constructor; its vector is a {@code float[]},
 * which Flink serializes with its primitive array serializer.
 */
public class Embedding {

    /** The length of every vector. */
    static final int DIMENSIONS = 384;

    static final String[] TOPICS = {
        "astronomy",
        "biology",
        "chemistry",
        "economics",
        "geology",
        "history",
        "law",
        "linguistics",
        "medicine",
        "music",
        "philosophy",
        "physics"
    };

    /**
     * The vectors that the events take in turn: made once, so that a job's cost is the vectors' way
     * through Flink rather than their making. Each event holds one of them; none is changed.
     */
    private static final float[][] VECTORS = vectors(61);

    /** The query that {@link #matches} compares each vector with. */
    private static final float[] QUERY = vector(new SplittableRandom(-1L));

    public String documentId;
    public String topic;
    public long modelVersion;
    public float[] vector;

    public Embedding() {}

    /**
     * The embedding of sequence number {@code n}: the same for the same {@code n}, on every run.
     */
    public static Embedding generate(long n) {
        Embedding embedding = new Embedding();
        embedding.documentId = "doc-" + n;
        embedding.topic = TOPICS[(int) (n % TOPICS.length)];
        embedding.modelVersion = 3 + n % 2;
        embedding.vector = VECTORS[(int) (n % VECTORS.length)];
        return embedding;
    }

    /**
     * Whether the vector points the query's way: a positive dot product with it. The same vector
     * gives the same answer on every run, whatever the order of the events.
     */
    public boolean matches() {
        return dot(vector, QUERY) > 0;
    }

    private static float dot(float[] a, float[] b) {
        // Four sums, which the CPU adds up side by side rather than one after another; every
        // vector's length is DIMENSIONS, a multiple of four.
        float s0 = 0;
        float s1 = 0;
        float s2 = 0;
        float s3 = 0;
        for (int i = 0; i + 3 < a.length; i += 4) {
            s0 += a[i] * b[i];
            s1 += a[i + 1] * b[i + 1];
            s2 += a[i + 2] * b[i + 2];
            s3 += a[i + 3] * b[i + 3];
        }
        return (s0 + s1) + (s2 + s3);
    }

    private static float[][] vectors(int count) {
        float[][] vectors = new float[count][];
        for (int i = 0; i < count; i++) {
            vectors[i] = vector(new SplittableRandom(i));
        }
        return vectors;
    }

    private static float[] vector(SplittableRandom random) {
        float[] vector = new float[DIMENSIONS];
        for (int i = 0; i < DIMENSIONS; i++) {
            vector[i] = (float) random.nextDouble(-1, 1);
        }
        return vector;
    }
}

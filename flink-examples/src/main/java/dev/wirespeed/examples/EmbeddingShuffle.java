/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

/**
 * Wirespeed's demo of arrays of numbers: document embeddings, each a vector of 384 floats, shuffled
 * by topic across the network and compared with a query there. Every vector is serialized on the
 * way out and deserialized on the way in, so the job spends much of its time in the serializer of
 * {@code float[]}. Prints, per topic, the number of embeddings and how many of them match the query
 * when the input ends, then the throughput.
 */
public final class EmbeddingShuffle {

    static final String USAGE =
            StringShuffle.usage(
                    "EmbeddingShuffle",
                    "document embeddings of 384 floats, keyed by topic across the network.",
                    "topic,embeddings,matches");

    private EmbeddingShuffle() {}

    public static void main(String[] args) throws Exception {
        StringShuffle.run(
                args,
                "EmbeddingShuffle",
                USAGE,
                Embedding::generate,
                embedding -> embedding.topic,
                embedding -> embedding.matches() ? 1 : 0);
    }
}

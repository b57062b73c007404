/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.rest.messages.job;

import org.apache.flink.runtime.rest.messages.ResponseBody;

import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.annotation.JsonCreator;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.annotation.JsonProperty;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.node.ArrayNode;

/**
 * The serializer report of a job: one entry per network edge and one per state, each an object as
 * Wirespeed's {@code docs/serializers.md} describes it.
 */
public final class JobSerializersInfo implements ResponseBody {

    public static final String FIELD_NAME_EDGES = "edges";
    public static final String FIELD_NAME_STATES = "states";

    @JsonProperty(FIELD_NAME_EDGES)
    private final ArrayNode edges;

    @JsonProperty(FIELD_NAME_STATES)
    private final ArrayNode states;

    @JsonCreator
    public JobSerializersInfo(
            @JsonProperty(FIELD_NAME_EDGES) ArrayNode edges,
            @JsonProperty(FIELD_NAME_STATES) ArrayNode states) {
        this.edges = edges;
        this.states = states;
    }

    public ArrayNode getEdges() {
        return edges;
    }

    public ArrayNode getStates() {
        return states;
    }
}

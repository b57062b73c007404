/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.webmonitor;

import org.apache.flink.api.java.tuple.Tuple2;
import org.apache.flink.runtime.rest.handler.RestHandlerSpecification;
import org.apache.flink.runtime.rest.handler.job.JobSerializersHandler;

import org.apache.flink.shaded.netty4.io.netty.channel.ChannelInboundHandler;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Serves the serializer report of a job, {@code GET /jobs/:jobid/serializers}, beside upstream's.
 */
public class WebMonitorEndpoint<T extends RestfulGateway> {

    @Overlay.Wrap("1.20.5:ec90ce24ea3a")
    @Override
    protected List<Tuple2<RestHandlerSpecification, ChannelInboundHandler>> initializeHandlers(
            final CompletableFuture<String> localAddressFuture) {
        List<Tuple2<RestHandlerSpecification, ChannelInboundHandler>> handlers =
                initializeHandlers$upstream(localAddressFuture);
        JobSerializersHandler serializersHandler =
                new JobSerializersHandler(
                        leaderRetriever,
                        restConfiguration.getTimeout(),
                        responseHeaders,
                        executionGraphCache,
                        executor,
                        metricFetcher);
        handlers.add(Tuple2.of(serializersHandler.getMessageHeaders(), serializersHandler));
        return handlers;
    }
}

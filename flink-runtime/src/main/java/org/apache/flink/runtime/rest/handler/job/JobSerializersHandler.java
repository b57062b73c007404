/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.rest.handler.job;

import org.apache.flink.api.common.time.Time;
import org.apache.flink.runtime.executiongraph.AccessExecutionGraph;
import org.apache.flink.runtime.executiongraph.AccessExecutionJobVertex;
import org.apache.flink.runtime.metrics.MetricNames;
import org.apache.flink.runtime.rest.handler.HandlerRequest;
import org.apache.flink.runtime.rest.handler.legacy.ExecutionGraphCache;
import org.apache.flink.runtime.rest.handler.legacy.metrics.MetricFetcher;
import org.apache.flink.runtime.rest.handler.legacy.metrics.MetricStore;
import org.apache.flink.runtime.rest.messages.EmptyRequestBody;
import org.apache.flink.runtime.rest.messages.JobMessageParameters;
import org.apache.flink.runtime.rest.messages.job.JobSerializersHeaders;
import org.apache.flink.runtime.rest.messages.job.JobSerializersInfo;
import org.apache.flink.runtime.webmonitor.RestfulGateway;
import org.apache.flink.runtime.webmonitor.retriever.GatewayRetriever;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;

/**
 * Serves {@code GET /jobs/:jobid/serializers}: the job's {@link SerializerReport}, from the metrics
 * its tasks report.
 */
public class JobSerializersHandler
        extends AbstractAccessExecutionGraphHandler<JobSerializersInfo, JobMessageParameters> {

    private final MetricFetcher metricFetcher;

    public JobSerializersHandler(
            GatewayRetriever<? extends RestfulGateway> leaderRetriever,
            Time timeout,
            Map<String, String> responseHeaders,
            ExecutionGraphCache executionGraphCache,
            Executor executor,
            MetricFetcher metricFetcher) {
        super(
                leaderRetriever,
                timeout,
                responseHeaders,
                JobSerializersHeaders.getInstance(),
                executionGraphCache,
                executor);
        this.metricFetcher = metricFetcher;
    }

    @Override
    protected JobSerializersInfo handleRequest(
            HandlerRequest<EmptyRequestBody> request, AccessExecutionGraph executionGraph) {
        metricFetcher.update();
        MetricStore metrics = metricFetcher.getMetricStore();
        String jobId = executionGraph.getJobID().toString();
        List<SerializerReport.VertexSerializers> vertices = new ArrayList<>();
        for (AccessExecutionJobVertex vertex : executionGraph.getVerticesTopologically()) {
            String vertexId = vertex.getJobVertexId().toString();
            String document = null;
            long bytesOut = 0;
            long recordsOut = 0;
            for (int subtask = 0; subtask < vertex.getParallelism(); subtask++) {
                MetricStore.ComponentMetricStore subtaskMetrics =
                        metrics.getSubtaskMetricStore(jobId, vertexId, subtask);
                if (subtaskMetrics == null) {
                    continue;
                }
                if (document == null) {
                    document = subtaskMetrics.getMetric(SerializerReport.METRIC_NAME);
                }
                bytesOut += count(subtaskMetrics, MetricNames.IO_NUM_BYTES_OUT);
                recordsOut += count(subtaskMetrics, MetricNames.IO_NUM_RECORDS_OUT);
            }
            vertices.add(
                    new SerializerReport.VertexSerializers(
                            vertexId, vertex.getName(), document, bytesOut, recordsOut));
        }
        return SerializerReport.of(vertices);
    }

    private static long count(MetricStore.ComponentMetricStore metrics, String name) {
        String value = metrics.getMetric(name);
        return value == null ? 0 : Long.parseLong(value);
    }
}

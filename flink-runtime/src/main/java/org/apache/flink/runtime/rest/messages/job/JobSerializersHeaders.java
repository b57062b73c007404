/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.rest.messages.job;

import org.apache.flink.runtime.rest.HttpMethodWrapper;
import org.apache.flink.runtime.rest.messages.EmptyRequestBody;
import org.apache.flink.runtime.rest.messages.JobMessageParameters;
import org.apache.flink.runtime.rest.messages.RuntimeMessageHeaders;

import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpResponseStatus;

/** {@code GET /jobs/:jobid/serializers}: the serializers of a job's network edges and states. */
public final class JobSerializersHeaders
        implements RuntimeMessageHeaders<
                EmptyRequestBody, JobSerializersInfo, JobMessageParameters> {

    public static final String URL = "/jobs/:jobid/serializers";

    private static final JobSerializersHeaders INSTANCE = new JobSerializersHeaders();

    private JobSerializersHeaders() {}

    public static JobSerializersHeaders getInstance() {
        return INSTANCE;
    }

    @Override
    public Class<EmptyRequestBody> getRequestClass() {
        return EmptyRequestBody.class;
    }

    @Override
    public Class<JobSerializersInfo> getResponseClass() {
        return JobSerializersInfo.class;
    }

    @Override
    public HttpResponseStatus getResponseStatusCode() {
        return HttpResponseStatus.OK;
    }

    @Override
    public JobMessageParameters getUnresolvedMessageParameters() {
        return new JobMessageParameters();
    }

    @Override
    public HttpMethodWrapper getHttpMethod() {
        return HttpMethodWrapper.GET;
    }

    @Override
    public String getTargetRestEndpointURL() {
        return URL;
    }

    @Override
    public String getDescription() {
        return "Returns, for each network edge and each state of a running job, the type"
                + " and the kind of its serializer (POJO, TUPLE, ROW, AVRO, KRYO, FLINK, CUSTOM),"
                + " whether its records cross the network tagless, the bytes a record takes on the"
                + " wire, and how to avoid each fallback to Kryo. Entries come from the tasks'"
                + " metrics and appear once the tasks run.";
    }
}

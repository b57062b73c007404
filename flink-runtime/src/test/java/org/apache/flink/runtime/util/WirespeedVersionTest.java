/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.util;

import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.slf4j.Logger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.atLeastOnce;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

/** The build that the fork's flink-runtime reports: Wirespeed on its upstream release. */
class WirespeedVersionTest {

    private static final String VERSION = System.getProperty("wirespeed.expected.version");
    private static final String UPSTREAM = System.getProperty("wirespeed.expected.upstream");

    @Test
    void environmentInformationReportsTheForksVersion() {
        assertThat(VERSION).startsWith(UPSTREAM + "-wirespeed-");
        assertThat(EnvironmentInformation.getVersion()).isEqualTo(VERSION);
        assertThat(WirespeedVersion.getUpstreamVersion()).isEqualTo(UPSTREAM);
    }

    @Test
    void startupLogNamesWirespeedAndUpstreamBeforeUpstreamsLines() {
        Logger log = mock(Logger.class);
        when(log.isInfoEnabled()).thenReturn(true);

        EnvironmentInformation.logEnvironmentInfo(log, "TestComponent", new String[0]);

        ArgumentCaptor<String> lines = ArgumentCaptor.forClass(String.class);
        verify(log, atLeastOnce()).info(lines.capture());
        assertThat(lines.getAllValues().get(0))
                .isEqualTo(
                        " Wirespeed "
                                + VERSION
                                + ", a performance fork of Apache Flink "
                                + UPSTREAM
                                + " (Rev:"
                                + EnvironmentInformation.getGitCommitIdAbbrev()
                                + ")");
        assertThat(lines.getAllValues())
                .anySatisfy(
                        line ->
                                assertThat(line)
                                        .contains("Starting TestComponent (Version: " + VERSION));
    }

    @Test
    void logsNothingWhenInfoIsOff() {
        Logger log = mock(Logger.class);

        EnvironmentInformation.logEnvironmentInfo(log, "TestComponent", new String[0]);

        verify(log, never()).info(anyString());
    }
}

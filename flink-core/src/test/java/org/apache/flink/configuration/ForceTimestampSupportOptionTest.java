/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.configuration;

import org.apache.flink.configuration.description.HtmlFormatter;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The FLIP-330 option that the fork adds to upstream's {@link PipelineOptions}. */
class ForceTimestampSupportOptionTest {

    @Test
    void isADeprecatedBooleanThatDefaultsToTrue() throws Exception {
        ConfigOption<Boolean> option = PipelineOptions.FORCE_TIMESTAMP_SUPPORT;

        assertThat(option.key()).isEqualTo("pipeline.force-timestamp-support");
        assertThat(option.defaultValue()).isTrue();
        assertThat(new Configuration().get(option)).isTrue();
        assertThat(
                        PipelineOptions.class
                                .getField("FORCE_TIMESTAMP_SUPPORT")
                                .isAnnotationPresent(Deprecated.class))
                .isTrue();
        assertThat(new HtmlFormatter().format(option.description()))
                .contains("pipeline.auto-watermark-interval")
                .contains("noWatermarks()");
    }

    @Test
    void isReadFromAJobConfiguration() {
        Configuration configuration =
                Configuration.fromMap(Map.of("pipeline.force-timestamp-support", "false"));

        assertThat(configuration.get(PipelineOptions.FORCE_TIMESTAMP_SUPPORT)).isFalse();
    }

    @Test
    void isReadFromConfigYaml(@TempDir Path conf) throws Exception {
        Files.writeString(
                conf.resolve(GlobalConfiguration.FLINK_CONF_FILENAME),
                "pipeline:\n  force-timestamp-support: false\n");

        Configuration loaded = GlobalConfiguration.loadConfiguration(conf.toString());

        assertThat(loaded.get(PipelineOptions.FORCE_TIMESTAMP_SUPPORT)).isFalse();
    }

    @Test
    void isReadFromALegacyFlinkConfYaml(@TempDir Path conf) throws Exception {
        Files.writeString(
                conf.resolve(GlobalConfiguration.LEGACY_FLINK_CONF_FILENAME),
                "pipeline.force-timestamp-support: false\n");

        Configuration loaded = GlobalConfiguration.loadConfiguration(conf.toString());

        assertThat(loaded.get(PipelineOptions.FORCE_TIMESTAMP_SUPPORT)).isFalse();
    }
}

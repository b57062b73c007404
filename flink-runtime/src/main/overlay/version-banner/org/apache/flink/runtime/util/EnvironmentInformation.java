/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package org.apache.flink.runtime.util;

import org.slf4j.Logger;

/** Every component's startup log names the Wirespeed build and its upstream base first. */
public class EnvironmentInformation {

    @Overlay.Wrap("1.20.5:1a0c27ad2e29")
    public static void logEnvironmentInfo(
            Logger log, String componentName, String[] commandLineArgs) {
        if (log.isInfoEnabled()) {
            log.info(" " + WirespeedVersion.describe());
        }
        logEnvironmentInfo$upstream(log, componentName, commandLineArgs);
    }
}

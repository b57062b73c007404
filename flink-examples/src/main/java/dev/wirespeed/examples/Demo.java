/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.examples;

import org.apache.flink.runtime.util.EnvironmentInformation;

/** The demo of {@code run-demo.sh}: names the Flink build it runs on, then runs WordCount. */
public final class Demo {

    private Demo() {}

    public static void main(String[] args) throws Exception {
        System.out.println(
                "Running WordCount on Flink "
                        + EnvironmentInformation.getVersion()
                        + " (Rev:"
                        + EnvironmentInformation.getGitCommitIdAbbrev()
                        + ") in a local cluster");
        WordCount.main(args);
    }
}

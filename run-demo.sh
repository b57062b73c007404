#!/usr/bin/env bash
# Builds Wirespeed (without running its tests) and runs the demo job, WordCount, in a local Flink
# cluster made of Wirespeed's jars. Arguments go to WordCount (try --help).
set -euo pipefail
cd "$(dirname "$0")"

./mvnw -B -q install -DskipTests -Djapicmp.skip -Dspotless.check.skip -pl flink-examples -am

examples=$(ls flink-examples/target/wirespeed-examples-*.jar | grep -v sources)
exec java \
    --add-opens=java.base/java.util=ALL-UNNAMED \
    --add-opens=java.base/java.lang=ALL-UNNAMED \
    -Dlog4j2.level=WARN \
    -cp "$examples:$(cat flink-examples/target/local-classpath.txt)" \
    dev.wirespeed.examples.Demo "$@"

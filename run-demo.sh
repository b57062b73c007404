#!/usr/bin/env bash
# Builds Wirespeed's distribution (without running tests), starts a local cluster from it with its
# own scripts and configuration, runs the demo job on it, prints what the job did, and stops the
# cluster. Options:
#   --records <n>     events for the demo job (default 500000)
#   --keep-running    leave the cluster running (the script says how to stop it)
set -euo pipefail
cd "$(dirname "$0")"

records=500000
keep_running=false
while [ $# -gt 0 ]; do
    case "$1" in
        --records) records="${2:?--records needs a number}"; shift 2 ;;
        --keep-running) keep_running=true; shift ;;
        -h|--help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "Unknown option: $1 (see --help)" >&2; exit 2 ;;
    esac
done

echo "Building the distribution ..."
./mvnw -B -q package -DskipTests -Djapicmp.skip -Dspotless.check.skip -pl flink-dist -am

home=$(find flink-dist/target -maxdepth 1 -type d -name 'wirespeed-*' | head -n 1)
web_ui="http://localhost:8081"
if (exec 3<>/dev/tcp/127.0.0.1/8081) 2>/dev/null; then
    echo "Port 8081, the web UI's port in $home/conf/config.yaml, is in use:" >&2
    echo "stop what runs there (another Flink cluster?) and try again." >&2
    exit 1
fi

stop_cluster() { "$home/bin/stop-cluster.sh"; }
if [ "$keep_running" = false ]; then
    trap stop_cluster EXIT
fi
"$home/bin/start-cluster.sh"

echo "Waiting for the cluster ..."
for _ in $(seq 1 120); do
    if (exec 3<>/dev/tcp/127.0.0.1/8081) 2>/dev/null; then break; fi
    sleep 0.5
done
echo "Web UI: $web_ui"

output="$(pwd)/flink-dist/target/demo-output.txt"
echo "Running the demo job, StringShuffle ($records product events keyed by category across the network) ..."
"$home/bin/flink" run \
    -Dpipeline.force-timestamp-support=false \
    -Dpipeline.auto-watermark-interval=0 \
    "$home/examples/wirespeed/StringShuffle.jar" --records "$records" --output "$output" \
    | grep -E 'JobID|records/s'
echo
echo "Events and description characters per category (from $output):"
cat "$output"
echo
echo "The client's log says:"
grep -h -o -E '(Wirespeed [^ ]+, a performance fork.*|FLIP-330 decision.*)' "$home"/log/flink-*-client-*.log | sort -u

if [ "$keep_running" = true ]; then
    echo
    echo "The cluster keeps running; stop it with: $home/bin/stop-cluster.sh"
fi

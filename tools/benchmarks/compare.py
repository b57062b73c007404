#!/usr/bin/env python3
"""Runs JMH benchmarks of Wirespeed against upstream Flink in alternating rounds and prints a
Markdown table of median throughputs and their ratio.

Each round runs every benchmark once (one JMH fork each), the fork's and upstream's variants of a
benchmark right after each other; the table quotes, per benchmark, the median score over the
rounds and the ratio of the medians, with the lowest and highest ratio of a single round.

With --aa, each round then runs upstream's variants once more, in JMH forks of their own: the
"A/A" column is the ratio of those medians to the first ones, upstream against itself, which shows
how far this machine moves a ratio when nothing changed.

Usage: compare.py [--rounds N] [--jmh "JMH options"] [--aa] [--out results-dir] REGEX
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
JAR = os.path.join(HERE, "target", "benchmarks.jar")


def run_round(regex, jmh_options, result_file):
    command = ["java", "-Dupstream.flink-core.jar=" + os.path.join(HERE, "target", "upstream-flink-core.jar"),
               "-jar", JAR, regex, "-f", "1", "-rf", "json", "-rff", result_file] + jmh_options.split()
    subprocess.run(command, check=True, stdout=sys.stderr)
    with open(result_file) as f:
        return json.load(f)


def key_of(result):
    params = dict(result.get("params", {}))
    implementation = params.pop("implementation", None)
    name = result["benchmark"].rsplit(".", 1)[-1]
    return (name, tuple(sorted(params.items()))), implementation


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--jmh", default="-wi 3 -w 1s -i 5 -r 1s")
    parser.add_argument("--aa", action="store_true",
                        help="run upstream's variants again in each round and report upstream against itself")
    parser.add_argument("--out", default=os.path.join(HERE, "target", "results"))
    parser.add_argument("regex")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)

    scores = {}
    for round_number in range(args.rounds):
        arms = [("", args.jmh)]
        if args.aa:
            arms.append(("upstream-again", args.jmh + " -p implementation=upstream"))
        for arm, options in arms:
            suffix = "-" + arm if arm else ""
            results = run_round(args.regex, options,
                                os.path.join(args.out, f"round-{round_number}{suffix}.json"))
            for result in results:
                key, implementation = key_of(result)
                scores.setdefault(key, {}).setdefault(arm or implementation, []).append(
                    result["primaryMetric"]["score"])

    aa_header, aa_rule = (" A/A |", "---:|") if args.aa else ("", "")
    print(f"| benchmark | params | Wirespeed (ops/µs) | upstream 1.20.5 (ops/µs) | ratio | rounds |{aa_header}")
    print(f"|---|---|---:|---:|---:|---|{aa_rule}")
    for (name, params), by_implementation in sorted(scores.items()):
        label = ", ".join(f"{k}={v}" for k, v in params)
        if None in by_implementation:
            median = statistics.median(by_implementation[None])
            print(f"| {name} | {label} | {median:.3f} | | | |{' |' if args.aa else ''}")
            continue
        forks = by_implementation.get("wirespeed", [float("nan")])
        upstreams = by_implementation.get("upstream", [float("nan")])
        fork, upstream = statistics.median(forks), statistics.median(upstreams)
        per_round = [f / u for f, u in zip(forks, upstreams)]
        spread = f"{min(per_round):.2f}x-{max(per_round):.2f}x"
        row = f"| {name} | {label} | {fork:.3f} | {upstream:.3f} | {fork / upstream:.2f}x | {spread} |"
        if args.aa:
            again = statistics.median(by_implementation.get("upstream-again", [float("nan")]))
            row += f" {again / upstream:.2f}x |"
        print(row)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Runs JMH benchmarks of Wirespeed against upstream Flink in alternating rounds and prints a
Markdown table of median throughputs and their ratio.

Each round runs every benchmark once (one JMH fork each), its fork's and upstream's variants in an
order drawn anew each round: which of them runs first, and so at which point of a drifting host's
load, is chance, not the script's. The table quotes, per benchmark, the median score over the
rounds and the ratio of the medians, with the lowest and highest ratio of a single round.

With --aa, each round runs upstream's variants a second time, in JMH forks of their own, in the
same drawn order as the other two: the "A/A" column is the ratio of those medians to the first
ones, upstream against itself, which shows how far this machine moves a ratio when nothing
changed. --seed fixes the orders.

JMH options that set the implementation parameter themselves (-p implementation=...) run as given,
in one order, and cannot be combined with --aa.

Usage: compare.py [--rounds N] [--jmh "JMH options"] [--aa] [--seed N] [--out results-dir] REGEX
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
JAR = os.path.join(HERE, "target", "benchmarks.jar")

# The arms of a round: the benchmarks' implementation parameter, and upstream's again for --aa.
WIRESPEED, UPSTREAM, UPSTREAM_AGAIN = "wirespeed", "upstream", "upstream-again"


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


def implementation_of(arm):
    return UPSTREAM if arm == UPSTREAM_AGAIN else arm


def arms_of(results, arms):
    """Each result's benchmark key, arm and score. JMH runs the implementation values in the order
    given, each once for every other parameter's value, so the n-th result of a benchmark key is
    the n-th arm's; benchmarks without the parameter have none. Without arms, a result's arm is
    its implementation."""
    seen = {}
    for result in results:
        key, implementation = key_of(result)
        arm = implementation
        if arms is not None and implementation is not None:
            arm = arms[seen.get(key, 0)]
            seen[key] = seen.get(key, 0) + 1
            if implementation_of(arm) != implementation:
                sys.exit(f"JMH ran {key} with implementation={implementation} where {arm} was due")
        yield key, arm, result["primaryMetric"]["score"]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--jmh", default="-wi 3 -w 1s -i 5 -r 1s")
    parser.add_argument("--aa", action="store_true",
                        help="run upstream's variants again in each round and report upstream against itself")
    parser.add_argument("--seed", type=int, default=None, help="fixes the orders of the arms")
    parser.add_argument("--out", default=os.path.join(HERE, "target", "results"))
    parser.add_argument("regex")
    args = parser.parse_args()
    if args.aa and "implementation=" in args.jmh:
        parser.error("--aa runs upstream's variants a second time by setting the implementation"
                     " parameter itself: leave -p implementation=... out of --jmh")
    os.makedirs(args.out, exist_ok=True)

    rng = random.Random(args.seed)
    scores = {}
    for round_number in range(args.rounds):
        if "implementation=" in args.jmh:
            arms, options = None, args.jmh
        else:
            arms = [WIRESPEED, UPSTREAM] + ([UPSTREAM_AGAIN] if args.aa else [])
            rng.shuffle(arms)
            print(f"round {round_number}: " + ", ".join(arms), file=sys.stderr)
            options = args.jmh + " -p implementation=" + ",".join(implementation_of(arm) for arm in arms)
        results = run_round(args.regex, options, os.path.join(args.out, f"round-{round_number}.json"))
        for key, arm, score in arms_of(results, arms):
            scores.setdefault(key, {}).setdefault(arm, []).append(score)

    aa_header, aa_rule = (" A/A |", "---:|") if args.aa else ("", "")
    print(f"| benchmark | params | Wirespeed (ops/µs) | upstream 1.20.5 (ops/µs) | ratio | rounds |{aa_header}")
    print(f"|---|---|---:|---:|---:|---|{aa_rule}")
    for (name, params), by_implementation in sorted(scores.items()):
        label = ", ".join(f"{k}={v}" for k, v in params)
        if None in by_implementation:
            median = statistics.median(by_implementation[None])
            print(f"| {name} | {label} | {median:.3f} | | | |{' |' if args.aa else ''}")
            continue
        forks = by_implementation.get(WIRESPEED, [float("nan")])
        upstreams = by_implementation.get(UPSTREAM, [float("nan")])
        fork, upstream = statistics.median(forks), statistics.median(upstreams)
        per_round = [f / u for f, u in zip(forks, upstreams)]
        spread = f"{min(per_round):.2f}x-{max(per_round):.2f}x"
        row = f"| {name} | {label} | {fork:.3f} | {upstream:.3f} | {fork / upstream:.2f}x | {spread} |"
        if args.aa:
            again = statistics.median(by_implementation.get(UPSTREAM_AGAIN, [float("nan")]))
            row += f" {again / upstream:.2f}x |"
        print(row)


if __name__ == "__main__":
    main()

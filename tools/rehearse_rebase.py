#!/usr/bin/env python3
"""Rehearses a rebase of Wirespeed onto another upstream Flink release.

Builds the patched modules and the distribution against the release given, with its pins (the
release and the sha256 of its PyPI packages, from PyPI) as the only change, and runs the fork's
own tests there: the overlay merger's, the patched modules' and the distribution's. Nothing in
the repository changes; the build's outputs are the fork's of that release
(<release>-wirespeed-N-SNAPSHOT). Prints a report: whether every overlay applied, which upstream
members drifted under a Wrap or Replace (with the merger's diff of each), and which modules'
tests failed; the Maven log is written to target/rehearsal-<release>.log.

Usage: rehearse_rebase.py [--no-dist] RELEASE      (for example 1.20.4)
"""
import argparse
import json
import os
import re
import subprocess
import sys
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PYPI = "https://pypi.org/pypi/{}/json"

PATCHED = ["tools/wirespeed-maven-plugin", "tools/patched-module-parent",
           "flink-core", "flink-runtime", "flink-streaming-java"]
DISTRIBUTION = ["upstream-dist", "flink-examples", "flink-dist"]


def pypi_file(project, release, wanted):
    """The file name and sha256 of the one file of a PyPI release that `wanted` accepts."""
    with urllib.request.urlopen(PYPI.format(project), timeout=60) as response:
        files = json.load(response)["releases"].get(release, [])
    matches = [f for f in files if wanted(f["filename"])]
    if len(matches) != 1:
        sys.exit(f"PyPI's {project} {release} has {len(matches)} matching files, not one: "
                 + ", ".join(f["filename"] for f in files))
    return matches[0]["filename"], matches[0]["digests"]["sha256"]


def pins(release):
    """The Maven properties that pin an upstream release: the release and its packages."""
    libraries = pypi_file("apache-flink-libraries", release, lambda f: f.endswith(".tar.gz"))
    wheel = pypi_file("apache-flink", release,
                      lambda f: "-cp311-cp311-" in f and "manylinux2014_x86_64" in f)
    return {
        "flink.version": release,
        "upstream.libraries.file": libraries[0],
        "upstream.libraries.sha256": libraries[1],
        "upstream.wheel.file": wheel[0],
        "upstream.wheel.sha256": wheel[1],
    }


def report(log):
    """What applied, what drifted and what failed, from the Maven log; and whether all passed."""
    module = None
    tests = {}
    failed_tests = []
    for line in log.splitlines():
        building = re.match(r"\[INFO\] Building (.+?) \S+-wirespeed-\S+(\s+\[\d+/\d+\])?$", line)
        if building:
            module = building.group(1)
        totals = re.match(r"\[\w+\] Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: \d+$", line)
        if totals and module:
            tests[module] = totals.groups()
        failure = re.match(r"\[ERROR\] (\S+) -- Time elapsed: .* <<< (FAILURE|ERROR)!", line)
        if failure:
            failed_tests.append(f"{module}: {failure.group(1)}")
    lines = log.splitlines()
    drifted = [l.strip() for l in lines if "upstream changed this member since" in l]
    not_applied = [l.strip() for l in lines
                   if re.search(r"src/main/overlay/\S+: .*(no such member upstream|has no source|declares no)", l)]
    merged = [l.split("[INFO] ", 1)[1] for l in lines if "[INFO] Merged the overlays of" in l]
    summary = [l.split("] ", 1)[1] for l in lines if re.search(r" (SUCCESS|FAILURE|SKIPPED)( \[|$)", l)]
    out = ["Overlays merged:"] + ["  " + m for m in merged]
    out += [f"Upstream members changed under a Wrap or Replace: {len(drifted)}"] + ["  " + d for d in drifted]
    out += [f"Overlays that do not apply: {len(not_applied)}"] + ["  " + n for n in not_applied]
    out += ["Tests (run, failures, errors):"]
    out += [f"  {name}: {run}, {failures}, {errors}" for name, (run, failures, errors) in tests.items()]
    out += [f"Failed tests: {len(failed_tests)}"] + ["  " + t for t in failed_tests]
    out += ["Modules:"] + ["  " + s for s in summary]
    passed = not drifted and not not_applied and not failed_tests and all(
        f == "0" and e == "0" for _, f, e in tests.values())
    return "\n".join(out), passed


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("release", help="the upstream Flink release to rehearse against, e.g. 1.20.4")
    parser.add_argument("--no-dist", action="store_true",
                        help="build and test the patched modules only, not the distribution")
    args = parser.parse_args()
    if not re.fullmatch(r"\d+\.\d+\.\d+", args.release):
        sys.exit(f"'{args.release}' is not an upstream release such as 1.20.4")

    properties = pins(args.release)
    modules = PATCHED + ([] if args.no_dist else DISTRIBUTION)
    command = [os.path.join(ROOT, "mvnw"), "-B", "verify", "-pl", ",".join(modules),
               "-Dmaven.test.failure.ignore=true"] + [f"-D{k}={v}" for k, v in properties.items()]
    print("Pins:", " ".join(f"{k}={v}" for k, v in properties.items()), flush=True)
    print("Running:", " ".join(command), flush=True)
    os.makedirs(os.path.join(ROOT, "target"), exist_ok=True)
    log_file = os.path.join(ROOT, "target", f"rehearsal-{args.release}.log")
    with open(log_file, "w") as log:
        result = subprocess.run(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    with open(log_file) as log:
        text, passed = report(log.read())
    print(text)
    passed = passed and result.returncode == 0
    print(f"Rehearsal against {args.release} {'passed' if passed else 'failed'}; log: {log_file}")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())

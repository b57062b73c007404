#!/usr/bin/env python3
"""Names, for each upstream test class, the classes changed by the fork that its JVM loaded.

Reads the class-loading logs of an upstream suite run with each test class in a JVM of its own
and -Xlog:class+load (docs/upstream-tests.md, "What CI runs"), one log a JVM. The fork's changed
classes are those of the patched modules' overlays and their own sources. Prints one line a log:
the test classes it ran, then the changed classes it loaded, or "none"; EnvironmentInformation
and PipelineOptions, which every Flink process loads, are not counted unless --all-classes is
given. A test class whose JVM loaded none runs upstream's bytecode only.

Usage: fork_classes_loaded.py [--all-classes] LOG_DIRECTORY
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PATCHED = ["flink-core", "flink-runtime", "flink-streaming-java"]
LOADED_BY_EVERY_PROCESS = {
    "org.apache.flink.runtime.util.EnvironmentInformation",
    "org.apache.flink.configuration.PipelineOptions",
}
# "[0.566s][info][class,load] org.example.FooTest source: file:/.../flink-runtime-1.20.5-tests.jar"
LOAD = re.compile(r"\[class,load\] (\S+) source: (\S+)")


def changed_classes():
    """The fork's classes: overlay sources (src/main/overlay/<overlay>/) and its own (src/main/java/)."""
    classes = set()
    for module in PATCHED:
        main = os.path.join(ROOT, module, "src", "main")
        for directory, _, files in os.walk(main):
            parts = os.path.relpath(directory, main).split(os.sep)
            if parts[0] == "java":
                package = parts[1:]
            elif parts[0] == "overlay" and len(parts) > 1:
                package = parts[2:]
            else:
                continue
            for name in files:
                if name.endswith(".java"):
                    classes.add(".".join(package + [name[: -len(".java")]]))
    return classes


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", help="directory of the -Xlog:class+load files, one a JVM")
    parser.add_argument("--all-classes", action="store_true",
                        help="count EnvironmentInformation and PipelineOptions too")
    arguments = parser.parse_args()
    changed = changed_classes()
    if not arguments.all_classes:
        changed -= LOADED_BY_EVERY_PROCESS
    for name in sorted(os.listdir(arguments.logs)):
        tests, loaded = [], set()
        with open(os.path.join(arguments.logs, name), errors="replace") as log:
            for line in log:
                match = LOAD.search(line)
                if not match:
                    continue
                loaded_class, source = match.groups()
                # a nested class of a changed class is the changed class's code too
                if loaded_class.split("$")[0] in changed:
                    loaded.add(loaded_class.split("$")[0])
                elif source.endswith("-tests.jar") and loaded_class.endswith(("Test", "ITCase")):
                    tests.append(loaded_class)
        if tests:
            print(", ".join(tests), ":", ", ".join(sorted(loaded)) or "none")
    return 0


if __name__ == "__main__":
    sys.exit(main())

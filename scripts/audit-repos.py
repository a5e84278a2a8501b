#!/usr/bin/env python3
"""Run a playprep binary over real repositories and compare two such runs.

Running: `audit-repos.py BINARY LIST OUT` runs, for each repository of LIST (a TSV: owner/name, commit, folder
under --repos, default /work/repos, or an absolute path), `check DIR --format json`, `check DIR` (stdout and stderr: the
`playprep: listing ...` lines are on stderr), `plan DIR` and `plan DIR --format json`, each with a timeout, and
writes OUT/<folder>/ (the outputs and `run.json`: exit codes and wall times) and OUT/summary.json. It runs
playprep only: nothing of the repositories is built or run. Each command runs with the repository as its
working folder and `.` as the project, so reported paths are relative to the repository and two runs compare.

Comparing: `audit-repos.py --compare A B` prints, per repository, the findings added and removed (severity, rule,
file), exit-code changes, the `playprep: listing` lines and `plan` text that changed, then the totals of each run
(errors, warnings and notes by rule).
"""

import argparse
import collections
import concurrent.futures
import difflib
import json
import os
import subprocess
import sys
import time

COMMANDS = {
    "check-json": (["check", ".", "--format", "json"], "check.json"),
    "check-text": (["check", "."], "check.txt"),
    "plan-text": (["plan", "."], "plan.txt"),
    "plan-json": (["plan", ".", "--format", "json"], "plan.json"),
}
SEVERITIES = ("error", "warning", "note")


def read_list(path):
    """The TSV's rows as (repository, commit, folder); blank lines and `#` comments are skipped."""
    rows = []
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) != 3:
                sys.exit(f"{path}:{number}: expected owner/name<TAB>commit<TAB>folder, got {line!r}")
            rows.append(tuple(fields))
    return rows


def output_name(folder):
    """The folder of a repository's outputs: the last part of its folder (absolute folders are allowed)."""
    return os.path.basename(os.path.normpath(folder))


def run_one(binary, name, directory, output, timeout):
    """Runs one command in `directory`, writing its stdout (and stderr beside it); returns exit code and time."""
    arguments, filename = COMMANDS[name]
    started = time.monotonic()
    with open(os.path.join(output, filename), "wb") as out, open(
        os.path.join(output, filename + ".stderr"), "wb"
    ) as err:
        try:
            completed = subprocess.run(
                [binary, *arguments], cwd=directory, stdout=out, stderr=err, timeout=timeout, check=False
            )
            code = completed.returncode
        except subprocess.TimeoutExpired:
            code = "timeout"
    return {"exit": code, "seconds": round(time.monotonic() - started, 2)}


def audit(binary, row, repos, out, timeout):
    """Every command on one repository; the record written to its `run.json`."""
    repository, commit, folder = row
    directory = os.path.join(repos, folder)
    output = os.path.join(out, output_name(folder))
    os.makedirs(output, exist_ok=True)
    record = {"repository": repository, "commit": commit, "folder": output_name(folder), "commands": {}}
    if not os.path.isdir(directory):
        record["missing"] = f"{directory}: no such folder"
    else:
        for name in COMMANDS:
            record["commands"][name] = run_one(binary, name, directory, output, timeout)
    with open(os.path.join(output, "run.json"), "w", encoding="utf-8") as handle:
        json.dump(record, handle, indent=1)
    return record


def findings(run, folder):
    """(severity, rule, file) of every finding of `check --format json`, as a multiset; None if unreadable."""
    try:
        with open(os.path.join(run, folder, "check.json"), encoding="utf-8") as handle:
            report = json.load(handle)
    except (OSError, ValueError):
        return None
    found = collections.Counter()
    for entry in report.get("files", []):
        for diagnostic in entry.get("diagnostics", []):
            found[(diagnostic["severity"], diagnostic["rule"], entry["file"])] += 1
    return found


def text(run, folder, filename):
    try:
        with open(os.path.join(run, folder, filename), encoding="utf-8", errors="replace") as handle:
            return handle.read().splitlines()
    except OSError:
        return []


def listing_lines(run, folder):
    return [line for line in text(run, folder, "check.txt.stderr") if line.startswith("playprep: listing")]


def load_runs(run):
    """folder → run.json record of one audit output folder."""
    with open(os.path.join(run, "summary.json"), encoding="utf-8") as handle:
        return {record["folder"]: record for record in json.load(handle)["repositories"]}


def totals(run, folders):
    """Findings of the run by severity and rule."""
    counted = {severity: collections.Counter() for severity in SEVERITIES}
    for folder in folders:
        for (severity, rule, _), count in (findings(run, folder) or {}).items():
            counted[severity][rule] += count
    return counted


def describe_totals(counted):
    parts = []
    for severity in SEVERITIES:
        rules = counted[severity]
        listed = ", ".join(f"{rule} {count}" for rule, count in sorted(rules.items(), key=lambda r: (-r[1], r[0])))
        parts.append(f"{sum(rules.values())} {severity}s" + (f" ({listed})" if listed else ""))
    return "; ".join(parts)


def exits(record):
    return {name: command["exit"] for name, command in record.get("commands", {}).items()}


def compare(before, after):
    """Prints what changed from run `before` to run `after`; returns how many repositories changed."""
    old, new = load_runs(before), load_runs(after)
    changed = 0
    for folder in sorted(set(old) | set(new), key=str.lower):
        if folder not in old or folder not in new:
            print(f"== {folder}: only in {'B' if folder in new else 'A'}")
            changed += 1
            continue
        lines = []
        a, b = findings(before, folder), findings(after, folder)
        if a is None or b is None:
            lines.append(f"  check --format json unreadable in {'A' if a is None else 'B'}")
        else:
            for sign, difference in (("+", b - a), ("-", a - b)):
                for (severity, rule, file), count in sorted(difference.items()):
                    lines.append(f"  {sign} {severity} {rule} {file}" + (f" ×{count}" if count > 1 else ""))
        for name, code in exits(old[folder]).items():
            if exits(new[folder]).get(name) != code:
                lines.append(f"  exit of {name}: {code} → {exits(new[folder]).get(name)}")
        for label, left, right in (
            ("listing lines", listing_lines(before, folder), listing_lines(after, folder)),
            ("plan", text(before, folder, "plan.txt"), text(after, folder, "plan.txt")),
        ):
            diff = list(difflib.unified_diff(left, right, "A", "B", n=0, lineterm=""))[2:]
            if diff:
                lines.append(f"  {label}:")
                lines.extend("    " + line for line in diff)
        if lines:
            changed += 1
            print(f"== {old[folder]['repository']} ({folder})")
            print("\n".join(lines))
    print(f"\n{changed} of {len(set(old) | set(new))} repositories changed")
    print(f"A: {describe_totals(totals(before, old))}")
    print(f"B: {describe_totals(totals(after, new))}")
    return changed


def merged_summary(out, binary, records):
    """The run's summary: these records over those of an earlier run into the same folder (`--only` reruns some)."""
    earlier = {}
    try:
        with open(os.path.join(out, "summary.json"), encoding="utf-8") as handle:
            previous = json.load(handle)
        if previous.get("binary") == binary:
            earlier = {record["folder"]: record for record in previous["repositories"]}
    except (OSError, ValueError):
        pass
    earlier.update({record["folder"]: record for record in records})
    repositories = list(earlier.values())
    counted = totals(out, [record["folder"] for record in repositories])
    return {
        "binary": binary,
        "repositories": repositories,
        "totals": {severity: dict(rules) for severity, rules in counted.items()},
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary", nargs="?", help="the playprep binary to run")
    parser.add_argument("list", nargs="?", help="TSV: owner/name, commit, folder under --repos")
    parser.add_argument("out", nargs="?", help="output folder (one folder per repository, and summary.json)")
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"), help="compare two output folders")
    parser.add_argument("--repos", default="/work/repos", help="where the folders of LIST are (default: %(default)s)")
    parser.add_argument("--timeout", type=float, default=120, help="seconds per command (default: %(default)s)")
    parser.add_argument("--jobs", type=int, default=2, help="repositories run at once (default: %(default)s)")
    parser.add_argument("--only", action="append", default=[], help="only this owner/name (repeatable)")
    options = parser.parse_args()
    if options.compare:
        compare(*options.compare)
        return
    if not (options.binary and options.list and options.out):
        parser.error("give BINARY LIST OUT, or --compare A B")
    binary = os.path.abspath(options.binary)
    rows = [row for row in read_list(options.list) if not options.only or row[0] in options.only]
    os.makedirs(options.out, exist_ok=True)
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
        records = list(pool.map(lambda row: audit(binary, row, options.repos, options.out, options.timeout), rows))
    summary = merged_summary(options.out, binary, records)
    summary["seconds"] = round(time.monotonic() - started, 1)
    with open(os.path.join(options.out, "summary.json"), "w", encoding="utf-8") as handle:
        json.dump(summary, handle, indent=1)
    for record in records:
        commands = record.get("commands", {})
        state = record.get("missing") or ", ".join(
            f"{name} exit {command['exit']} {command['seconds']}s" for name, command in commands.items()
        )
        print(f"{record['repository']}: {state}")
    print(f"{len(records)} repositories in {summary['seconds']} s")
    print(describe_totals(totals(options.out, [output_name(r[2]) for r in rows])))
    if options.only:
        print(f"the whole output folder: {describe_totals(totals(options.out, [r['folder'] for r in summary['repositories']]))}")


if __name__ == "__main__":
    main()

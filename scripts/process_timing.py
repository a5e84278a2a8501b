"""Whole-process timing for the benchmarks: wall time and peak RSS of the measured process alone.

Timed runs are started with posix_spawn and reaped with wait4, so neither a timing wrapper (/usr/bin/time costs
about 1 ms a run) nor Python's subprocess machinery is counted. The peak RSS comes from one more run under GNU
time: a child's ru_maxrss also counts the Python parent it was spawned from, before exec replaced it.
"""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def measure(command, runs, cwd=None, accepted=(0, 1), label='bench'):
    """Median wall seconds over `runs` executions of `command`, and its peak RSS (KiB) in one more.

    Standard output is discarded; standard error is kept to explain a failure. Exits when the status is not in
    `accepted`."""
    return measure_interleaved({'': (command, cwd)}, runs, accepted, label)['']


def measure_interleaved(commands, rounds, accepted=(0, 1), label='bench'):
    """`wall_times` and each command's peak RSS: the name mapped to (median seconds, peak RSS KiB)."""
    medians = wall_times(commands, rounds, accepted, label)
    return {name: (medians[name], peak_rss(command, cwd)) for name, (command, cwd) in commands.items()}


def wall_times(commands, rounds, accepted=(0, 1), label='bench'):
    """Median wall seconds of each command, run round-robin (one run of each per round), so a slower or faster
    spell of the machine falls on every command alike and their ratios stay fair.

    `commands` maps a name to `(argv, cwd)`; returns the name mapped to its median."""
    runs = samples(commands, rounds, accepted, label)
    return {name: statistics.median(wall for wall, _ in times) for name, times in runs.items()}


def samples(commands, rounds, accepted=(0, 1), label='bench'):
    """Every run's `(wall seconds, cpu seconds)` of each command, round-robin as `wall_times` runs them, so
    round i of one command can be paired with round i of another. CPU time is user plus system time of the
    measured process and its threads, from `wait4`."""
    times = {name: [] for name in commands}
    for _ in range(rounds):
        for name, (command, cwd) in commands.items():
            times[name].append(_timed_run(command, cwd, accepted, label))
    return times


def peak_rss_median(command, cwd=None, runs=3):
    """Median peak RSS (KiB) of `runs` runs of `command` (see `peak_rss`)."""
    return statistics.median(peak_rss(command, cwd) for _ in range(runs))


def _timed_run(command, cwd, accepted, label):
    """Wall and CPU seconds of one run of `command`."""
    executable = command[0] if os.sep in command[0] else shutil.which(command[0])
    if not executable:
        sys.exit('%s: %s not found on PATH' % (label, command[0]))
    with tempfile.TemporaryFile() as errors:
        actions = [(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
                   (os.POSIX_SPAWN_DUP2, errors.fileno(), 2)]
        previous = os.getcwd()
        if cwd:
            os.chdir(cwd)
        try:
            start = time.perf_counter()
            pid = os.posix_spawn(executable, command, os.environ, file_actions=actions)
            _, status, usage = os.wait4(pid, 0)
            elapsed = time.perf_counter() - start
        finally:
            os.chdir(previous)
        code = os.waitstatus_to_exitcode(status)
        if code not in accepted:
            errors.seek(0)
            sys.exit('%s: %s failed (%d): %s' % (label, command[0], code, errors.read()[-500:].decode(errors='replace')))
    return elapsed, usage.ru_utime + usage.ru_stime


def peak_rss(command, cwd=None):
    """Peak RSS (KiB) of one run of `command`, measured by GNU time."""
    result = subprocess.run(['/usr/bin/time', '-f', '%M'] + command, cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    return int(result.stderr.strip().splitlines()[-1])


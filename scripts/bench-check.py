#!/usr/bin/env python3
"""Benchmark `playprep ninepatch check` against base commits, aapt2 and the libpng floor, all in one run.

Usage:  scripts/bench-check.py [--base COMMIT]... [--rounds N] [--corpus DIR] [--project DIR] [--big-side PX]
                               [--head-binary BIN] [--base-binary BIN]...

Builds the shipping (static) binary of this checkout (HEAD) and of each --base (default: 14657ce, the last
commit before issues 20-27, and 4507f55, the commit issue 34 measured) in `.build-bench/<sha>` (a git worktree,
kept for the next run), then measures, the commands of each group taking turns round by round so a slow spell of
the machine falls on all of them:
  * HEAD and each base on the corpus x10 (`ninepatch check DIR --format json`): median wall and CPU time, and the
    median of the paired HEAD/base ratios (round i against round i), peak RSS (median of 3 GNU time runs);
  * the floor: shared/oracle/decode_floor.c, libpng decoding the same files to RGBA on one core and nothing else;
  * `aapt2 compile` (its best case: one process, `--dir res -o out.zip`) on the corpus, next to HEAD on the
    corpus, in the same rounds as the x10 runs; against the x10 run it is scaled by 10. The share of CPU time the
    hypervisor stole meanwhile is printed: on a busy host two threads lose more than one;
  * HEAD with 1 and 2 jobs on the corpus x10, next to the machine's own 2-core scaling (the floor's files
    split between two processes run at once);
  * `check` on the largest corpus project (most files), HEAD against each base;
  * peak memory of checking one generated BIGxBIG .9.png (default 8000x8000).
Then it prints issue 34's acceptance: HEAD <= 0.75x the one-core floor on the corpus x10, >= 45x aapt2,
peak <= 32 MiB, and `check` on the largest project no slower than the first base. Exits 2 when a peer is
missing (aapt2, a C compiler, libpng headers), 1 when an acceptance line fails.
"""
import argparse
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import zlib

from ninepatch_files import collect
import process_timing
from playprep_build import ROOT, SHIPPING_FLAGS, shipping_binary

SHARED = os.path.join(os.path.dirname(ROOT), 'shared')
BENCH_BUILDS = os.path.join(ROOT, '.build-bench')


def base_binary(commit):
    """The shipping binary of `commit`, built (incrementally) in a worktree under .build-bench with this
    checkout's shipping flags, so base and HEAD are the same kind of build."""
    sha = subprocess.run(['git', 'rev-parse', '--verify', commit + '^{commit}'], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.strip()
    folder = os.path.join(BENCH_BUILDS, sha)
    if not os.path.isdir(folder):
        os.makedirs(BENCH_BUILDS, exist_ok=True)
        subprocess.run(['git', 'worktree', 'add', '--detach', folder, sha], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
    scratch = os.path.join(folder, '.build-static')
    print('bench-check: building %s (shipping flags) in %s' % (sha[:12], folder), flush=True)
    subprocess.run(['swift', 'build'] + SHIPPING_FLAGS + ['--scratch-path', scratch, '--product', 'playprep'],
                   cwd=folder, check=True, stdout=subprocess.DEVNULL)
    return os.path.join(scratch, 'release', 'playprep')


def largest_project(projects):
    """The corpus project with the most files."""
    def count(folder):
        return sum(len(files) for _, _, files in os.walk(folder))
    folders = [os.path.join(projects, name) for name in sorted(os.listdir(projects))
               if os.path.isdir(os.path.join(projects, name))]
    return max(folders, key=count)


def big_ninepatch(path, side):
    """A side x side RGBA NinePatch: transparent frame with stretch ticks, a rounded opaque card inside."""
    w = h = side
    ticks = range(w // 3, 2 * w // 3)

    def row(y):
        if y == 0:
            px = bytearray(4 * w)
            for x in ticks:
                px[4 * x + 3] = 255
            return px
        if y == h - 1:
            return bytearray(4 * w)
        px = bytearray(b'\x30\x60\xc0\xff' * w)
        px[0:4] = b'\x00\x00\x00\xff' if y in ticks else b'\x00\x00\x00\x00'
        px[-4:] = b'\x00\x00\x00\x00'
        return px

    raw = zlib.compressobj(6)
    chunks = []
    for y in range(h):
        chunks.append(raw.compress(b'\x00' + bytes(row(y))))
    chunks.append(raw.flush())
    data = b''.join(chunks)

    def chunk(kind, payload):
        return struct.pack('>I', len(payload)) + kind + payload + struct.pack('>I', zlib.crc32(kind + payload))

    with open(path, 'wb') as handle:
        handle.write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0))
                     + chunk(b'IDAT', data) + chunk(b'IEND', b''))


def median_wall(runs):
    return statistics.median(wall for wall, _ in runs)


def median_cpu(runs):
    return statistics.median(cpu for _, cpu in runs)


def paired_ratio(runs, base_runs, index):
    """Median over rounds of run i / base run i (index 0: wall, 1: cpu)."""
    return statistics.median(run[index] / base[index] for run, base in zip(runs, base_runs))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--base', action='append', help='a commit to compare with, repeatable (default: 14657ce '
                        'and 4507f55); the acceptance is judged against the first')
    parser.add_argument('--rounds', type=int, default=15)
    parser.add_argument('--corpus', default=os.path.join(SHARED, 'corpus', 'ninepatch'))
    parser.add_argument('--project', help='the project `check` is timed on (default: the corpus project with the '
                        'most files)')
    parser.add_argument('--big-side', type=int, default=8000)
    parser.add_argument('--head-binary', help='skip building HEAD: measure this binary instead')
    parser.add_argument('--base-binary', action='append', default=[],
                        help='skip building the --base of the same position: measure this binary instead')
    args = parser.parse_args()

    aapt2 = shutil.which('aapt2')
    compiler = shutil.which('cc') or shutil.which('gcc')
    if not aapt2 or not compiler:
        print('bench-check: SKIPPED: needs aapt2 (apt-get install aapt) and a C compiler with libpng headers')
        return 2
    commits = args.base or ['14657ce', '4507f55']
    if len(args.base_binary) > len(commits):
        parser.error('more --base-binary than --base')
    head = args.head_binary or shipping_binary()
    bases = {commit: (args.base_binary[index] if index < len(args.base_binary) else base_binary(commit))
             for index, commit in enumerate(commits)}
    project = args.project or largest_project(os.path.join(SHARED, 'corpus', 'projects'))
    print('HEAD: %s\n%sproject: %s' % (
        head, ''.join('base %s: %s\n' % (commit, binary) for commit, binary in bases.items()), project))

    files = collect([args.corpus])
    with tempfile.TemporaryDirectory() as scratch:
        floor = os.path.join(scratch, 'decode_floor')
        flags = subprocess.run(['pkg-config', '--cflags', '--libs', 'libpng'], capture_output=True, text=True)
        subprocess.run([compiler, '-O2', '-o', floor, os.path.join(SHARED, 'oracle', 'decode_floor.c')]
                       + flags.stdout.split(), check=True)
        # The x10 corpus: ten copies of the tree; aapt2 gets the corpus's files under res/drawable.
        tenfold = os.path.join(scratch, 'corpus10')
        for copy in range(10):
            shutil.copytree(args.corpus, os.path.join(tenfold, 'copy%d' % copy))
        res = os.path.join(scratch, 'aapt2', 'res', 'drawable')
        os.makedirs(res)
        for index, path in enumerate(files):
            shutil.copy(path, os.path.join(res, 'f%d.9.png' % index))
        tenfold_files = collect([tenfold])
        halves = []
        for half in (0, 1):
            halves.append(os.path.join(scratch, 'half%d.txt' % half))
            with open(halves[-1], 'w') as listing:
                listing.write('\n'.join(tenfold_files[half::2]) + '\n')
        floor_pair = ['/bin/sh', '-c', 'set -f; IFS="\n"; "$0" $(cat "$1") & "$0" $(cat "$2") & wait', floor] + halves

        print('bench-check: %d files (%d in the x10 copy), %d rounds, the commands of a group in turn each round'
              % (len(files), len(tenfold_files), args.rounds), flush=True)
        check10 = ['ninepatch', 'check', tenfold, '--format', 'json']
        tenfold_commands = {'HEAD x10': ([head] + check10, None)}
        tenfold_commands.update({'%s x10' % commit: ([binary] + check10, None) for commit, binary in bases.items()})
        tenfold_commands['floor x10'] = ([floor] + tenfold_files, None)
        # aapt2 takes its turn in the same rounds as HEAD and the floor, so both acceptance ratios compare runs
        # made under the same load of the (shared) machine.
        peer_commands = {
            'HEAD x1': ([head, 'ninepatch', 'check', args.corpus, '--format', 'json'], None),
            'aapt2 x1': ([aapt2, 'compile', '--dir', 'res', '-o', 'out.zip'], os.path.join(scratch, 'aapt2')),
        }
        steal_before = cpu_times()
        runs = process_timing.samples(dict(tenfold_commands, **peer_commands), args.rounds, label='bench-check')
        steal = stolen_share(steal_before, cpu_times())
        runs.update(process_timing.samples({
            'HEAD x10 -j1': ([head, 'ninepatch', 'check', '-j', '1', tenfold], None),
            'HEAD x10 -j2': ([head, 'ninepatch', 'check', '-j', '2', tenfold], None),
            'floor x10, 2 procs': (floor_pair, None),
        }, args.rounds, label='bench-check'))
        project_commands = {'HEAD check project': ([head, 'check', project], None)}
        project_commands.update({'%s check project' % commit: ([binary, 'check', project], None)
                                 for commit, binary in bases.items()})
        runs.update(process_timing.samples(project_commands, args.rounds, label='bench-check'))
        peaks = {name: process_timing.peak_rss_median(command)
                 for name, (command, _) in list(tenfold_commands.items()) + list(project_commands.items())
                 if not name.startswith('floor')}
        for name, times in runs.items():
            peak = ('  peak %6.1f MiB' % (peaks[name] / 1024)) if name in peaks else ''
            print('  %-24s wall %8.1f ms  cpu %8.1f ms%s' % (name, median_wall(times) * 1000,
                                                           median_cpu(times) * 1000, peak))

        wall = {name: median_wall(times) for name, times in runs.items()}
        head_floor = wall['HEAD x10'] / wall['floor x10']
        versus_aapt2 = wall['aapt2 x1'] * 10 / wall['HEAD x10']
        project_ratio = paired_ratio(runs['HEAD check project'], runs['%s check project' % commits[0]], 0)
        for commit in commits:
            tenfold, checked = '%s x10' % commit, '%s check project' % commit
            print('HEAD / %s, paired (median of round-by-round ratios):' % commit)
            print('  corpus x10: wall %.3f   cpu %.3f   peak RSS %.3f' % (
                paired_ratio(runs['HEAD x10'], runs[tenfold], 0), paired_ratio(runs['HEAD x10'], runs[tenfold], 1),
                peaks['HEAD x10'] / peaks[tenfold]))
            print('  `check %s`: wall %.3f   cpu %.3f   peak RSS %.3f' % (
                os.path.basename(project), paired_ratio(runs['HEAD check project'], runs[checked], 0),
                paired_ratio(runs['HEAD check project'], runs[checked], 1),
                peaks['HEAD check project'] / peaks[checked]))
        print('the hypervisor took %.1f%% of the CPU time while HEAD, the floor and aapt2 ran (/proc/stat steal;'
              ' a busy host slows two threads more than one)' % (steal * 100))
        print('against the peers:')
        print('  HEAD / one-core libpng floor (x10)       %6.2fx   (%s; both cores at best: 0.50x)' % (
            head_floor, ', '.join('%s %.2fx' % (commit, wall['%s x10' % commit] / wall['floor x10'])
                                  for commit in commits)))
        print('  aapt2 compile x10 / HEAD (x10)           %6.1fx faster (aapt2 on the corpus scaled by 10)' % versus_aapt2)
        print('  aapt2 compile / HEAD (corpus)            %6.1fx faster' % (wall['aapt2 x1'] / wall['HEAD x1']))
        print('  1 core / 2 cores (x10)                   %6.2fx   (the machine itself: the floor split over 2 '
              'processes is %.2fx faster than 1)' % (wall['HEAD x10 -j1'] / wall['HEAD x10 -j2'],
                                                    wall['floor x10'] / wall['floor x10, 2 procs']))

        big = os.path.join(scratch, 'big.9.png')
        big_ninepatch(big, args.big_side)
        seconds, peak = process_timing.measure([head, 'ninepatch', 'check', big], 1)
        print('  %dx%d .9.png: HEAD %.0f ms, peak %.1f MiB' % (args.big_side, args.big_side, seconds * 1000,
                                                              peak / 1024))

    checks = [
        ('HEAD <= 0.75x the one-core floor on the corpus x10', head_floor <= 0.75),
        ('HEAD >= 45x aapt2', versus_aapt2 >= 45),
        ('HEAD peak memory <= 32 MiB on the corpus x10', peaks['HEAD x10'] <= 32 * 1024),
        ('`check` on the largest project no slower than %s' % commits[0], project_ratio <= 1.0),
    ]
    print('acceptance (issue 34):')
    for text, passed in checks:
        print('  %s  %s' % ('PASS' if passed else 'FAIL', text))
    return 0 if all(passed for _, passed in checks) else 1


def cpu_times():
    """The machine's CPU time counters (/proc/stat's `cpu` line, in clock ticks), or None where there are none."""
    try:
        with open('/proc/stat') as stat:
            return [int(field) for field in stat.readline().split()[1:]]
    except (OSError, ValueError):
        return None


def stolen_share(before, after):
    """The share of CPU time between two `cpu_times()` that the hypervisor gave to other guests (steal)."""
    if not before or not after or len(before) < 8:
        return 0.0
    deltas = [later - earlier for earlier, later in zip(before, after)]
    total = sum(deltas[:8])  # user nice system idle iowait irq softirq steal (guest time is inside user)
    return deltas[7] / total if total else 0.0


if __name__ == '__main__':
    sys.exit(main())

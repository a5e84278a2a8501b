#!/usr/bin/env python3
"""Benchmark `playprep ninepatch check` against its peers, all measured in this one run.

Usage:  scripts/bench-check.py [--playprep BIN] [--corpus DIR] [--runs N] [--big-side PX]

Measures (wall-clock median of N rounds, the commands of a group taking turns within each round; peak RSS
from one GNU time run; see process_timing.py):
  * playprep ninepatch check over the corpus, and over a 10x copy of it;
  * `aapt2 compile` on the same files (its best case: one process, `--dir res -o out.zip`);
  * the floor: shared/oracle/decode_floor.c (libpng decoding the same files to RGBA and nothing else);
  * playprep with 1 job vs 2 jobs on the 10x corpus, next to the machine's own 2-core scaling (the floor's
    10x files split between two processes run at once): on a VM whose second vCPU is slow right after idling,
    that reference shows what 2 cores can give in these rounds;
  * peak memory of checking one generated BIGxBIG .9.png (default 8000x8000).
Prints every number and the ratios. Exits 2 when a peer is missing (aapt2, a C compiler, libpng headers).
"""
import argparse
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

from ninepatch_files import collect
import process_timing
from playprep_build import shipping_binary

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), 'shared')


def measure(command, runs, cwd=None):
    """Median wall seconds over `runs` executions, and peak RSS (KiB)."""
    return process_timing.measure(command, runs, cwd=cwd, label='bench-check')


def measure_together(commands, runs):
    """`measure` for several named commands, interleaved round by round (see process_timing)."""
    return process_timing.measure_interleaved(commands, runs, label='bench-check')


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


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--playprep', help='the binary to measure (default: the shipping build, see playprep_build.py)')
    parser.add_argument('--corpus', default=os.path.join(SHARED, 'corpus', 'ninepatch'))
    parser.add_argument('--runs', type=int, default=9)
    parser.add_argument('--big-side', type=int, default=8000)
    args = parser.parse_args()
    args.playprep = args.playprep or shipping_binary()
    print('playprep binary: %s' % args.playprep)

    aapt2 = shutil.which('aapt2')
    compiler = shutil.which('cc') or shutil.which('gcc')
    if not aapt2 or not compiler or not os.path.exists(args.playprep):
        print('bench-check: SKIPPED: needs aapt2 (apt-get install aapt), a C compiler and the playprep binary '
              '(scripts/playprep_build.py builds it)')
        return 2
    files = collect([args.corpus])
    with tempfile.TemporaryDirectory() as scratch:
        floor = os.path.join(scratch, 'decode_floor')
        flags = subprocess.run(['pkg-config', '--cflags', '--libs', 'libpng'], capture_output=True, text=True)
        subprocess.run([compiler, '-O2', '-o', floor, os.path.join(SHARED, 'oracle', 'decode_floor.c')]
                       + flags.stdout.split(), check=True)
        # The 10x corpus: ten copies of the tree; aapt2 gets the same files under res/drawable.
        tenfold = os.path.join(scratch, 'corpus10')
        for copy in range(10):
            shutil.copytree(args.corpus, os.path.join(tenfold, 'copy%d' % copy))
        res = os.path.join(scratch, 'aapt2', 'res', 'drawable')
        os.makedirs(res)
        for index, path in enumerate(files):
            shutil.copy(path, os.path.join(res, 'f%d.9.png' % index))

        print('bench-check: %d files (%d in the 10x copy), %d rounds, each command once per round in turn; '
              'median wall time' % (len(files), 10 * len(files), args.runs))
        tenfold_files = collect([tenfold])
        # The machine's own 2-core scaling: the floor's 10x files split between two processes run at once.
        halves = []
        for half in (0, 1):
            halves.append(os.path.join(scratch, 'half%d.txt' % half))
            with open(halves[-1], 'w') as listing:
                listing.write('\n'.join(tenfold_files[half::2]) + '\n')
        floor_pair = ['/bin/sh', '-c', 'set -f; IFS="\n"; "$0" $(cat "$1") & "$0" $(cat "$2") & wait', floor] + halves
        rows = measure_together({
            'playprep': ([args.playprep, 'ninepatch', 'check', args.corpus], None),
            'floor': ([floor] + files, None),
            'aapt2': ([aapt2, 'compile', '--dir', 'res', '-o', 'out.zip'], os.path.join(scratch, 'aapt2')),
        }, args.runs)
        rows.update(measure_together({
            'playprep 10x': ([args.playprep, 'ninepatch', 'check', tenfold], None),
            'playprep 10x -j1': ([args.playprep, 'ninepatch', 'check', '-j', '1', tenfold], None),
            'playprep 10x -j2': ([args.playprep, 'ninepatch', 'check', '-j', '2', tenfold], None),
            'floor 10x': ([floor] + tenfold_files, None),
            'floor 10x, 2 procs': (floor_pair, None),
        }, args.runs))
        for name, (seconds, peak) in rows.items():
            print('  %-18s %8.1f ms  peak %7.1f MB' % (name, seconds * 1000, peak / 1024))

        print('ratios:')
        print('  aapt2 compile / playprep check (corpus)     %6.1fx faster' % (rows['aapt2'][0] / rows['playprep'][0]))
        print('  aapt2 compile x10 / playprep check (10x)    %6.1fx faster (aapt2 on the corpus scaled by 10)' % (
            rows['aapt2'][0] * 10 / rows['playprep 10x'][0]))
        print('  playprep / libpng floor (corpus)            %6.2fx' % (rows['playprep'][0] / rows['floor'][0]))
        print('  playprep / libpng floor (10x)               %6.2fx' % (rows['playprep 10x'][0] / rows['floor 10x'][0]))
        print('  playprep -j1 / libpng floor (10x)           %6.2fx' % (rows['playprep 10x -j1'][0] / rows['floor 10x'][0]))
        print('  1 core / 2 cores (10x)                      %6.2fx (the machine itself: the floor split over 2 '
              'processes is %.2fx faster than 1)' % (rows['playprep 10x -j1'][0] / rows['playprep 10x -j2'][0],
                                                    rows['floor 10x'][0] / rows['floor 10x, 2 procs'][0]))

        big = os.path.join(scratch, 'big.9.png')
        big_ninepatch(big, args.big_side)
        seconds, peak = measure([args.playprep, 'ninepatch', 'check', big], 1)
        floor_seconds, floor_peak = measure([floor, big], 1)
        print('  %dx%d .9.png: playprep %.0f ms, peak %.1f MB; floor %.0f ms, peak %.1f MB' % (
            args.big_side, args.big_side, seconds * 1000, peak / 1024, floor_seconds * 1000, floor_peak / 1024))
    return 0


if __name__ == '__main__':
    sys.exit(main())

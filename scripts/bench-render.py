#!/usr/bin/env python3
"""Benchmark `playprep ninepatch render` against the Skia reference and PyPI `ninepatch`, all in this one run.

Usage:  .venv-oracle/bin/python scripts/bench-render.py [--playprep BIN] [--runs N]

Input: a generated 100x100 NinePatch (102x102 with its frame; noisy gradient content, one 40-pixel stretch span
per axis). Jobs, linear filtering everywhere (Android's default; PyPI ninepatch with PIL's BILINEAR):
  * large: one 1000x1000 render;
  * small: 200 renders from 64x62 to 263x261.
Whole process: a fresh process per job that loads the file, renders and saves PNGs (playprep renders the 200
small sizes in one process with repeated --size). In-process: render calls only, timed inside one process
(Benchmarks/RenderBenchmark for playprep; the Python libraries after import). Medians of N runs; prints every
number and the ratios. Exits 2 when a peer is missing (skia-python, ninepatch, the oracle).
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile

import process_timing
from playprep_build import shipping_binary

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ORACLE = os.environ.get('PLAYPREP_ORACLE', os.path.join(os.path.dirname(ROOT), 'shared', 'oracle'))
SMALL_SIZES = [(64 + i, 62 + i) for i in range(200)]
LARGE = (1000, 1000)

SKIA_WHOLE = r'''
import sys
sys.path.insert(0, sys.argv[1])
import skia_render
from PIL import Image
src, out, sizes = sys.argv[2], sys.argv[3], [tuple(map(int, s.split('x'))) for s in sys.argv[4:]]
px, chunk = skia_render.parse_ninepatch(src)
for w, h in sizes:
    Image.fromarray(skia_render.render(px, chunk, w, h, 'linear'), 'RGBA').save(out.replace('{size}', f'{w}x{h}'))
'''

NINEPATCH_WHOLE = r'''
import sys
from ninepatch import Ninepatch
from PIL import Image
src, out, sizes = sys.argv[1], sys.argv[2], [tuple(map(int, s.split('x'))) for s in sys.argv[3:]]
patch = Ninepatch(src)
for w, h in sizes:
    patch.render(w, h, img_filter=Image.BILINEAR).save(out.replace('{size}', f'{w}x{h}'))
'''

IN_PROCESS = r'''
import json, statistics, sys, time
sys.path.insert(0, sys.argv[1])
src, runs = sys.argv[2], int(sys.argv[3])
sizes = [(64 + i, 62 + i) for i in range(200)]
results = {}
import skia_render
px, chunk = skia_render.parse_ninepatch(src)
def skia(w, h): return skia_render.render(px, chunk, w, h, 'linear')
from ninepatch import Ninepatch
from PIL import Image
patch = Ninepatch(src)
def pypi(w, h): return patch.render(w, h, img_filter=Image.BILINEAR)
for name, render in (('skia', skia), ('ninepatch', pypi)):
    large = []
    for _ in range(runs):
        start = time.perf_counter(); render(1000, 1000); large.append((time.perf_counter() - start) * 1000)
    start = time.perf_counter()
    for w, h in sizes:
        render(w, h)
    results[name] = {'large_ms': statistics.median(large), 'small_total_ms': (time.perf_counter() - start) * 1000}
print(json.dumps(results))
'''


def make_input(path):
    """102x102 RGBA: transparent frame, stretch ticks 31..70 on top and left, noisy gradient content."""
    import png
    rng = random.Random(9)
    rows = []
    for y in range(102):
        row = []
        for x in range(102):
            if y in (0, 101) or x in (0, 101):
                tick = (y == 0 and 31 <= x <= 70) or (x == 0 and 31 <= y <= 70)
                row += [0, 0, 0, 255] if tick else [0, 0, 0, 0]
            else:
                row += [min(255, 2 * x + rng.randrange(8)), min(255, 2 * y + rng.randrange(8)),
                        (x * y) % 256, 255 if 4 < x < 97 and 4 < y < 97 else 128]
        rows.append(row)
    with open(path, 'wb') as handle:
        png.Writer(102, 102, alpha=True, greyscale=False).write(handle, rows)


def timed(command, runs):
    """Median wall milliseconds over `runs` executions, which must all succeed."""
    return process_timing.wall_times({'run': (command, None)}, runs, accepted=(0,), label='bench-render')['run'] * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--playprep', help='the binary to measure (default: the shipping build, see playprep_build.py)')
    parser.add_argument('--runs', type=int, default=5)
    options = parser.parse_args()
    options.playprep = options.playprep or shipping_binary()
    print(f'playprep binary: {options.playprep}')
    if not os.path.exists(os.path.join(ORACLE, 'skia_render.py')):
        print(f'bench-render: {ORACLE}/skia_render.py not found (set PLAYPREP_ORACLE)', file=sys.stderr)
        return 2
    try:
        import png  # noqa: F401
        import skia  # noqa: F401
        import ninepatch  # noqa: F401
    except ImportError as error:
        print(f'bench-render: needs skia-python, ninepatch and pypng in this Python ({error})', file=sys.stderr)
        return 2
    subprocess.run(['swift', 'build', '-c', 'release', '--package-path', 'Benchmarks'], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    harness = os.path.join(ROOT, 'Benchmarks', '.build', 'release', 'RenderBenchmark')

    with tempfile.TemporaryDirectory() as work:
        source = os.path.join(work, 'card.9.png')
        make_input(source)
        large = [f'{LARGE[0]}x{LARGE[1]}']
        small = [f'{w}x{h}' for w, h in SMALL_SIZES]
        out = os.path.join(work, 'out-{size}.png')
        size_flags = lambda sizes: [flag for size in sizes for flag in ('--size', size)]  # noqa: E731
        whole = {}
        for job, sizes in (('large', large), ('small', small)):
            whole[job] = {
                'playprep': timed([options.playprep, 'ninepatch', 'render', source, '-o', out] + size_flags(sizes),
                                  options.runs),
                'skia': timed([sys.executable, '-c', SKIA_WHOLE, ORACLE, source, out] + sizes, options.runs),
                'ninepatch': timed([sys.executable, '-c', NINEPATCH_WHOLE, source, out] + sizes, options.runs),
            }
        sizes_file = os.path.join(work, 'sizes.txt')
        with open(sizes_file, 'w') as handle:
            handle.write('\n'.join(small) + '\n')
        ours = json.loads(subprocess.run([harness, source, '1000', '1000', str(max(options.runs, 10)), sizes_file,
                                          'linear'], capture_output=True, text=True, check=True).stdout)
        peers = json.loads(subprocess.run([sys.executable, '-c', IN_PROCESS, ORACLE, source, str(max(options.runs, 10))],
                                          capture_output=True, text=True, check=True).stdout)
    inproc = {
        'large': {'playprep': statistics.median(ours['large_ms']), 'skia': peers['skia']['large_ms'],
                  'ninepatch': peers['ninepatch']['large_ms']},
        'small': {'playprep': ours['small_total_ms'], 'skia': peers['skia']['small_total_ms'],
                  'ninepatch': peers['ninepatch']['small_total_ms']},
    }
    render_ms = statistics.median(ours['large_ms'])
    encode_ms = statistics.median(ours['encode_ms'])
    print(f'input: 100x100 NinePatch, linear filtering; medians of {options.runs} runs (in-process: '
          f'{max(options.runs, 10)})')
    print(f'floor: libpng encoding the 1000x1000 output alone {encode_ms:.1f} ms; playprep render + encode in-process '
          f'{render_ms + encode_ms:.1f} ms = {(render_ms + encode_ms) / encode_ms:.2f}x the floor; whole process '
          f'{whole["large"]["playprep"]:.1f} ms')
    print(f'{"job":<34}{"playprep":>11}{"Skia ref":>11}{"ninepatch":>11}{"Skia/pp":>9}{"np/pp":>8}')
    for kind, table in (('whole process', whole), ('in-process', inproc)):
        for job, label in (('large', '1000x1000 render'), ('small', '200 small renders')):
            row = table[job]
            print(f'{kind + ", " + label:<34}{row["playprep"]:>9.1f}ms{row["skia"]:>9.1f}ms{row["ninepatch"]:>9.1f}ms'
                  f'{row["skia"] / row["playprep"]:>8.1f}x{row["ninepatch"] / row["playprep"]:>7.1f}x')
    return 0


if __name__ == '__main__':
    sys.exit(main())

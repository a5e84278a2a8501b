#!/usr/bin/env python3
"""Prove that `playprep ninepatch render` draws NinePatches as Android's Skia does.

Usage:  scripts/compare-skia.py [--playprep BIN] [--filter linear|nearest|both] [--limit N] [--jobs N] PATH...

Every *.9.png under the PATHs that playprep accepts (aapt2's verdict) is rendered at four sizes by
`playprep ninepatch render` and by shared/oracle/skia_render.py (real Skia, imported once, in-process):
  small   one pixel short of the fixed parts on each axis (at least 1x1): stretchable spans vanish, fixed shrink
  source  the content size
  odd     an odd size about 1.5x the source
  large   4x the source plus an odd pixel or three
Images are compared in premultiplied RGBA (shared/oracle/compare.py --premul):
  linear  every pixel within 1 per channel;
  nearest identical except where the oracle's sample point lies exactly on a texel boundary (a tie that Skia
          versions resolve differently; ninepatch-rendering.md section 4), reported separately.
Prints one line per failing render and the counts; exits 0 only when every render is within bounds,
2 when skia-python or the oracle is missing.
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile

from ninepatch_files import collect

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ORACLE = os.path.join(os.path.dirname(ROOT), 'shared', 'oracle')


def load_oracle():
    folder = os.environ.get('PLAYPREP_ORACLE', ORACLE)
    if not os.path.exists(os.path.join(folder, 'skia_render.py')):
        print(f'compare-skia: {folder}/skia_render.py not found (set PLAYPREP_ORACLE)', file=sys.stderr)
        sys.exit(2)
    sys.path.insert(0, folder)
    try:
        import numpy  # noqa: F401
        import skia_render
        import compare
    except ImportError as error:
        print(f'compare-skia: the oracle needs skia-python, numpy and pillow ({error})', file=sys.stderr)
        sys.exit(2)
    return skia_render, compare


def fixed_length(length, divs):
    """Source pixels outside the stretch spans of one axis."""
    stretch = sum(divs[i + 1] - divs[i] for i in range(0, len(divs) - 1, 2))
    return length - stretch


def sizes(chunk):
    w, h = chunk['width'], chunk['height']
    fw, fh = fixed_length(w, chunk['xDivs']), fixed_length(h, chunk['yDivs'])
    return {
        'small': (max(1, fw - 1), max(1, fh - 1)),
        'source': (w, h),
        'odd': ((w * 3 // 2) | 1, (h * 3 // 2) | 1),
        'large': (4 * w + 3, 4 * h + 1),
    }


def tie_mask(skia_render, chunk, width, height):
    """Pixels whose nearest-filter sample point is exactly on a texel boundary, per the oracle's lattice."""
    import numpy as np
    lattice = skia_render.build_lattice(chunk)
    ties = np.zeros((height, width), bool)
    if not skia_render.lattice_valid(lattice, chunk['width'], chunk['height']):
        cells = [((0, 0, chunk['width'], chunk['height']), (0.0, 0.0, float(width), float(height)))]
    else:
        cells = [(s, d) for s, d, _, _ in skia_render.lattice_iter(lattice, (0.0, 0.0, float(width), float(height)))]
    f32 = np.float32
    for (sl, st, sr, sb), (dl, dt, dr, db) in cells:
        def axis_ties(s0, s1, d0, d1, n):
            out = np.zeros(n, bool)
            if d1 <= d0:
                return out
            scale = f32(f32(d1 - d0) / f32(s1 - s0))
            for p in range(int(np.floor(d0 + 0.5)), min(n, int(np.floor(d1 + 0.5)))):
                u = f32(f32(f32(p) + f32(0.5) - f32(d0)) / scale) + f32(s0)
                out[p] = abs(float(u) - round(float(u))) < 1e-4
            return out
        tx = axis_ties(sl, sr, dl, dr, width)
        ty = axis_ties(st, sb, dt, db, height)
        ties |= tx[None, :] | ty[:, None]
    return ties


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('paths', nargs='+')
    parser.add_argument('--playprep', default=os.path.join(ROOT, '.build', 'release', 'playprep'))
    parser.add_argument('--filter', choices=['linear', 'nearest', 'both'], default='both')
    parser.add_argument('--limit', type=int, help='only the first N files')
    parser.add_argument('--jobs', type=int, default=os.cpu_count() or 1)
    options = parser.parse_args()
    skia_render, compare = load_oracle()
    import numpy as np
    from PIL import Image

    files = collect(options.paths)[:options.limit]
    filters = ['linear', 'nearest'] if options.filter == 'both' else [options.filter]
    totals = {f: {'renders': 0, 'within': 0, 'tie_only': 0, 'pixels': 0, 'differing': 0, 'tie_pixels': 0,
                  'max': 0} for f in filters}
    rejected = 0
    failures = []
    with tempfile.TemporaryDirectory() as work:
        def render(job):
            path, name, (width, height), filter_name = job
            out = os.path.join(work, f'{abs(hash((path, name, filter_name)))}.png')
            proc = subprocess.run([options.playprep, 'ninepatch', 'render', path, '--size', f'{width}x{height}',
                                   '--filter', filter_name, '-o', out], capture_output=True, text=True)
            return job, proc, out

        jobs = []
        for path in files:
            try:
                pixels, chunk = skia_render.parse_ninepatch(path)
            except Exception:  # unreadable for PIL: playprep rejects these too
                chunk = None
            if chunk is None:
                rejected += 1
                continue
            probe = subprocess.run([options.playprep, 'ninepatch', 'inspect', path], capture_output=True)
            if probe.returncode != 0:
                rejected += 1
                continue
            for name, size in sizes(chunk).items():
                for filter_name in filters:
                    jobs.append((path, name, size, filter_name, pixels, chunk))
        with concurrent.futures.ThreadPoolExecutor(options.jobs) as pool:
            results = pool.map(lambda job: render(job[:4]) + (job[4], job[5]), jobs)
            for (path, name, (width, height), filter_name), proc, out, pixels, chunk in results:
                total = totals[filter_name]
                total['renders'] += 1
                if proc.returncode != 0:
                    failures.append(f'{path} {name} {width}x{height} {filter_name}: playprep failed: '
                                    f'{proc.stderr.strip() or proc.stdout.strip()}')
                    continue
                ours = np.array(Image.open(out).convert('RGBA'), dtype=np.int32)
                os.remove(out)
                oracle = skia_render.render(pixels, chunk, width, height, filter_name).astype(np.int32)
                tolerance = 1 if filter_name == 'linear' else 0
                differing, largest, mask = compare.compare(ours, oracle, tolerance, True)
                total['pixels'] += width * height
                total['differing'] += differing
                total['max'] = max(total['max'], largest)
                if differing == 0:
                    total['within'] += 1
                    continue
                if filter_name == 'nearest':
                    ties = tie_mask(skia_render, chunk, width, height)
                    if not (mask & ~ties).any():
                        total['tie_only'] += 1
                        total['tie_pixels'] += differing
                        continue
                failures.append(f'{path} {name} {width}x{height} {filter_name}: {differing} pixels differ '
                                f'(max {largest})')
    for line in failures:
        print(line)
    print(f'files: {len(files)} ({rejected} rejected by aapt2, not rendered)')
    for filter_name, total in totals.items():
        bound = 'within 1 per channel' if filter_name == 'linear' else 'identical'
        print(f'{filter_name}: {total["within"]}/{total["renders"]} renders {bound}'
              + (f', {total["tie_only"]} differ only at sampling ties ({total["tie_pixels"]} pixels)'
                 if filter_name == 'nearest' else '')
              + f'; {total["differing"]} of {total["pixels"]} pixels beyond tolerance, max channel difference '
              f'{total["max"]}')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())

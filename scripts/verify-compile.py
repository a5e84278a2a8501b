#!/usr/bin/env python3
"""Prove that `playprep ninepatch compile` writes what `aapt2 compile` writes, and that decompile undoes it.

Usage:  scripts/verify-compile.py [--playprep BIN] [--json OUT] [PATH...]
        (run with a Python that has pypng, e.g. the oracle venv; PATHs default to TestImages/crafted and
        ../shared/corpus/ninepatch)

For every *.9.png under the PATHs:
  1. `aapt2 compile` from a scratch res/drawable/ folder (the PNG is taken out of its .flat container) and
     `playprep ninepatch compile FILE -o OUT.png`. Both must accept or both refuse; the one allowed difference
     is a file whose stretch or colour counts overflow npTc's one-byte fields, which aapt2 writes as a corrupt
     chunk and playprep refuses (NP104).
  2. For files both compile: the npOl/npLb/npTc chunks (decoded with shared/oracle/np_chunks.py, offsets and
     sizes included), their order, the IHDR (size, depth, colour type) and the decoded RGBA pixels must be equal.
  3. Round trip, for sources with a transparent frame: `playprep ninepatch decompile OUT.png -o BACK.9.png` must
     give the source back pixel for pixel, where fully transparent pixels compare by alpha alone (their RGB is
     invisible, and aapt2 itself zeroes it). Remaining differences are explained only when they are one of:
       padding-default: the source has no padding run on a line and decompile draws aapt2's default explicitly
                        (the chunk cannot tell the two apart; both compile to the same padding);
       end-only-bound:  a single red run at the end of a line, which aapt2 stores as a start inset over the
                        whole line wherever the run begins (NP103): decompile draws it from the padding run (or
                        the line's start) to the end, which compiles the same;
       corner:          a frame corner other than the top-left, which aapt2 never reads.
     Sources with a white frame are counted apart: decompile always draws a transparent frame.

Prints the counts, one line per unexplained mismatch, and exits 0 only when there is none (2 when aapt2 is
missing).
"""
import collections
import json
import os
import struct
import subprocess
import sys
import tempfile

import png  # pypng

from aapt2_support import ROOT, SHARED, aapt2_compile, collect, command_line, finish, load_np_chunks

PNG_SIG = b'\x89PNG\r\n\x1a\n'
BLACK, RED = (0, 0, 0, 255), (255, 0, 0, 255)


def png_in(data):
    """The PNG inside a file (a .flat container or a plain PNG): from its signature to the end of IEND."""
    start = data.find(PNG_SIG)
    if start < 0:
        raise ValueError('no PNG signature')
    pos = start + 8
    while pos + 8 <= len(data):
        (length,) = struct.unpack('>I', data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        pos += 12 + length
        if kind == b'IEND':
            return data[start:pos]
    raise ValueError('no IEND chunk')


def rgba8(data):
    """Decode like libpng with aapt2's transforms: palette and tRNS to alpha, grey to RGB, 16-bit samples to
    their high byte (truncation), sub-byte grey scaled up, sBIT ignored. Returns (width, height, pixels) with
    pixels a list of rows of (r, g, b, a) tuples."""
    reader = png.Reader(bytes=data)
    width, height, rows, info = reader.read()
    rows = [list(row) for row in rows]
    depth = info['bitdepth']
    planes = info['planes']
    # Only colour type 3 stores palette indices: an RGB or RGBA file may carry a PLTE chunk too, as a
    # suggested palette (pypng reports it in info['palette'] either way), and its rows are colour samples.
    if reader.colormap:
        palette = [tuple(entry) + (255,) * (4 - len(entry)) for entry in info['palette']]
        return width, height, [[palette[i] for i in row] for row in rows]
    transparent = info.get('transparent')
    if transparent is not None and not isinstance(transparent, tuple):
        transparent = (transparent,)
    scale = {1: 255, 2: 85, 4: 17}.get(depth, 1)
    out = []
    for row in rows:
        pixels = []
        for x in range(width):
            raw = tuple(row[x * planes:(x + 1) * planes])
            values = [v >> 8 for v in raw] if depth == 16 else [v * scale for v in raw]
            colour = values[:planes - 1] if info['alpha'] else values
            alpha = values[-1] if info['alpha'] else (0 if transparent is not None and raw == transparent else 255)
            if len(colour) == 1:
                colour = colour * 3
            pixels.append(tuple(colour) + (alpha,))
        out.append(pixels)
    return width, height, out


def visible(pixel):
    return pixel if pixel[3] else (0, 0, 0, 0)


def runs(line, colour):
    found, start = [], None
    for index, pixel in enumerate(line + [None]):
        if pixel == colour and start is None:
            start = index
        elif pixel != colour and start is not None:
            found.append((start, index))
            start = None
    return found


def explain_round_trip(source, back, width, height):
    """Why `back` differs from `source`: a set of explained reasons, or None when some difference is not one
    of the known ones."""
    get = lambda image, x, y: visible(image[y][x])
    corners = {(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)}
    # The padding/bounds lines (bottom, right) with the stretch line of the same axis (top, left).
    lines = {
        'bottom': ([(x, height - 1) for x in range(1, width - 1)], [(x, 0) for x in range(1, width - 1)]),
        'right': ([(width - 1, y) for y in range(1, height - 1)], [(0, y) for y in range(1, height - 1)]),
    }
    explained = collections.defaultdict(set)
    for name, (cells, stretch_cells) in lines.items():
        src = [get(source, x, y) for x, y in cells]
        out = [get(back, x, y) for x, y in cells]
        length = len(cells)
        stretch = runs([get(source, x, y) for x, y in stretch_cells], BLACK)
        default = (stretch[0][0], stretch[-1][1]) if stretch else (0, length)
        if not runs(src, BLACK) and runs(out, BLACK) == [default]:
            for index in range(*default):
                explained[cells[index]].add('padding-default')
        src_red, out_red = runs(src, RED), runs(out, RED)
        if len(src_red) == 1 and len(out_red) == 1 and src_red[0][1] == out_red[0][1] == length:
            for index in range(min(src_red[0][0], out_red[0][0]), length):
                explained[cells[index]].add('end-only-bound')
    reasons = set()
    for y in range(height):
        for x in range(width):
            if get(source, x, y) == get(back, x, y):
                continue
            if (x, y) in corners and (x, y) != (0, 0):
                reasons.add('corner')
            elif explained[(x, y)]:
                reasons.update(explained[(x, y)])
            else:
                return None
    return reasons


def aapt2_png(aapt2, path, work):
    """aapt2's compiled PNG for `path`, taken out of its .flat container, or None with aapt2's message."""
    _, message, flat = aapt2_compile(aapt2, path, work)
    if flat is None:
        return None, message
    compiled = os.path.join(work, 'aapt2.png')
    with open(flat, 'rb') as handle, open(compiled, 'wb') as out:
        out.write(png_in(handle.read()))
    return compiled, ''


def comparable(decoded):
    """The chunk data np_chunks.py decodes, without the file name and PNG offset."""
    return {key: decoded.get(key) for key in ('chunk_order', 'npOl', 'npLb', 'npTc')}


def main():
    args, aapt2 = command_line('verify-compile', __doc__, paths_required=False)
    np_chunks = load_np_chunks('verify-compile')
    paths = args.paths or [os.path.join(ROOT, 'TestImages', 'crafted')] + [
        p for p in [os.path.join(SHARED, 'corpus', 'ninepatch')] if os.path.isdir(p)]
    files = collect(paths)
    if not files:
        sys.exit('verify-compile: no .9.png files under %s' % ' '.join(paths))

    count = collections.Counter()
    reasons = collections.Counter()
    mismatches, records = [], []
    with tempfile.TemporaryDirectory() as scratch:
        ours, back = os.path.join(scratch, 'ours.png'), os.path.join(scratch, 'back.9.png')
        for path in files:
            for stale in (ours, back):
                if os.path.exists(stale):
                    os.remove(stale)
            record = {'file': path}
            records.append(record)
            theirs, message = aapt2_png(aapt2, path, os.path.join(scratch, 'aapt2'))
            proc = subprocess.run([args.playprep, 'ninepatch', 'compile', path, '-o', ours],
                                  capture_output=True, text=True)
            record.update(aapt2=theirs is not None, playprep=proc.returncode)
            if proc.returncode not in (0, 1):
                mismatches.append('%s: playprep compile failed (%d): %s' % (path, proc.returncode, proc.stderr.strip()))
                continue
            if (proc.returncode == 0) != os.path.exists(ours):
                mismatches.append('%s: playprep exit %d but output %s' % (
                    path, proc.returncode, 'written' if os.path.exists(ours) else 'missing'))
                continue
            if theirs is None:
                count['aapt2 rejects'] += 1
                if proc.returncode == 0:
                    mismatches.append('%s: aapt2 rejects (%s), playprep compiled it' % (path, message))
                else:
                    count['both reject'] += 1
                continue
            count['aapt2 accepts'] += 1
            if proc.returncode != 0:
                if 'NP104' in proc.stdout and 'npTc stores the number of' in proc.stderr:
                    count['refused: NP104 overflow'] += 1
                    record['explained'] = 'aapt2 writes a corrupt npTc (one-byte count overflow); playprep refuses'
                else:
                    mismatches.append('%s: aapt2 compiles it, playprep refuses: %s %s' % (
                        path, proc.stdout.strip(), proc.stderr.strip()))
                continue
            count['compared'] += 1
            expected, actual = np_chunks.decode_file(theirs), np_chunks.decode_file(ours)
            if comparable(expected) == comparable(actual):
                count['chunks equal'] += 1
            else:
                mismatches.append('%s: chunks differ: aapt2 %s, playprep %s' % (
                    path, json.dumps(comparable(expected)), json.dumps(comparable(actual))))
            if expected['ihdr'] == actual['ihdr']:
                count['headers equal'] += 1
            else:
                mismatches.append('%s: IHDR differs: aapt2 %s, playprep %s' % (path, expected['ihdr'], actual['ihdr']))
            with open(theirs, 'rb') as a, open(ours, 'rb') as b:
                if rgba8(a.read()) == rgba8(b.read()):
                    count['pixels equal'] += 1
                else:
                    mismatches.append('%s: decoded pixels differ' % path)

            with open(path, 'rb') as handle:
                width, height, source = rgba8(handle.read())
            frame = 'transparent' if source[0][0][3] == 0 else 'white'
            proc = subprocess.run([args.playprep, 'ninepatch', 'decompile', ours, '-o', back],
                                  capture_output=True, text=True)
            if proc.returncode != 0 or proc.stderr:
                mismatches.append('%s: decompile: exit %d %s' % (path, proc.returncode, proc.stderr.strip()))
                continue
            with open(back, 'rb') as handle:
                size = rgba8(handle.read())
            if size[:2] != (width, height):
                mismatches.append('%s: decompiled size %dx%d' % (path, size[0], size[1]))
                continue
            rebuilt = size[2]
            if frame == 'white':
                # Compare with the white frame read as transparent.
                for y in range(height):
                    for x in range(width):
                        if (x in (0, width - 1) or y in (0, height - 1)) and source[y][x] == (255, 255, 255, 255):
                            source[y][x] = (0, 0, 0, 0)
            group = frame + ' frame'
            count[group] += 1
            if source == rebuilt:
                count[group + ': identical bytes'] += 1
            why = explain_round_trip(source, rebuilt, width, height)
            if why is None:
                mismatches.append('%s: decompile(compile(x)) differs from x (%s frame)' % (path, frame))
            elif not why:
                count[group + ': equal'] += 1
            else:
                count[group + ': explained'] += 1
                reasons.update((frame, reason) for reason in why)
                record['round_trip'] = sorted(why)

    for line in mismatches:
        print('MISMATCH ' + line)
    compared = count['compared']
    print('verify-compile: %d files; aapt2 accepts %d, rejects %d (playprep refuses the same %d)%s' % (
        len(files), count['aapt2 accepts'], count['aapt2 rejects'], count['both reject'],
        '; %d refused by playprep where aapt2 overflows its one-byte counts (NP104)' % count['refused: NP104 overflow']
        if count['refused: NP104 overflow'] else ''))
    print('  compile: chunks equal %d/%d, IHDR equal %d/%d, pixels equal %d/%d' % (
        count['chunks equal'], compared, count['headers equal'], compared, count['pixels equal'], compared))
    for frame in ('transparent', 'white'):
        total = count[frame + ' frame']
        if not total:
            continue
        explained = ', '.join('%s %d' % (reason, n) for (f, reason), n in sorted(reasons.items()) if f == frame)
        print('  round trip (%s frame%s): %d/%d equal (%d byte for byte); %d explained%s' % (
            frame, ', read as transparent' if frame == 'white' else '', count[frame + ' frame: equal'], total,
            count[frame + ' frame: identical bytes'], count[frame + ' frame: explained'],
            ' (%s)' % explained if explained else ''))
    print('  unexplained mismatches: %d' % len(mismatches))
    return finish(args, records, mismatches)


if __name__ == '__main__':
    sys.exit(main())

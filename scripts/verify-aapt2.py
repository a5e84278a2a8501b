#!/usr/bin/env python3
"""Prove that playprep judges and parses NinePatches exactly as aapt2 does.

Usage:  scripts/verify-aapt2.py [--playprep BIN] [--json OUT] PATH...

Every *.9.png under the PATHs (files or folders) is compiled with plain `aapt2 compile` (not -v, which also runs
the legacy cruncher) from a scratch res/drawable/ folder; the npTc/npLb/npOl chunks of its output are decoded
with shared/oracle/np_chunks.py. The same files are inspected with `playprep ninepatch inspect --format json`.
For each file it compares the verdict (aapt2 exit 0 <=> playprep valid) and, for accepted files, the stretch
spans, padding, layout bounds (npLb absent <=> null), region colours and outline (insets, radius, alpha).

Prints one line per mismatch and a summary; exits 0 only when everything agrees, 2 when aapt2 is missing.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

from ninepatch_files import collect

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
ORACLE = os.path.join(os.path.dirname(ROOT), 'shared', 'oracle')


def find_oracle():
    for candidate in (os.environ.get('PLAYPREP_ORACLE'), ORACLE):
        if candidate and os.path.exists(os.path.join(candidate, 'np_chunks.py')):
            sys.path.insert(0, candidate)
            from np_chunks import decode_file  # noqa: E402
            return decode_file
    sys.exit('verify-aapt2: shared/oracle/np_chunks.py not found (set PLAYPREP_ORACLE)')


def aapt2_result(aapt2, path, work, decode_file):
    drawable = os.path.join(work, 'res', 'drawable')
    out = os.path.join(work, 'out')
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(drawable)
    os.makedirs(out)
    # aapt2 rejects names with extra dots; the resource name does not matter for the chunks.
    shutil.copy(path, os.path.join(drawable, 'probe.9.png'))
    proc = subprocess.run([aapt2, 'compile', '-o', 'out/', 'res/drawable/probe.9.png'], cwd=work,
                          capture_output=True, text=True)
    result = {'rc': proc.returncode, 'message': (proc.stdout + proc.stderr).strip()}
    flat = os.path.join(out, 'drawable_probe.9.png.flat')
    if proc.returncode == 0 and os.path.exists(flat):
        result['chunks'] = decode_file(flat)
    return result


def expected_model(chunks):
    tc = chunks['npTc']
    pad = tc['padding']  # left, top, right, bottom
    pairs = lambda divs: [[divs[i], divs[i + 1]] for i in range(0, len(divs), 2)]
    lb = chunks.get('npLb', {}).get('layoutBounds')
    ol = chunks['npOl']
    return {
        'stretchX': pairs(tc['xDivs']), 'stretchY': pairs(tc['yDivs']),
        'padding': {'left': pad[0], 'top': pad[1], 'right': pad[2], 'bottom': pad[3]},
        'layoutBounds': None if lb is None else dict(zip(('left', 'top', 'right', 'bottom'), lb)),
        'regionColors': tc['colors'],
        'outline': dict(zip(('left', 'top', 'right', 'bottom'), ol['outline']),
                        radius=round(ol['radius'], 4), alpha=ol['alpha']),
    }


def differences(expected, actual):
    diffs = []
    for key, value in expected.items():
        got = actual.get(key)
        if key == 'outline' and got is not None:
            got = dict(got, radius=round(got['radius'], 4))
        if got != value:
            diffs.append('%s: aapt2 %s, playprep %s' % (key, json.dumps(value), json.dumps(got)))
    return diffs


def chunk_overflowed(tc, ours):
    """aapt2's npTc counts wrapped modulo 256 exactly as playprep's NP104 warning predicts."""
    rules = {d['rule'] for d in ours['diagnostics']}
    x, y, colors = len(ours['stretchX']) * 2, len(ours['stretchY']) * 2, len(ours['regionColors'])
    wrapped = (x % 256, y % 256, colors % 256) == (tc['numXDivs'], tc['numYDivs'], tc['numColors'])
    return 'NP104' in rules and wrapped and max(x, y, colors) > 255


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--playprep', default=os.path.join(ROOT, '.build', 'release', 'playprep'))
    parser.add_argument('--json', help='write per-file results here')
    parser.add_argument('paths', nargs='+')
    args = parser.parse_args()

    aapt2 = shutil.which('aapt2')
    if not aapt2:
        print('verify-aapt2: SKIPPED: aapt2 is not installed (Debian: apt-get install -y aapt)')
        return 2
    decode_file = find_oracle()
    files = collect(args.paths)
    if not files:
        sys.exit('verify-aapt2: no .9.png files under %s' % ' '.join(args.paths))

    proc = subprocess.run([args.playprep, 'ninepatch', 'inspect', '--format', 'json'] + files,
                          capture_output=True, text=True)
    if proc.returncode not in (0, 1):
        sys.exit('verify-aapt2: playprep failed (%d): %s' % (proc.returncode, proc.stderr.strip()))
    inspected = {entry['file']: entry for entry in json.loads(proc.stdout)}

    verdict_ok = data_ok = accepted = overflow = 0
    mismatches = []
    records = []
    with tempfile.TemporaryDirectory() as scratch:
        for path in files:
            ours = inspected[path]
            theirs = aapt2_result(aapt2, path, os.path.join(scratch, 'w'), decode_file)
            record = {'file': path, 'aapt2_rc': theirs['rc'], 'playprep_valid': ours['valid']}
            if (theirs['rc'] == 0) == ours['valid']:
                verdict_ok += 1
            else:
                mismatches.append('%s: verdict: aapt2 rc=%d (%s), playprep valid=%s %s' % (
                    path, theirs['rc'], theirs['message'].splitlines()[0] if theirs['message'] else 'ok',
                    ours['valid'], [d['rule'] for d in ours['diagnostics']]))
            if theirs['rc'] == 0 and 'chunks' in theirs:
                accepted += 1
                diffs = differences(expected_model(theirs['chunks']), ours)
                record['differences'] = diffs
                if diffs and chunk_overflowed(theirs['chunks']['npTc'], ours):
                    # aapt2 stores the div and colour counts in one byte each; playprep reports NP104 instead.
                    record['aapt2_chunk_overflow'] = True
                    overflow += 1
                elif diffs:
                    mismatches.append('%s: %s' % (path, '; '.join(diffs)))
                else:
                    data_ok += 1
            records.append(record)

    for line in mismatches:
        print('MISMATCH ' + line)
    print('verify-aapt2: %d files: verdicts agree %d/%d; data (spans, padding, layout bounds, region colours, '
          'outline) agree %d/%d accepted files' % (len(files), verdict_ok, len(files), data_ok, accepted)
          + ('; %d where aapt2 overflowed its one-byte counts (playprep warns NP104)' % overflow if overflow else ''))
    if args.json:
        with open(args.json, 'w') as handle:
            json.dump(records, handle, indent=1)
    return 0 if not mismatches else 1


if __name__ == '__main__':
    sys.exit(main())

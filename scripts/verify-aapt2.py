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
import json
import os
import subprocess
import sys
import tempfile

from aapt2_support import aapt2_compile, collect, command_line, finish, load_np_chunks


def aapt2_result(aapt2, path, work, decode_file):
    rc, message, flat = aapt2_compile(aapt2, path, work)
    result = {'rc': rc, 'message': message}
    if flat:
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
    args, aapt2 = command_line('verify-aapt2', __doc__, paths_required=True)
    decode_file = load_np_chunks('verify-aapt2').decode_file
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
    return finish(args, records, mismatches)


if __name__ == '__main__':
    sys.exit(main())

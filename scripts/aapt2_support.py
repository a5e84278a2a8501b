"""Helpers shared by the scripts that compare playprep with aapt2 (verify-aapt2.py, verify-compile.py)."""
import argparse
import json
import os
import shutil
import subprocess
import sys

from ninepatch_files import collect  # noqa: F401  (re-exported for the verify scripts)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHARED = os.path.join(os.path.dirname(ROOT), 'shared')


def load_np_chunks(script):
    """shared/oracle/np_chunks.py (or the one in $PLAYPREP_ORACLE) as a module; exits naming `script` if absent."""
    for candidate in (os.environ.get('PLAYPREP_ORACLE'), os.path.join(SHARED, 'oracle')):
        if candidate and os.path.exists(os.path.join(candidate, 'np_chunks.py')):
            sys.path.insert(0, candidate)
            import np_chunks  # noqa: E402
            return np_chunks
    sys.exit('%s: shared/oracle/np_chunks.py not found (set PLAYPREP_ORACLE)' % script)


def aapt2_compile(aapt2, path, work):
    """Runs plain `aapt2 compile` on a copy of `path` in a scratch res/drawable/ folder under `work` (aapt2
    rejects names with extra dots; the resource name does not matter). Returns (exit status, printed message,
    path of the .flat file or None)."""
    drawable = os.path.join(work, 'res', 'drawable')
    out = os.path.join(work, 'out')
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(drawable)
    os.makedirs(out)
    shutil.copy(path, os.path.join(drawable, 'probe.9.png'))
    proc = subprocess.run([aapt2, 'compile', '-o', 'out/', 'res/drawable/probe.9.png'], cwd=work,
                          capture_output=True, text=True)
    flat = os.path.join(out, 'drawable_probe.9.png.flat')
    found = flat if proc.returncode == 0 and os.path.exists(flat) else None
    return proc.returncode, (proc.stdout + proc.stderr).strip(), found


def command_line(script, doc, paths_required):
    """Parses `[--playprep BIN] [--json OUT] PATH...` and finds aapt2. Returns (arguments, aapt2 path); exits 2
    with a SKIPPED line when aapt2 is not installed."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--playprep', default=os.path.join(ROOT, '.build', 'release', 'playprep'))
    parser.add_argument('--json', help='write per-file results here')
    parser.add_argument('paths', nargs='+' if paths_required else '*')
    arguments = parser.parse_args()
    aapt2 = shutil.which('aapt2')
    if not aapt2:
        print('%s: SKIPPED: aapt2 is not installed (Debian: apt-get install -y aapt)' % script)
        sys.exit(2)
    return arguments, aapt2


def finish(arguments, records, mismatches):
    """Writes the per-file records when --json asked for them; the exit status: 0 only without mismatches."""
    if arguments.json:
        with open(arguments.json, 'w') as handle:
            json.dump(records, handle, indent=1)
    return 0 if not mismatches else 1

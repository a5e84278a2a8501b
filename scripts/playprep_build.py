"""Shared by the benchmarks: the playprep binary as it ships (release, Swift runtime linked statically)."""
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRATCH = os.path.join(ROOT, '.build-static')


def shipping_binary():
    """Builds (incrementally) and returns `.build-static/release/playprep`: `swift build -c release
    --static-swift-stdlib`, the way a Linux CLI is distributed; it starts about 8 ms faster than a build that
    loads the Swift runtime's shared libraries."""
    subprocess.run(['swift', 'build', '-c', 'release', '--static-swift-stdlib', '--scratch-path', SCRATCH],
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    return os.path.join(SCRATCH, 'release', 'playprep')

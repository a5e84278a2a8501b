"""Shared by the scripts: the *.9.png files under some paths, in a stable order."""
import os


def collect(paths):
    """Every *.9.png below each path (folders searched recursively, sorted), or the path itself if a file."""
    files = []
    for path in paths:
        if os.path.isdir(path):
            for folder, dirs, names in os.walk(path):
                dirs.sort()
                files += [os.path.join(folder, n) for n in sorted(names) if n.endswith('.9.png')]
        else:
            files.append(path)
    return files

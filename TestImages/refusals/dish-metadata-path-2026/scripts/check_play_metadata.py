"""Checks the lengths of the Play listing texts under play/metadata/android before an upload."""
import pathlib
import sys

LIMITS = {"title.txt": 30, "short_description.txt": 80, "full_description.txt": 4000}
bad = 0
for locale in sorted(pathlib.Path("play/metadata/android").iterdir()):
    for name, limit in LIMITS.items():
        path = locale / name
        if path.exists() and len(path.read_text(encoding="utf-8").strip()) > limit:
            print(f"::error file={path}::{name} is over {limit} characters")
            bad += 1
sys.exit(1 if bad else 0)

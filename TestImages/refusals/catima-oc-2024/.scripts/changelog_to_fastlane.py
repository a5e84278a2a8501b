"""Writes the notes of each released version from CHANGELOG.md into fastlane/metadata/android/en-US/changelogs."""
import pathlib
import re

text = pathlib.Path("CHANGELOG.md").read_text(encoding="utf-8")
for code, notes in re.findall(r"^## .*?\((\d+)\)\n(.*?)(?=^## |\Z)", text, re.S | re.M):
    target = pathlib.Path("fastlane/metadata/android/en-US/changelogs") / f"{code}.txt"
    target.write_text(notes.strip() + "\n", encoding="utf-8")

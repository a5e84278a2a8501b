#!/usr/bin/env python3
"""Copies the newest changelog of each locale where the upload action looks for release notes."""
import os
import shutil
import sys

METADATA = "fastlane/metadata/android"
TARGET = "whatsnew"


def newest(folder):
    names = [name for name in os.listdir(folder) if name.split(".")[0].isdigit()]
    return max(names, key=lambda name: int(name.split(".")[0]))


os.makedirs(TARGET, exist_ok=True)
for locale in sorted(os.listdir(METADATA)):
    changelogs = os.path.join(METADATA, locale, "changelogs")
    if not os.path.isdir(changelogs):
        continue
    latest = newest(changelogs)
    shutil.copy(os.path.join(changelogs, latest), f"{TARGET}/whatsnew-{locale}")

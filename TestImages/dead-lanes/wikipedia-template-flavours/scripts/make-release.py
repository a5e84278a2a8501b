#!/usr/bin/env python
"""Builds the release APK of one flavour for the Play Console: --prod (stable) or --beta."""
import subprocess
import sys

flavor = "beta" if "--beta" in sys.argv else "prod"
subprocess.run(["./gradlew", "-q", "clean", "assemble" + flavor.title() + "Release"], check=True)

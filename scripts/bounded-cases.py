#!/usr/bin/env python3
"""Issue 33's hostile inputs at full size, timed: each case is a copy of TestImages/SampleApp changed one way, and
`CI=true BINARY check TREE --format json` runs on it under `/usr/bin/time -v`.

    scripts/bounded-cases.py BINARY OUT [--runs 3] [--only NAME ...] [--list]

Prints one row a case: exit code, the least wall time of the runs (the machine is shared; the minimum is the
cost of the input), the largest peak RSS, the report's size and the first finding or error line that names the
limit. The trees stay in OUT (a FIFO case is rebuilt each run). Acceptance (issue 33): every case under 5 s and
256 MB with exit 0, 1 or 2 and a finding or one-line error naming the file and the limit.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLE = os.path.join(ROOT, "TestImages", "SampleApp")
APP_PLUGIN = 'plugins { id("com.android.application") }\n'


def write(tree, path, text):
    """Writes `text` (str or bytes) to `tree/path`, making its folders."""
    full = os.path.join(tree, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "wb") as handle:
        handle.write(text if isinstance(text, bytes) else text.encode())


def replace(tree, path, old, new):
    """Replaces `old` (which must be there) by `new` in `tree/path`."""
    full = os.path.join(tree, path)
    text = open(full, encoding="utf-8").read()
    assert old in text, f"{old!r} not in {path}"
    write(tree, path, text.replace(old, new))


def fifo(tree, path):
    """Replaces `tree/path` by a FIFO."""
    full = os.path.join(tree, path)
    if os.path.lexists(full):
        os.remove(full)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    os.mkfifo(full)


def flavoured(dimensions):
    """An app build with `dimensions` flavour dimensions of three flavours each."""
    names = [f"d{index}" for index in range(dimensions)]
    script = APP_PLUGIN + 'android {\n  namespace = "com.playprep.sample"\n'
    script += '  defaultConfig { applicationId = "com.playprep.sample"\n    versionCode = 3 }\n'
    script += "  flavorDimensions += listOf(" + ", ".join(f'"{name}"' for name in names) + ")\n  productFlavors {\n"
    for name in names:
        for flavour in range(3):
            script += f'    create("{name}x{flavour}") {{ dimension = "{name}" }}\n'
    return script + "  }\n}\n"


def plugin_chain(tree, length):
    """`length` precompiled script plugins, each applying the next; the app applies the first."""
    for index in range(length):
        following = f"chain.p{index + 1}" if index + 1 < length else "com.android.application"
        write(tree, f"build-logic/convention/src/main/kotlin/chain.p{index}.gradle.kts",
              f'plugins {{\n    id("{following}")\n}}\n')
    replace(tree, "app/build.gradle.kts", 'id("com.android.application")', 'id("chain.p0")')


def implementation_classes(tree, count):
    """A convention plugin build registering `count` plugins on one line; the app applies the last."""
    registrations = " ".join(
        f'register("p{index}") {{ id = "org.example.p{index}"; implementationClass = "P{index}" }}'
        for index in range(count))
    write(tree, "build-logic/convention/build.gradle.kts", "gradlePlugin { plugins { " + registrations + " } }\n")
    write(tree, f"build-logic/convention/src/main/kotlin/P{count - 1}.kt",
          'class P { fun apply() { pluginManager.apply("com.android.application") } }\n')
    replace(tree, "app/build.gradle.kts", 'id("com.android.application")', f'id("org.example.p{count - 1}")')


def unknown_version_codes(tree, count):
    """`count` app modules, each with its versionCode from a property set nowhere but for one module."""
    settings = 'rootProject.name = "SampleApp"\ninclude(":app", ":core-ui")\n'
    for index in range(count):
        settings += f'include(":m{index}")\n'
        write(tree, f"m{index}/build.gradle.kts",
              APP_PLUGIN + f'android {{\n namespace = "org.example.m{index}"\n defaultConfig {{\n'
              f'  applicationId = "org.example.m{index}"\n'
              f'  versionCode = project.property("vc{index}") as Int\n }}\n}}\n')
    write(tree, "settings.gradle.kts", settings)
    write(tree, "gradle/versions.gradle", "ext { vc42 = 7 }\n")


def includes(tree, count):
    write(tree, "settings.gradle.kts", 'include(":app")\n' + "".join(f'include(":m{i}")\n' for i in range(count)))


def escaped_quotes(tree, count):
    """The app's applicationId a string of `count` escaped quotes."""
    replace(tree, "app/build.gradle.kts", 'applicationId = "com.playprep.sample"',
            'applicationId = "' + '\\"' * count + '"')


def nested_manifest(depth):
    return ('<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.playprep.sample">'
            + "<a>" * depth + "</a>" * depth + "</manifest>\n")


def wide_manifest(depth, width):
    """`width` sibling elements, each carrying an attribute, inside elements nested `depth` deep."""
    return ('<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.playprep.sample">'
            + "<application>" + "<a>" * depth
            + '<uses-permission android:name="android.permission.CAMERA"/>' * width
            + "</a>" * depth + "</application></manifest>\n")


def unknown_locales(tree, count):
    for index in range(count):
        write(tree, f"fastlane/metadata/android/zz{index}/title.txt", "T\n")


def big_description(tree, size):
    path = os.path.join(tree, "fastlane/metadata/android/en-US/full_description.txt")
    with open(path, "wb") as handle:
        chunk = b"a" * (1 << 20)
        for _ in range(size >> 20):
            handle.write(chunk)


WORKFLOW = ".github/workflows/release.yml"
UPLOAD_JOB = ("jobs:\n  play:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
              "      - run: bundle exec fastlane release\n")
LONG_TITLE = "Playprep Sample Notes for a Long Releases\n"  # 41 characters: Play allows 30


def alias_key_workflow(tree, levels):
    """The release workflow with an alias as a mapping key: `levels` levels of ten aliases each (10^levels
    leaves in about 700 bytes), before its upload job."""
    yaml = "x-a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
    for level in range(1, levels + 1):
        yaml += f"x-a{level}: &a{level} [" + ", ".join([f"*a{level - 1}"] * 10) + "]\n"
    write(tree, WORKFLOW, yaml + f"x-bomb: {{? *a{levels} : y}}\n" + UPLOAD_JOB)


def lane_chain(tree, count):
    """A Fastfile whose lane `release` (the one the workflow runs) calls lane0, each lane the next, the last
    uploading; the title is over Play's limit, so the verdict says whether the chain was followed."""
    text = "default_platform(:android)\n\nplatform :android do\n  lane :release do\n    lane0\n  end\n"
    for index in range(count):
        call = f"lane{index + 1}" if index + 1 < count else 'upload_to_play_store(track: "internal")'
        text += f"  lane :lane{index} do\n    {call}\n  end\n"
    write(tree, "fastlane/Fastfile", text + "end\n")
    write(tree, "fastlane/metadata/android/en-US/title.txt", LONG_TITLE)


def whatsnew_uploads(tree, count):
    """A workflow copying the changelog `count` times and running `count` upload-google-play steps, every step
    an alias, all in one flow sequence (about 32 KB for 4,000)."""
    yaml = ("x-copy: &c {run: cp fastlane/metadata/android/en-US/changelogs/3.txt whatsnew/whatsnew-en-US}\n"
            "x-upload: &u\n  uses: r0adkll/upload-google-play@v1\n  with:\n"
            "    serviceAccountJsonPlainText: ${{ secrets.PLAY_KEY }}\n    packageName: com.playprep.sample\n"
            "    releaseFiles: app/build/outputs/bundle/release/app-release.aab\n    track: production\n"
            "    whatsNewDirectory: whatsnew/\n"
            "jobs:\n  play:\n    runs-on: ubuntu-latest\n    steps: [" + ", ".join(["*c"] * count + ["*u"] * count)
            + "]\n")
    write(tree, WORKFLOW, yaml)


def environment_steps(tree, entries, steps):
    """A workflow of `entries` `env:` entries and `steps` steps, the last running the release lane."""
    yaml = "env:\n" + "".join(f"  V{index}: {index}\n" for index in range(entries))
    yaml += "jobs:\n  play:\n    runs-on: ubuntu-latest\n    steps:\n" + "      - run: echo\n" * (steps - 1)
    write(tree, WORKFLOW, yaml + "      - run: bundle exec fastlane release\n")


def crlf_fastfile(tree):
    """The Fastfile saved with CRLF line endings and a 41-character title: the lane must be read for the title
    to be judged (exit 1, as with LF)."""
    text = open(os.path.join(SAMPLE, "fastlane/Fastfile"), encoding="utf-8").read()
    write(tree, "fastlane/Fastfile", text.replace("\n", "\r\n"))
    write(tree, "fastlane/metadata/android/en-US/title.txt", LONG_TITLE)


def padded(tree, path, size):
    """`tree/path` followed by comment lines up to `size` bytes (a file a reader skips for its size), and a title
    over Play's limit: the verdict on it shows whether the skip changed what is judged."""
    text = open(os.path.join(tree, path), encoding="utf-8").read()
    line = "# padding padding padding padding padding padding padding padding padding padding\n"
    write(tree, path, text + line * ((size - len(text)) // len(line) + 1))
    write(tree, "fastlane/metadata/android/en-US/title.txt", LONG_TITLE)


def utf16_workflow(tree):
    """The release workflow in UTF-16 LE with a byte order mark and CRLF line endings, and a long title."""
    text = open(os.path.join(SAMPLE, WORKFLOW), encoding="utf-8").read().replace("\n", "\r\n")
    write(tree, WORKFLOW, "\ufeff".encode("utf-16-le") + text.encode("utf-16-le"))
    write(tree, "fastlane/metadata/android/en-US/title.txt", LONG_TITLE)


CASES = {
    "limits-title-negative": lambda t: write(t, "playprep.yml", "listing: {limits: {title: -1}}\n"),
    "limits-title-int-max": lambda t: write(t, "playprep.yml", "listing: {limits: {title: 9223372036854775807}}\n"),
    "glob-200000-stars": lambda t: write(t, "playprep.yml", "exclude:\n  - \"" + "*" * 200_000 + "\"\n"),
    "glob-300kb-1000-aliases": lambda t: write(
        t, "playprep.yml", "exclude:\n  - &g \"" + "a" * 300_000 + "\"\n" + "  - *g\n" * 1_000),
    "yml-sequence-as-key": lambda t: write(t, "playprep.yml", "? [rules]\n: {NP103: error}\n"),
    "flavours-30x3": lambda t: write(t, "app/build.gradle.kts", flavoured(30)),
    "manifest-100000-deep": lambda t: write(t, "app/src/main/AndroidManifest.xml", nested_manifest(100_000)),
    "manifest-wide-at-depth-250": lambda t: write(
        t, "app/src/main/AndroidManifest.xml", wide_manifest(250, 50_000)),
    "include-100000-segments": lambda t: write(
        t, "settings.gradle.kts", 'include(":app")\ninclude("' + ":a" * 100_000 + '")\n'),
    "includes-100000": lambda t: includes(t, 100_000),
    "includes-200000": lambda t: includes(t, 200_000),
    "implementation-class-10000": lambda t: implementation_classes(t, 10_000),
    "implementation-class-20000": lambda t: implementation_classes(t, 20_000),
    "plugin-chain-4000": lambda t: plugin_chain(t, 4_000),
    "plugin-chain-8000": lambda t: plugin_chain(t, 8_000),
    "unknown-version-codes-2500": lambda t: unknown_version_codes(t, 2_500),
    "unknown-version-codes-5000": lambda t: unknown_version_codes(t, 5_000),
    "unknown-version-codes-10000": lambda t: unknown_version_codes(t, 10_000),
    "fifo-build-file": lambda t: fifo(t, "app/build.gradle.kts"),
    "fifo-playprep-yml": lambda t: fifo(t, "playprep.yml"),
    "description-300mb": lambda t: big_description(t, 300 << 20),
    "locales-50000": lambda t: unknown_locales(t, 50_000),
    "locales-100000": lambda t: unknown_locales(t, 100_000),
    "build-file-2mb-of-escaped-quotes": lambda t: escaped_quotes(t, 1_000_000),
    "build-file-4mb-of-escaped-quotes": lambda t: escaped_quotes(t, 2_000_000),
    "cr-only-build-files": lambda t: [
        write(t, path, open(os.path.join(SAMPLE, path), encoding="utf-8").read().replace("\n", "\r"))
        for path in ("settings.gradle.kts", "app/build.gradle.kts")],
    "catalog-with-bom": lambda t: (
        write(t, "gradle/libs.versions.toml", '\ufeff[versions]\nappVersionCode = "7"\n'),
        replace(t, "app/build.gradle.kts", "versionCode = 3",
                "versionCode = libs.versions.appVersionCode.get().toInt()")),
    "ci-alias-as-mapping-key": lambda t: alias_key_workflow(t, 10),
    "fastfile-lane-chain-4000": lambda t: lane_chain(t, 4_000),
    "ci-whatsnew-4000-uploads-4000-aliases": lambda t: whatsnew_uploads(t, 4_000),
    "ci-env-5000-steps-5000": lambda t: environment_steps(t, 5_000, 5_000),
    "fifo-workflow": lambda t: fifo(t, WORKFLOW),
    "fastfile-crlf-long-title": crlf_fastfile,
    "ci-workflow-over-1mib": lambda t: padded(t, WORKFLOW, (1 << 20) + 100),
    "fastfile-2mib": lambda t: padded(t, "fastlane/Fastfile", 2 << 20),
    "fastfile-4mib": lambda t: padded(t, "fastlane/Fastfile", 4 << 20),
    "ci-utf16-workflow": utf16_workflow,
}

LIMIT_WORDS = re.compile(r"limit|cap of|deep|not a regular file|must be|left out|over |more than", re.IGNORECASE)


def build(name, out):
    tree = os.path.join(out, name)
    if not os.path.isdir(tree) or name.startswith("fifo"):
        shutil.rmtree(tree, ignore_errors=True)
        shutil.copytree(SAMPLE, tree)
        CASES[name](tree)
    return tree


def run(binary, tree, report):
    """Exit code, wall seconds, peak RSS (MB) and stderr of one `check` under /usr/bin/time -v."""
    environment = dict(os.environ, CI="true")
    with open(report, "wb") as stdout:
        finished = subprocess.run(["/usr/bin/time", "-v", binary, "check", tree, "--format", "json"],
                                  stdout=stdout, stderr=subprocess.PIPE, env=environment, timeout=600)
    stderr = finished.stderr.decode(errors="replace")
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", stderr)
    seconds = int(wall.group(1) or 0) * 3600 + int(wall.group(2)) * 60 + float(wall.group(3))
    rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", stderr).group(1)) / 1024
    status = int(re.search(r"Exit status: (\d+)", stderr).group(1))
    own = "\n".join(line for line in stderr.splitlines() if not line.startswith("\t") and "Command" not in line)
    return status, seconds, rss, own


def limit_line(report, stderr):
    """The first finding (or else stderr line) that names a limit, or the first stderr line, cut to 160 characters."""
    try:
        files = json.load(open(report)).get("files", [])
    except (ValueError, OSError, AttributeError):
        files = []
    for entry in files:
        for diagnostic in entry.get("diagnostics", []):
            if LIMIT_WORDS.search(diagnostic.get("message", "")):
                name = os.path.relpath(entry.get("file", ""), os.path.dirname(report))
                return f"{diagnostic.get('rule')} {name}: {diagnostic.get('message', '')}"[:200]
    lines = [line for line in stderr.splitlines() if line.strip()]
    named = [line for line in lines if LIMIT_WORDS.search(line) and not line.startswith("playprep: checked")]
    return (named or lines or [""])[0][:160]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary", nargs="?")
    parser.add_argument("out", nargs="?")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", nargs="*")
    parser.add_argument("--list", action="store_true")
    arguments = parser.parse_args()
    if arguments.list:
        print("\n".join(CASES))
        return
    if not arguments.binary or not arguments.out:
        parser.error("BINARY and OUT are required")
    os.makedirs(arguments.out, exist_ok=True)
    for name in arguments.only or CASES:
        tree = build(name, arguments.out)
        report = os.path.join(arguments.out, name + ".json")
        times, peaks = [], []
        for _ in range(arguments.runs):
            if name.startswith("fifo"):
                tree = build(name, arguments.out)
            status, seconds, rss, stderr = run(arguments.binary, tree, report)
            times.append(seconds)
            peaks.append(rss)
        size = os.path.getsize(report)
        print(f"{name}\texit {status}\t{min(times):.2f} s\t{max(peaks):.0f} MB\treport {size} B\t"
              f"{limit_line(report, stderr)}", flush=True)


if __name__ == "__main__":
    sys.exit(main())

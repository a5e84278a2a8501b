#!/usr/bin/env python3
"""Issue 47's attack as a harness: hostile repositories built in a temporary folder, run through every command and
format of a playprep binary, each output judged by a model of the GitHub Actions runner's command parser.

    scripts/hostile-harness.py --binary PATH [--only NAME ...] [--part PART ...] [--list] [--keep DIR] [--jobs N]

Each case is a copy of TestImages/SampleApp changed one hostile way (names and texts with CR, LF, ESC, OSC 8,
U+202E, `##[stop-commands]`, `##[add-mask]`, `::error file=…::` in folder and file names, listing texts,
playprep.yml keys and values, rule ids, a baseline's `tool`, an applicationId, a versionCode expression, APK
entry names; links out of the tree to a planted secret; inputs made to exhaust the runner: a `since:` blob bomb,
a hostile `.git/config`, overlapping, 1 GiB, ZIP64 and bad-CRC APKs, a deep AAB manifest, huge images, 100,000
NinePatches), beside an `outside/` folder holding that secret. The
binary runs with the case's tree as its working directory, another secret in its environment, and writes only
into `out/`. A run passes when:

- the runner model (lines split at LF and at a bare CR; a line whose trimmed start is `::` is a command, `##[`
  anywhere starts a legacy one) finds no command in standard output, standard error, or the two together, except
  the `::error`/`::warning`/`::notice` lines of `--format github` on standard output, whole and escaped;
- no line starts with FORGED (every payload carries one after a line break) and no raw control character, DEL or
  bidi control reaches either stream (a terminal would obey it);
- neither secret appears in standard output, standard error or a file the run wrote;
- nothing changed outside `out/` (and the output the run names): the tree and `outside/` are compared with a
  snapshot taken before;
- the run took at most 5 s and 256 MB (the child's own rusage; meant for an optimized build), exited 0, 1 or 2
  (or the codes the run names), and an exit 2 says why in one `playprep: error:` line (beside the usage lines
  of a command-line mistake); a JSON report parses; the output holds the run's `says` pattern and not its
  `never` one.

Prints one row per run (case, command, exit, time, memory, verdict and why), then `N passed, N failed`, and exits
1 on any failure. Adding a case is one `Case(...)` entry in CASES: a name, the part of issue 47 it belongs to, a
function that changes the tree, and its runs.
"""

import argparse
import concurrent.futures
import importlib.util
import json
import os
import re
import secrets
import shutil
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
import zlib
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLE = os.path.join(ROOT, "TestImages", "SampleApp")
SAMPLE_APK = os.path.join(ROOT, "TestImages", "artifacts", "debuggable.apk")
SECONDS_LIMIT = 5.0
MEGABYTES_LIMIT = 256
LISTING = "fastlane/metadata/android"
NINEPATCH = "app/src/main/res/drawable-mdpi/tab_unselected.9.png"

def _tree_edits():
    """`write` and `replace` from scripts/bounded-cases.py (issue 33's cases), which edits trees the same way."""
    spec = importlib.util.spec_from_file_location("bounded_cases", os.path.join(ROOT, "scripts", "bounded-cases.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.write, module.replace


write, replace = _tree_edits()
REPORT_FORMATS = ["text", "json", "sarif", "junit", "github", "codeclimate", "gcc", "html"]
JSON_FORMATS = {"json", "sarif", "codeclimate"}

# What a terminal or the runner acts on: the payload carries each, and each must come out inert.
HOSTILE = (
    "x\r::error file=README.md::FORGED-CR\n::warning file=a::FORGED-LF\x1b[2J\x1b[1;1H"
    "\x1b]8;;https://example.invalid/\x07link\x1b]8;;\x07\u202eevil\u2066##[stop-commands]HARNESS\n"
    "##[add-mask]x\nFORGED 20 files checked: 0 errors, 0 warnings, 0 notes"
)
# A file or folder name holds no `/` and at most 255 bytes.
HOSTILE_NAME = "n\r::error file=README.md::FORGED-CR\n::notice::FORGED\x1b]8;;x\x07\u202e##[stop-commands]H"
INERT_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")
GITHUB_ANNOTATION = re.compile(
    r"::(error|warning|notice) file=[^,:\r\n]*(,line=\d+)?(,col=\d+)?,title=[^,:\r\n]*::[^\r\n]*"
)


@dataclass
class Run:
    """One command line; `{out}` is replaced by the case's output folder. `allowed` names more paths (relative to
    the case folder) the run may create or replace, beside `out/`. `exits` are the exit codes the run may end with,
    `says` a pattern its output (standard output and error together) must match and `never` one it must not."""

    args: list
    allowed: list = field(default_factory=list)
    exits: tuple = (0, 1, 2)
    says: str = None
    never: str = None


@dataclass
class Case:
    name: str
    part: str  # which part of issue 47 makes it hold: escape, links or bounds
    build: object  # function(tree, case_folder) changing the copied tree
    runs: list


def link(tree, path, target):
    full = os.path.join(tree, path)
    if os.path.lexists(full):
        os.remove(full)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    os.symlink(target, full)


def yaml_string(text):
    """`text` as a double-quoted YAML scalar."""
    return json.dumps(text)


def check_runs(*extra, formats=REPORT_FORMATS):
    return [Run(["check", ".", "--format", f, *extra]) for f in formats]


# The cases. Each tree is TestImages/SampleApp as `repo/`, beside `outside/secret.txt` and `out/`.


def folder_stop_commands(tree, case):
    shutil.copytree(os.path.join(tree, "fastlane"), os.path.join(tree, "docs##[stop-commands]X", "fastlane"))


def video_add_mask(tree, case):
    write(tree, f"{LISTING}/en-US/video.txt", "##[add-mask]https://example.invalid/v")


def listing_texts(tree, case):
    write(tree, f"{LISTING}/en-US/title.txt", HOSTILE)
    write(tree, f"{LISTING}/en-US/short_description.txt", HOSTILE)
    write(tree, f"{LISTING}/en-US/changelogs/3.txt", HOSTILE)


def locale_folder(tree, case):
    shutil.copytree(os.path.join(tree, LISTING, "en-US"), os.path.join(tree, LISTING, HOSTILE_NAME))


def resource_names(tree, case):
    folder = os.path.dirname(os.path.join(tree, NINEPATCH))
    shutil.copy(os.path.join(tree, NINEPATCH), os.path.join(folder, HOSTILE_NAME + ".9.png"))
    write(tree, f"app/src/main/res/drawable-mdpi/{HOSTILE_NAME}.xml", "<shape/>\n")


def ninepatch_name(tree, case):
    shutil.copy(os.path.join(tree, NINEPATCH), os.path.join(tree, "in", "hostile" + HOSTILE_NAME + ".9.png"))


def build_values(tree, case):
    script = "app/build.gradle.kts"
    replace(tree, script, 'applicationId = "com.playprep.sample"', "applicationId = " + json.dumps(HOSTILE))
    replace(tree, script, "versionCode = 3", "versionCode = " + HOSTILE.replace("\n", "\n ") + ".toInt()")


def manifest_package(tree, case):
    replace(tree, "app/src/main/AndroidManifest.xml", "<manifest", '<manifest package="a\n::error::FORGED\x1b[2J"')


def configuration_key(tree, case):
    write(tree, "playprep.yml", f"{yaml_string(HOSTILE)}: 1\n")


def configuration_rule(tree, case):
    write(tree, "playprep.yml", f"rules:\n  {yaml_string(HOSTILE)}: off\n")


def configuration_since(tree, case):
    """`since:` naming the payload, in a git repository so git is asked."""
    write(tree, "playprep.yml", f"since: {yaml_string(HOSTILE)}\n")
    git = ["git", "-c", "user.name=harness", "-c", "user.email=harness@example.invalid", "-c", "commit.gpgsign=false"]
    for command in [["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "tree"]]:
        subprocess.run([*git, *command], cwd=tree, check=True, stdout=subprocess.DEVNULL)


def configuration_roots(tree, case):
    write(tree, "playprep.yml", f"listing:\n  roots:\n    - path: {yaml_string(HOSTILE)}\n")


def baseline_tool(tree, case):
    write(tree, "baseline.json", json.dumps({"tool": HOSTILE, "version": 2, "entries": []}))


def apk_entries(tree, case):
    """The sample APK with an entry whose name is the payload, and a file name that is one."""
    with zipfile.ZipFile(SAMPLE_APK) as source, zipfile.ZipFile(os.path.join(tree, "hostile.apk"), "w") as apk:
        for item in source.infolist():
            apk.writestr(item, source.read(item))
        apk.writestr("res/" + HOSTILE_NAME.replace("\r", "") + ".png", b"\x89PNG\r\n\x1a\n")
    shutil.copy(SAMPLE_APK, os.path.join(tree, f"release{HOSTILE_NAME}.apk"))


def linked_video(tree, case):
    link(tree, f"{LISTING}/en-US/video.txt", "../../../../../outside/secret.txt")


def linked_contact(tree, case):
    gpp = "app/src/main/play"
    write(tree, f"{gpp}/listings/en-US/title.txt", "Sample\n")
    link(tree, f"{gpp}/contact-email.txt", "../../../../../outside/secret.txt")
    replace(tree, "app/build.gradle.kts", 'id("com.android.application")', 'id("com.android.application")\n'
            '    id("com.github.triplet.play") version "3.12.1"')


def linked_gradle_properties(tree, case):
    link(tree, "gradle.properties", "../outside/secret.properties")


def linked_locale_folder(tree, case):
    link(tree, f"{LISTING}/de-DE", "../../../../outside/locale")


def linked_report_output(tree, case):
    link(tree, "playprep.sarif", "../outside/victim")


def dangling_report_output(tree, case):
    link(tree, "report.json", "../outside/created-by-playprep")


def linked_density_folder(tree, case):
    link(case, "out/res/drawable-ldpi", "../../outside/density")


def ninepatch_runs(source):
    """Every ninepatch command on `source`, writing into out/."""
    return [
        *[Run(["ninepatch", "check", source, "--format", f]) for f in REPORT_FORMATS],
        Run(["ninepatch", "inspect", source]),
        Run(["ninepatch", "inspect", source, "--format", "json"]),
        Run(["ninepatch", "render", source, "--size", "40x40", "-o", "{out}/render.png"]),
        Run(["ninepatch", "fix", source, "-o", "{out}/fixed.9.png"]),
        Run(["ninepatch", "scale", source, "--res-dir", "{out}/res", "--from", "xxxhdpi", "--to", "mdpi"]),
        Run(["ninepatch", "export", source, "--format", "json", "-o", "{out}/export"]),
        Run(["ninepatch", "gallery", os.path.dirname(source) or ".", "-o", "{out}/gallery.html"]),
    ]


# The bounds cases: inputs built to exhaust the runner, each made cheaply here in the case's folder (nothing large
# is committed): git objects shared by many paths, ZIP directories written byte by byte, sparse files, hard links.

RELEASE_APK = os.path.join(ROOT, "TestImages", "artifacts", "release.apk")
RELEASE_AAB = os.path.join(ROOT, "TestImages", "artifacts", "release.aab")
GIT = ["git", "-c", "user.name=harness", "-c", "user.email=harness@example.invalid", "-c", "commit.gpgsign=false"]
SHARED_STREAM = r"share compressed bytes of the file"
# Either limit: the output's (`--max-pixels`) or the density scaling's own.
PIXEL_LIMIT = r"^playprep: error: [^\n]*(it would be \d+x\d+ pixels, over the limit of|\d+x\d+ exceeds the limit of \d+ pixels)"


def git(tree, *args, stdin=None):
    """`git args…` in `tree`, its standard output without the last newline."""
    done = subprocess.run([*GIT, *args], cwd=tree, check=True, input=stdin, capture_output=True, text=True)
    return done.stdout.rstrip("\n")


def since_blob_bomb(tree, case):
    """The sample committed, and beside it a commit (tag `bomb`) whose 256 build files are one 4 MiB blob;
    `since:` in playprep.yml names that commit."""
    git(tree, "init", "-q")
    write(case, "blob", b"x" * (4 << 20))
    blob = git(tree, "hash-object", "-w", os.path.join(case, "blob"))
    os.remove(os.path.join(case, "blob"))
    index = "".join(f"100644 {blob}\tmodule{n}/build.gradle\n" for n in range(256))
    git(tree, "update-index", "--add", "--index-info", stdin=index)
    bomb = git(tree, "commit-tree", git(tree, "write-tree"), "-m", "bomb")
    git(tree, "tag", "bomb", bomb)
    git(tree, "read-tree", "--empty")
    git(tree, "add", "-A")
    git(tree, "commit", "-q", "-m", "tree")
    write(tree, "playprep.yml", f"since: {bomb}\n")


def since_gpg_config(tree, case):
    """A signed commit tagged v1.0, and a clone's `.git/config` that shows signatures with a `gpg.program` (and
    pager, fsmonitor, external diff) leaving `outside/gpg-ran`: plain `git log` runs it, `--since` must not."""
    git(tree, "init", "-q")
    git(tree, "add", "-A")
    signed = git(tree, "hash-object", "-t", "commit", "-w", "--stdin", stdin=(
        f"tree {git(tree, 'write-tree')}\nauthor h <h@example.invalid> 0 +0000\n"
        "committer h <h@example.invalid> 0 +0000\n"
        "gpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n -----END PGP SIGNATURE-----\n\none\n"))
    git(tree, "update-ref", "HEAD", signed)
    git(tree, "tag", "v1.0")
    marker = os.path.join(case, "outside", "gpg-ran")
    program = os.path.join(case, "outside", "gpg.sh")
    write(case, "outside/gpg.sh", f"#!/bin/sh\ntouch '{marker}'\nexit 1\n")
    os.chmod(program, 0o755)
    for key in ["gpg.program", "core.pager", "core.fsmonitor", "diff.external"]:
        git(tree, "config", key, program)
    git(tree, "config", "log.showSignature", "true")
    subprocess.run(["git", "log", "-1", "HEAD"], cwd=tree, capture_output=True)
    assert os.path.exists(marker), "the configuration is not hostile: plain git log ran no program"
    os.remove(marker)


def zeros_crc(size, cache={}):
    """The CRC-32 of `size` zero bytes."""
    if size not in cache:
        crc, chunk = 0, bytes(1 << 20)
        for start in range(0, size, len(chunk)):
            crc = zlib.crc32(chunk[:size - start], crc)
        cache[size] = crc
    return cache[size]


def write_zip(path, entries, zip64=False, zip64_offsets=False):
    """A ZIP of stored entries written byte by byte: `entries` are (name, data), where data is bytes or a size, that
    many zero bytes left as a hole in the file (sparse: a 1 GiB archive costs neither disk nor time). Stored data
    starts on 4-byte boundaries (16 KiB for `.so`), as zipalign puts it. With `zip64`, every size is a ZIP64 field
    and the directory's offset is in a ZIP64 end record, as `zip -fz` writes them; with `zip64_offsets` too, each
    local header's offset is a ZIP64 field as well (the first one 0)."""
    little = struct.pack
    records = []
    with open(path, "wb") as archive:
        for name, data in entries:
            size = data if isinstance(data, int) else len(data)
            crc = zeros_crc(size) if isinstance(data, int) else zlib.crc32(data)
            offset = archive.tell()
            extra = little("<HHQQ", 1, 16, size, size) if zip64 else b""
            align = 16384 if name.endswith(".so") else 4
            start = offset + 30 + len(name.encode()) + len(extra)
            if start % align:
                padding = (-(start + 6)) % align + 6
                extra += little("<HHH", 0xD935, padding - 4, align) + bytes(padding - 6)
            small = 0xFFFFFFFF if zip64 else size
            archive.write(little("<IHHHHHIIIHH", 0x04034B50, 45 if zip64 else 20, 0, 0, 0, 0x21, crc, small, small,
                                 len(name.encode()), len(extra)) + name.encode() + extra)
            if isinstance(data, int):
                archive.seek(size, os.SEEK_CUR)
            else:
                archive.write(data)
            directory_extra = (little("<HHQQ", 1, 16, size, size) if zip64 and not zip64_offsets
                               else little("<HHQQQ", 1, 24, size, size, offset) if zip64 else b"")
            records.append(little("<IHHHHHHIIIHHHHHII", 0x02014B50, 0x31E, 45 if zip64 else 20, 0, 0, 0, 0x21, crc,
                                  small, small, len(name.encode()), len(directory_extra), 0, 0, 0, 0,
                                  0xFFFFFFFF if zip64_offsets else offset) + name.encode() + directory_extra)
        directory = archive.tell()
        archive.write(b"".join(records))
        end = archive.tell()
        count, length = len(records), end - directory
        if zip64:
            archive.write(little("<IQHHIIQQQQ", 0x06064B50, 44, 45, 45, 0, 0, count, count, length, directory))
            archive.write(little("<IIQI", 0x07064B50, 0, end, 1))
            directory = 0xFFFFFFFF
        archive.write(little("<IHHHHIIH", 0x06054B50, 0, 0, count, count, length, directory, 0))


def entries_of(apk):
    """The entries of `apk`, as (name, bytes) in its order."""
    with zipfile.ZipFile(apk) as source:
        return [(item.filename, source.read(item)) for item in source.infolist()]


def zip_overlap(tree, case):
    """One local header of 256 MiB deflated about 110:1 (each entry passes the ratio check), named by seven
    directory records: 1.75 GiB if each were inflated."""
    chunk = bytearray(1 << 20)
    chunk[::512] = os.urandom(len(chunk) // 512)
    compressor = zlib.compressobj(1, zlib.DEFLATED, -15)
    # After a full flush a deflate block depends on nothing before it: 256 copies of one block are 256 MiB.
    block = compressor.compress(bytes(chunk)) + compressor.flush(zlib.Z_FULL_FLUSH)
    stream = block * 256 + b"\x03\x00"
    assert zlib.decompress(block * 2 + b"\x03\x00", -15) == bytes(chunk) * 2
    size, crc = 256 << 20, 0
    for _ in range(256):
        crc = zlib.crc32(chunk, crc)
    name = b"assets/shared.bin"
    header = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0x21, crc, len(stream), size, len(name), 0)
    records = b"".join(
        struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 0x31E, 20, 0, 8, 0, 0x21, crc, len(stream), size,
                    len(f"assets/copy{n}.bin"), 0, 0, 0, 0, 0, 0) + f"assets/copy{n}.bin".encode() for n in range(7))
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 7, 7, len(records), len(header) + len(name) + len(stream), 0)
    write(tree, "overlap.apk", header + name + stream + records + end)


def zip_1gib(tree, case):
    """The release APK's entries and four stored entries of 255 MiB of zeros (sparse): a 1 GiB APK, each entry
    within the per-entry limit, all within the archive's."""
    write_zip(os.path.join(tree, "huge.apk"),
              entries_of(RELEASE_APK) + [(f"assets/big{n}.bin", 255 << 20) for n in range(4)])
    assert os.path.getsize(os.path.join(tree, "huge.apk")) <= 1 << 30


def manifest_bad_crc(tree, case):
    """The release APK with its manifest's CRC-32 in the directory changed (the entry's bytes are intact)."""
    apk = bytearray(open(RELEASE_APK, "rb").read())
    record = apk.rfind(b"PK\x01\x02", 0, apk.rfind(b"AndroidManifest.xml"))
    assert apk[record + 46:record + 46 + 19] == b"AndroidManifest.xml"
    apk[record + 16] ^= 0xFF
    write(tree, "bad-crc.apk", bytes(apk))


def zip64_apk(tree, case):
    """The release APK's entries written three times, the same way: without ZIP64 records, with them, and with
    the offsets in ZIP64 fields too (the first one 0, which ZIPFoundation takes for none given)."""
    entries = entries_of(RELEASE_APK)
    write_zip(os.path.join(tree, "plain.apk"), entries)
    write_zip(os.path.join(tree, "zip64.apk"), entries, zip64=True)
    write_zip(os.path.join(tree, "zip64-offsets.apk"), entries, zip64=True, zip64_offsets=True)


def protobuf_field(number, data):
    """A length-delimited protobuf field."""
    length, count = b"", len(data)
    while True:
        length += bytes([(count & 0x7F) | (0x80 if count > 0x7F else 0)])
        count >>= 7
        if not count:
            return bytes([number << 3 | 2]) + length + data


def aab_deep_manifest(tree, case):
    """The release bundle whose protobuf manifest nests 51 elements (XmlNode.element = 1, XmlElement.name = 3,
    XmlElement.child = 5): 102 nested messages, past SwiftProtobuf's 100."""
    node = b""
    for level in range(51):
        node = protobuf_field(1, protobuf_field(3, b"manifest") + (protobuf_field(5, node) if level else b""))
    with zipfile.ZipFile(RELEASE_AAB) as source, zipfile.ZipFile(os.path.join(tree, "deep.aab"), "w") as bundle:
        for item in source.infolist():
            bundle.writestr(item, node if item.filename == "base/manifest/AndroidManifest.xml" else source.read(item))


def png(width, height, rows):
    """A PNG of `width`×`height` RGBA pixels; `rows(y)` gives each row's bytes (filter byte included)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    compressor = zlib.compressobj(1)
    pixels = b"".join(compressor.compress(rows(y)) for y in range(height)) + compressor.flush()
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", pixels) + chunk(b"IEND", b""))


def scale_huge(tree, case):
    """A 6000×6000 NinePatch (6002² with its frame) stretching everywhere: xxxhdpi from ldpi is 32000² pixels."""
    side = 6000
    black, clear, grey = b"\x00\x00\x00\xff", b"\x00\x00\x00\x00", b"\x80\x80\x80\xff"
    edge = b"\x00" + clear + black * side + clear
    inner = b"\x00" + black + grey * side + clear
    last = b"\x00" + clear * (side + 2)
    write(tree, "in/huge.9.png", png(side + 2, side + 2, lambda y: edge if y == 0 else last if y > side else inner))


def gallery_100k(tree, case):
    """100,000 copies of the sample's 280-byte NinePatch in 100 folders: in each, one file and 999 hard links to
    it (a file system allows some 65,000 links to one file)."""
    for folder in range(100):
        names = [os.path.join(tree, "in", "many", f"{folder:02}", f"p{number:03}.9.png") for number in range(1000)]
        os.makedirs(os.path.dirname(names[0]))
        shutil.copy(os.path.join(tree, NINEPATCH), names[0])
        for name in names[1:]:
            os.link(names[0], name)


PLAN = [Run(["plan", "."]), Run(["plan", ".", "--verbose"]), Run(["plan", ".", "--format", "json"])]

CASES = [
    Case(
        "folder-stop-commands", "escape", folder_stop_commands,
        check_runs() + PLAN + [Run(["listing", "check", f"docs##[stop-commands]X/{LISTING}", "--format", f])
                               for f in ["text", "github"]],
    ),
    Case("video-add-mask", "escape", video_add_mask,
         check_runs(formats=["text", "github", "json"]) + [Run(["listing", "check", LISTING])]),
    Case("listing-texts", "escape", listing_texts,
         check_runs() + [Run(["listing", "check", LISTING, "--format", f]) for f in REPORT_FORMATS]),
    Case("locale-folder", "escape", locale_folder,
         check_runs(formats=["text", "gcc", "github", "json"]) + PLAN + [Run(["listing", "check", LISTING, "--format", f]) for f in ["text", "gcc", "github"]]),
    Case("resource-names", "escape", resource_names, check_runs() + PLAN),
    Case("ninepatch-name", "escape", ninepatch_name, ninepatch_runs("in/hostile" + HOSTILE_NAME + ".9.png")),
    Case("build-values", "escape", build_values,
         check_runs(formats=["text", "gcc", "github", "json", "sarif"]) + PLAN + [Run(["package", "check", "app/build.gradle.kts", "--format", f])
                                for f in ["text", "github", "json"]]
         + [Run(["package", "check", HOSTILE])]),
    Case("manifest-package", "escape", manifest_package, check_runs(formats=["text", "gcc", "github"]) + PLAN),
    Case("configuration-key", "escape", configuration_key, check_runs(formats=["text", "github"]) + PLAN[:1]),
    Case("configuration-rule", "escape", configuration_rule, check_runs(formats=["text", "github"]) + PLAN[:1]),
    Case("configuration-since", "escape", configuration_since, check_runs(formats=["text", "github"])),
    Case("configuration-roots", "escape", configuration_roots, check_runs(formats=["text", "github"]) + PLAN[:1]),
    Case("baseline-tool", "escape", baseline_tool,
         check_runs("--baseline", "baseline.json", formats=["text", "github"])),
    Case("rule-ids", "escape", lambda tree, case: None,
         [Run(["rules", HOSTILE]), Run(["rules", "--format", "json"]), Run(["rules", "NP003"]),
          Run(["check", ".", "--enable", HOSTILE]), Run(["check", ".", "--disable", HOSTILE, "--format", "github"]),
          Run(["ninepatch", "check", NINEPATCH, "--enable", HOSTILE])]),
    Case("apk-entries", "escape", apk_entries,
         [Run(["artifact", "check", "hostile.apk", "--format", f]) for f in REPORT_FORMATS]
         + [Run(["artifact", "check", f"release{HOSTILE_NAME}.apk", "--format", f]) for f in ["text", "github"]]
         + [Run(["artifact", "declarations", f"release{HOSTILE_NAME}.apk"])]
         + [Run(["check", ".", "--artifact", "hostile.apk", "--format", f]) for f in ["text", "github", "sarif"]]),
    Case("hostile-output-name", "escape", lambda tree, case: None,
         [Run(["check", ".", "--format", "sarif", "-o", "{out}/" + HOSTILE_NAME]),
          Run(["check", ".", "--format", "github", "-o", "-"])]),
    Case("linked-video", "links", linked_video,
         check_runs(formats=["text", "github", "json", "html"]) + [Run(["listing", "check", LISTING])]),
    Case("linked-contact-email", "links", linked_contact, check_runs(formats=["github", "html"])),
    Case("linked-gradle-properties", "links", linked_gradle_properties, check_runs(formats=["text", "json"]) + PLAN),
    Case("linked-locale-folder", "links", linked_locale_folder,
         check_runs(formats=["text", "json"]) + [Run(["listing", "check", LISTING])]),
    Case("linked-report-output", "links", linked_report_output,
         [Run(["check", ".", "--format", "sarif", "-o", "playprep.sarif"], allowed=["repo/playprep.sarif"])]),
    Case("dangling-report-output", "links", dangling_report_output,
         [Run(["check", ".", "--format", "json", "-o", "report.json"], allowed=["repo/report.json"]),
          Run(["check", ".", "--write-baseline", "report.json"], allowed=["repo/report.json"])]),
    Case("linked-density-folder", "links", linked_density_folder,
         [Run(["ninepatch", "scale", NINEPATCH, "--res-dir", "{out}/res", "--from", "xxxhdpi", "--to", "ldpi"])]),
    Case("since-blob-bomb", "bounds", since_blob_bomb,
         [Run(["check", ".", "--format", f], exits=(2,), says=r"over playprep's limit of 67108864 bytes")
          for f in ["text", "github"]]
         + [Run(["check", ".", "--since", "bomb"], exits=(2,), says=r"--since bomb: the files playprep reads")]),
    Case("since-gpg-config", "bounds", since_gpg_config,
         [Run(["check", ".", "--since", "last-tag", "--format", f], exits=(0, 1), says=r"v1\.0") for f in ["text", "github"]]),
    Case("zip-overlap", "bounds", zip_overlap,
         [Run(["artifact", "check", "overlap.apk", "--format", f], exits=(1,), says=SHARED_STREAM)
          for f in ["text", "github", "json"]]
         + [Run(["check", ".", "--artifact", "overlap.apk"], exits=(1,), says=SHARED_STREAM)]),
    Case("zip-1gib", "bounds", zip_1gib,
         [Run(["artifact", "check", "huge.apk"]), Run(["check", ".", "--artifact", "huge.apk", "--format", "github"])]),
    Case("manifest-bad-crc", "bounds", manifest_bad_crc,
         [Run(["artifact", "check", "bad-crc.apk", "--format", f], exits=(1, 2), says=r"AndroidManifest\.xml.*CRC-32")
          for f in ["text", "github", "json"]]
         + [Run(["check", ".", "--artifact", "bad-crc.apk"], exits=(1, 2), says=r"AndroidManifest\.xml.*CRC-32")]),
    Case("zip64-apk", "bounds", zip64_apk,
         [Run(["artifact", "check", name, "--format", f], exits=(1,), says="ART013", never=r"cannot read the artifact")
          for name in ["plain.apk", "zip64.apk"] for f in ["text", "json"]]
         + [Run(["artifact", "check", "zip64-offsets.apk"], exits=(1,), says=r"entry 1 gives its local header's offset")]),
    Case("aab-deep-manifest", "bounds", aab_deep_manifest,
         [Run(["artifact", "check", "deep.aab", "--format", f], says=r"nests deeper than 50 levels",
              never="messageDepthLimit") for f in ["text", "github"]]
         + [Run(["check", ".", "--artifact", "deep.aab"], says=r"nests deeper than 50 levels", never="messageDepthLimit")]),
    Case("scale-huge", "bounds", scale_huge,
         [Run(["ninepatch", "scale", "in/huge.9.png", "--res-dir", "{out}/res", "--from", "ldpi", "--to", "xxxhdpi"],
              exits=(2,), says=PIXEL_LIMIT + " 32768x32768")]),
    Case("render-scale", "bounds", lambda tree, case: None,
         [Run(["ninepatch", "render", NINEPATCH, *options, "-o", "{out}/render.png"], exits=(2,), says=PIXEL_LIMIT)
          for options in [["--size", "40000x40"], ["--size", "20000x20000"], ["--size", "40x40", "--scale", "1e30"],
                          ["--size", "40x40", "--scale", "3000"]]]),
    Case("gallery-100k", "bounds", gallery_100k,
         [Run(["ninepatch", "gallery", "in/many", "-o", "{out}/gallery.html"], exits=(0,),
              says=r"100000 NinePatch file\(s\)")]),
]


def snapshot(folder):
    """Every path under `folder` (links not followed): its kind, size, modification time and link target."""
    state = {}
    for parent, folders, files in os.walk(folder):
        for name in folders + files:
            path = os.path.join(parent, name)
            info = os.lstat(path)
            target = os.readlink(path) if os.path.islink(path) else None
            state[os.path.relpath(path, folder)] = (info.st_mode, info.st_size, info.st_mtime_ns, info.st_ino, target)
    return state


def runner_commands(text):
    """The commands the Actions runner would take from `text`: (line, kind, command) for each line (split at LF,
    CRLF and a bare CR) whose trimmed start is `::` (kind `v2`), and for each `##[` in a line (kind `legacy`)."""
    found = []
    for line in re.split(r"\r\n|\n|\r", text):
        trimmed = line.strip()
        if trimmed.startswith("::"):
            found.append((line, "v2", re.split(r"[ :]", trimmed[2:], maxsplit=1)[0]))
        start = line.find("##[")
        while start >= 0:
            found.append((line, "legacy", re.split(r"[ \]]", line[start + 3:], maxsplit=1)[0]))
            start = line.find("##[", start + 3)
    return found


def judge_streams(stdout, stderr, github_stdout):
    """The problems in one run's two streams, as the runner and a terminal would see them."""
    problems = []
    annotations = set(stdout.split("\n")) if github_stdout else set()
    for name, text in [("stdout", stdout), ("stderr", stderr), ("stderr+stdout", stderr + stdout),
                       ("stdout+stderr", stdout + stderr)]:
        for line, kind, command in runner_commands(text):
            # The github format's own annotations: whole lines of standard output, escaped.
            own = (github_stdout and kind == "v2" and GITHUB_ANNOTATION.fullmatch(line) is not None
                   and line in annotations)
            if not own:
                hidden = command in ("stop-commands", "add-mask")
                problems.append(f"{'hidden' if hidden else 'forged'} {kind} command {command!r} in {name}: "
                                f"{line[:80]!r}")
    for name, text in [("stdout", stdout), ("stderr", stderr)]:
        for line in re.split(r"\r\n|\n|\r", text):
            if line.strip().startswith("FORGED"):
                problems.append(f"forged line in {name}: {line[:60]!r}")
        raw = INERT_CONTROLS.search(text)
        if raw:
            problems.append(f"raw control U+{ord(raw.group()):04X} in {name}")
    return problems


def error_lines(stderr):
    """The lines of an error's standard error but the usage lines the argument parser adds to a command-line
    mistake (`Usage: …`, `  See '… --help' …`, `Help: …`)."""
    return [line for line in stderr.rstrip("\n").split("\n")
            if not line.startswith(("Usage: ", "  See '", "Help: "))]


def run_one(binary, case_folder, run, environment, planted):
    """Runs `run` in the case's tree; returns (exit, seconds, megabytes, problems)."""
    tree = os.path.join(case_folder, "repo")
    out = os.path.join(case_folder, "out")
    args = [arg.replace("{out}", out) for arg in run.args]
    before = snapshot(case_folder)
    with tempfile.TemporaryFile() as stdout_file, tempfile.TemporaryFile() as stderr_file:
        started = time.monotonic()
        child = subprocess.Popen([binary, *args], cwd=tree, env=environment, stdin=subprocess.DEVNULL,
                                 stdout=stdout_file, stderr=stderr_file)
        killer = threading.Timer(SECONDS_LIMIT * 4, child.kill)
        killer.start()
        _, status, usage = os.wait4(child.pid, 0)
        killer.cancel()
        child.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.monotonic() - started
        stdout_file.seek(0)
        stderr_file.seek(0)
        stdout = stdout_file.read().decode("utf-8", "replace")
        stderr = stderr_file.read().decode("utf-8", "replace")
    megabytes = usage.ru_maxrss / 1024
    code = child.returncode
    problems = judge_streams(stdout, stderr, github_stdout="github" in args and "-o" not in args)
    if code not in run.exits:
        problems.append(f"exit {code}" + (" (killed by a signal)" if code < 0 else "")
                        + ("" if run.exits == (0, 1, 2) else f", not {'/'.join(map(str, run.exits))}"))
    if code == 2 and "playprep: error:" not in stderr:
        problems.append("exit 2 without a `playprep: error:` line")
    elif code == 2 and len(error_lines(stderr)) > 1:
        problems.append(f"exit 2 with {len(error_lines(stderr))} lines on stderr: {stderr[:80]!r}")
    if run.says and not re.search(run.says, stdout + stderr):
        problems.append(f"says no {run.says!r}: {(stderr or stdout)[:100]!r}")
    if run.never and re.search(run.never, stdout + stderr):
        problems.append(f"says {re.search(run.never, stdout + stderr).group()!r}")
    if seconds > SECONDS_LIMIT:
        problems.append(f"took {seconds:.1f} s")
    if megabytes > MEGABYTES_LIMIT:
        problems.append(f"peak {megabytes:.0f} MB")
    if code in (0, 1) and "-o" not in args and any(f in args for f in JSON_FORMATS):
        try:
            json.loads(stdout)
        except ValueError as error:
            problems.append(f"standard output is not JSON: {error}")
    after = snapshot(case_folder)
    allowed = set(run.allowed)
    written = []
    for path in sorted(set(before) | set(after)):
        if before.get(path) == after.get(path):
            continue
        if path == "out" or path.startswith("out/") or path in allowed:
            if path in after and os.path.isfile(os.path.join(case_folder, path)):
                written.append(os.path.join(case_folder, path))
            continue
        problems.append(f"wrote {path}")
    for secret in planted:
        if secret in stdout or secret in stderr:
            problems.append("secret in " + ("stdout" if secret in stdout else "stderr"))
        for path in written:
            if not os.path.islink(path) and secret.encode() in open(path, "rb").read():
                problems.append(f"secret in {os.path.relpath(path, case_folder)}")
    return code, seconds, megabytes, problems


def prepare(case, folder, outside_secret):
    """The case's folder: `repo/` (the sample changed by the case), `outside/` with the secrets, `out/`."""
    shutil.copytree(SAMPLE, os.path.join(folder, "repo"), symlinks=True)
    outside = os.path.join(folder, "outside")
    write(outside, "secret.txt", outside_secret + "\n")
    write(outside, "secret.properties", f"storePassword={outside_secret}\n")
    write(outside, "victim", "#!/bin/sh\necho victim\n")
    write(outside, "locale/title.txt", outside_secret + "\n")
    os.makedirs(os.path.join(outside, "density"))
    os.makedirs(os.path.join(folder, "out"))
    os.makedirs(os.path.join(folder, "repo", "in"))
    case.build(os.path.join(folder, "repo"), folder)


def run_case(binary, case, folder, environment, planted):
    prepare(case, folder, planted[0])
    return [(run, *run_one(binary, folder, run, environment, planted)) for run in case.runs]


def summarized(problems):
    """The first problem of each kind (what happened where, before the colon), and how many more there were."""
    first = {}
    for problem in problems:
        first.setdefault(problem.split(":")[0], problem)
    shown_problems = list(first.values())[:4]
    more = len(problems) - len(shown_problems)
    return "; ".join(shown_problems) + (f" (+{more} more)" if more else "")


def shown(args):
    return " ".join(arg if arg.isprintable() else "<hostile>" for arg in args)[:70]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--only", nargs="*", help="case names to run")
    parser.add_argument("--part", action="append", choices=sorted({case.part for case in CASES}),
                        help="only the cases of this part (repeat it for several)")
    parser.add_argument("--list", action="store_true", help="list the cases and exit")
    parser.add_argument("--keep", help="build the trees in this folder and keep them")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    options = parser.parse_args()
    if options.list:
        for case in CASES:
            print(f"{case.name:28} {case.part:7} {len(case.runs)} runs")
        return 0
    binary = os.path.realpath(options.binary)
    cases = [case for case in CASES if (not options.only or case.name in options.only)
             and (not options.part or case.part in options.part)]
    work = options.keep or tempfile.mkdtemp(prefix="playprep-hostile-")
    outside_secret = "HARNESS-OUTSIDE-SECRET-" + secrets.token_hex(8)
    environment_secret = "HARNESS-ENVIRONMENT-SECRET-" + secrets.token_hex(8)
    environment = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": work,
        "CI": "true",
        "GITHUB_ACTIONS": "true",
        "PLAYPREP_HARNESS_TOKEN": environment_secret,
        "SOURCE_DATE_EPOCH": "0",
    }
    planted = [outside_secret, environment_secret]
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs) as pool:
            futures = [pool.submit(run_case, binary, case, os.path.join(work, case.name), environment,
                                   planted) for case in cases]
            results = [(case, future.result()) for case, future in zip(cases, futures)]
    finally:
        if not options.keep:
            shutil.rmtree(work, ignore_errors=True)
    passed = failed = 0
    failing_cases = {}
    print(f"{'case':26} {'part':6} {'command':70} {'exit':>4} {'s':>5} {'MB':>4}  verdict")
    for case, rows in results:
        for run, code, seconds, megabytes, problems in rows:
            verdict = "ok" if not problems else "FAIL: " + summarized(problems)
            print(f"{case.name:26} {case.part:6} {shown(run.args):70} {code:>4} {seconds:5.2f} {megabytes:4.0f}  "
                  f"{verdict}")
            if problems:
                failed += 1
                failing_cases.setdefault(case.part, set()).add(case.name)
            else:
                passed += 1
    for part, names in sorted(failing_cases.items()):
        print(f"failing {part} cases: {', '.join(sorted(names))}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

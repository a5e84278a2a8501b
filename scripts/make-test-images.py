#!/usr/bin/env python3
"""Regenerate the hand-made fixtures in TestImages/ (crafted cases come from shared/oracle/make_cases.py).

Usage:  scripts/make-test-images.py        (needs pypng: pip install pypng)

Writes:
  TestImages/malformed/*.9.png   broken files every checker must survive and reject (exit 1, one line each):
                                 truncated, not a PNG, empty, bad CRC, huge or zero IHDR sizes, missing IEND,
                                 an empty IDAT, a chunk declaring 2 GB, an sRGB chunk before IHDR
  TestImages/unusual/*.9.png     odd files that libpng and aapt2 accept: trailing garbage after IEND, palette
                                 indices past the palette, and what aapt2's chunk filter hides from libpng:
                                 broken colour profiles, unknown critical chunks, chunks before IHDR
  TestImages/problems/*.9.png    valid PNGs whose NinePatch frame has several problems at once
  TestImages/BrokenApp/          an Android project with one planted problem per rule below (see its README.md)
"""
import io
import os
import struct
import zlib

import png  # pypng

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
T, K, R, BLUE, GREY = (0, 0, 0, 0), (0, 0, 0, 255), (255, 0, 0, 255), (0, 0, 255, 255), (128, 128, 128, 255)


def canvas(w, h, fill=BLUE):
    px = [[fill] * w for _ in range(h)]
    for x in range(w):
        px[0][x] = px[h - 1][x] = T
    for y in range(h):
        px[y][0] = px[y][w - 1] = T
    return px


def encode(px):
    out = io.BytesIO()
    png.Writer(len(px[0]), len(px), alpha=True, greyscale=False).write(out, [[c for p in row for c in p] for row in px])
    return out.getvalue()


def chunk(kind, data):
    return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)


def chunks(data):
    pos, found = 8, []
    while pos < len(data):
        (length,) = struct.unpack('>I', data[pos:pos + 4])
        found.append((data[pos + 4:pos + 8], pos, 12 + length))
        pos += 12 + length
    return found


def valid_ninepatch():
    px = canvas(9, 9)
    px[0][4] = K
    px[4][0] = K
    return encode(px)


def write(folder, name, data):
    os.makedirs(os.path.join(ROOT, 'TestImages', folder), exist_ok=True)
    with open(os.path.join(ROOT, 'TestImages', folder, name), 'wb') as handle:
        handle.write(data)


def malformed():
    good = valid_ninepatch()
    idat = next((start, size) for kind, start, size in chunks(good) if kind == b'IDAT')
    iend = next(start for kind, start, _ in chunks(good) if kind == b'IEND')
    write('malformed', 'truncated_idat.9.png', good[:idat[0] + idat[1] // 2])
    write('malformed', 'text_file.9.png', b'This is not an image, just text that was renamed.\n')
    write('malformed', 'empty.9.png', b'')
    bad_crc = bytearray(good)
    bad_crc[idat[0] + idat[1] - 1] ^= 0xFF
    write('malformed', 'bad_crc.9.png', bytes(bad_crc))
    # The zlib stream's Adler-32 (its last 4 bytes) is wrong, the chunk's CRC right: libpng, and so aapt2, refuse it.
    data = bytearray(good[idat[0] + 8:idat[0] + idat[1] - 4])
    data[-1] ^= 0xFF
    write('malformed', 'bad_adler.9.png', good[:idat[0]] + chunk(b'IDAT', bytes(data)) + good[idat[0] + idat[1]:])
    signature, ihdr_end = good[:8], 8 + 25
    huge = chunk(b'IHDR', struct.pack('>IIBBBBB', 100000, 100000, 8, 6, 0, 0, 0))
    write('malformed', 'huge_ihdr.9.png', signature + huge + good[ihdr_end:])
    zero = chunk(b'IHDR', struct.pack('>IIBBBBB', 0, 0, 8, 6, 0, 0, 0))
    write('malformed', 'zero_size.9.png', signature + zero + good[ihdr_end:])
    write('malformed', 'missing_iend.9.png', good[:iend])
    write('malformed', 'zero_length_idat.9.png', good[:idat[0]] + chunk(b'IDAT', b'') + good[iend:])
    # Found by fuzzing: a text chunk declaring 2 GB in a tiny file (libpng would allocate it before reading).
    write('malformed', 'huge_chunk_length.9.png',
          good[:ihdr_end] + struct.pack('>I', 2_000_000_000) + b'iTXt' + b'Title\0\0\0\0\0text' + good[ihdr_end:])
    # Trailing bytes after IEND are ignored by libpng (and aapt2): this file is valid.
    write('unusual', 'trailing_garbage.9.png', good + b'garbage after IEND')
    # A 2-entry palette (0 transparent frame, 1 black tick) whose content pixels use index 5.
    rows = [[0] * 9] + [[0] + [5] * 7 + [0] for _ in range(7)] + [[0] * 9]
    rows[0][4] = rows[4][0] = 1
    raw = b''.join(b'\x00' + bytes(row) for row in rows)
    palette = (signature + chunk(b'IHDR', struct.pack('>IIBBBBB', 9, 9, 8, 3, 0, 0, 0))
               + chunk(b'PLTE', bytes([0, 0, 0, 0, 0, 0])) + chunk(b'tRNS', bytes([0]))
               + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))
    # libpng (and so aapt2) reads indices past the palette as black: accepted.
    write('unusual', 'palette_index_out_of_range.9.png', palette)
    # aapt2 reads PNGs through its chunk filter, which passes only IHDR, PLTE, tRNS, sRGB, IDAT and IEND to
    # libpng: it accepts broken colour profiles, unknown critical chunks and chunks before IHDR that libpng alone
    # would refuse...
    iccp = b'icc\0\0'
    profile = chunk(b'iCCP', iccp + zlib.compress(b'\0' * 200))
    write('unusual', 'iccp_not_zlib.9.png', good[:ihdr_end] + chunk(b'iCCP', iccp + b'not a zlib stream') + good[ihdr_end:])
    write('unusual', 'iccp_not_a_profile.9.png', good[:ihdr_end] + profile + good[ihdr_end:])
    write('unusual', 'iccp_bad_crc.9.png', good[:ihdr_end] + profile[:-1] + bytes([profile[-1] ^ 0xFF]) + good[ihdr_end:])
    write('unusual', 'iccp_before_ihdr.9.png', signature + profile + good[8:])
    write('unusual', 'text_before_ihdr.9.png', signature + chunk(b'tEXt', b'Title\0early') + good[8:])
    write('unusual', 'unknown_critical_chunk.9.png', good[:ihdr_end] + chunk(b'ABCD', b'xyz') + good[ihdr_end:])
    # ...but an sRGB chunk is passed on, and before IHDR it is libpng's fatal "missing IHDR", as in aapt2.
    write('malformed', 'srgb_before_ihdr.9.png', signature + chunk(b'sRGB', b'\0') + good[8:])


def problems():
    # Three different problems: a grey pixel on the top border (NP003), a red tick on the left border (NP005)
    # and two black padding runs on the bottom border (NP006).
    px = canvas(12, 12)
    px[0][5] = K
    px[0][8] = GREY
    px[5][0] = K
    px[8][0] = R
    px[11][2] = px[11][3] = K
    px[11][7] = px[11][8] = K
    write('problems', 'three_problems.9.png', encode(px))
    # A single red run at the end of the bottom border: accepted, but aapt2 stores the wrong inset (NP103).
    px = canvas(9, 9)
    px[0][4] = K
    px[4][0] = K
    px[8][6] = px[8][7] = R
    write('problems', 'end_only_layout_bound.9.png', encode(px))
    # NP107: a white dot inside the stretchable column smears when stretched (bad_patch), while a smooth
    # gradient stretched along itself, one step per pixel, does not (smooth_gradient_stretch).
    px = stretched(16, 16, 5, 10, 5, 10)
    px[7][8] = (255, 255, 255, 255)
    write('problems', 'bad_patch.9.png', encode(px))
    px = stretched(16, 40, 5, 10, 2, 37)
    for y in range(1, 39):
        for x in range(1, 15):
            px[y][x] = (40 + y, 80 + y, 120 + y, 255)
    write('problems', 'smooth_gradient_stretch.9.png', encode(px))
    # NP108: layout bounds on the bottom border (red runs at both ends) but no padding line, so aapt2 takes the
    # stretch area, which starts at the left edge, as the content box: it reaches past the left layout bound.
    px = stretched(14, 10, 1, 8, 3, 6)
    px[9][1] = px[9][2] = px[9][3] = R
    px[9][11] = px[9][12] = R
    write('problems', 'content_outside_layout_bounds.9.png', encode(px))
    # The same with a black padding run between the red runs: the content box stays inside.
    px[9][5] = px[9][6] = px[9][7] = K
    write('problems', 'content_inside_layout_bounds.9.png', encode(px))


def write_text(relative, text):
    path = os.path.join(ROOT, 'TestImages', 'BrokenApp', relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as handle:
        handle.write(text)


def stretched(w, h, x0, x1, y0, y1):
    """A w x h NinePatch (frame included) with stretch ticks x0..x1 on top and y0..y1 on the left (inclusive)."""
    px = canvas(w, h)
    for x in range(x0, x1 + 1):
        px[0][x] = K
    for y in range(y0, y1 + 1):
        px[y][0] = K
    return px


def broken_app():
    """One planted problem per rule; TestImages/BrokenApp/README.md lists them and the tests pin them."""
    res = 'BrokenApp/app/src/main/res/'
    # NP003: an almost-black stretch tick (0xFF010101), as an editor's colour management leaves it.
    px = stretched(20, 12, 8, 11, 5, 6)
    px[0][9] = (1, 1, 1, 255)
    write(res + 'drawable-mdpi', 'chip_background.9.png', encode(px))
    # NP106: the xhdpi card copied unscaled into drawable-hdpi: 64x64 px there is 42.7 dp, but 32 dp on xhdpi,
    # its 28 px corners 18.7 dp instead of 14.
    write(res + 'drawable-xhdpi', 'card.9.png', encode(stretched(66, 66, 27, 36, 27, 36)))
    write(res + 'drawable-hdpi', 'card.9.png', encode(stretched(66, 66, 27, 36, 27, 36)))
    # NP105: badge.png beside badge.9.png.
    write(res + 'drawable', 'badge.9.png', encode(stretched(9, 9, 4, 4, 4, 4)))
    plain = [[BLUE] * 7 for _ in range(7)]
    write(res + 'drawable', 'badge.png', encode(plain))
    # NP102: a NinePatch in res/raw is copied unchecked.
    write(res + 'raw', 'splash.9.png', encode(stretched(9, 9, 4, 4, 4, 4)))
    # PKG007: the reserved com.example prefix (the namespace, which is also the applicationId here).
    write_text('settings.gradle.kts', 'rootProject.name = "BrokenApp"\ninclude(":app")\n')
    write_text('app/build.gradle.kts', """plugins {
    id("com.android.application")
}

android {
    namespace = "com.example.brokenapp"
    compileSdk = 35

    defaultConfig {
        minSdk = 24
        versionCode = 1
    }
}
""")
    # The listing goes to Play: a workflow runs the Fastfile lane that uploads it with supply (without the
    # workflow the upload is not shown and Play's findings are warnings; without the Fastfile it is F-Droid's).
    write_text('.github/workflows/release.yml', '''name: Release
on:
  push:
    tags: ["v*"]
jobs:
  play:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: ruby/setup-ruby@v1
        with:
          bundler-cache: true
      - name: Upload to Google Play
        run: bundle exec fastlane release
''')
    write_text('fastlane/Appfile', 'package_name("com.example.brokenapp")\n')
    write_text('fastlane/Fastfile', '''default_platform(:android)

platform :android do
  desc "Upload the release bundle and its store listing"
  lane :release do
    gradle(task: "bundleRelease")
    upload_to_play_store(track: "internal")
  end
end
''')
    listing = 'fastlane/metadata/android/en-US/'
    # TXT001: a 41-character title.
    write_text(listing + 'title.txt', 'Broken Example App With A Very Long Title\n')
    write_text(listing + 'short_description.txt', 'An example whose listing and drawables have planted problems.\n')
    write_text(listing + 'full_description.txt', 'This project exists to show what playprep reports.\n')
    write_text(listing + 'changelogs/1.txt', 'First release.\n')
    # IMG002: a 500x500 icon where Play wants 512x512.
    icon = [[(200, 60, 60, 255)] * 500 for _ in range(500)]
    write('BrokenApp/' + listing + 'images', 'icon.png', encode(icon))
    write('BrokenApp/' + listing + 'images', 'featureGraphic.png', opaque(1024, 500, (60, 60, 200)))
    for index in range(1, 5):
        shade = (200 + 10 * index, 230, 230)
        write('BrokenApp/' + listing + 'images/phoneScreenshots', '%d.png' % index, opaque(1080, 1920, shade))


def opaque(w, h, rgb):
    """A solid RGB PNG (no alpha channel), as Play wants for feature graphics and screenshots."""
    out = io.BytesIO()
    png.Writer(w, h, greyscale=False, compression=9).write(out, [list(rgb) * w for _ in range(h)])
    return out.getvalue()


if __name__ == '__main__':
    malformed()
    problems()
    broken_app()

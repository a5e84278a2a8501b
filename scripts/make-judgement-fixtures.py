#!/usr/bin/env python3
"""Regenerate the fixtures for NP107's and NP106's judgement (whether a finding shows when drawn).

Usage:  scripts/make-judgement-fixtures.py        (needs pypng: pip install pypng)

Writes:
  TestImages/problems/linear_ramp_stretch.9.png  an exactly linear ramp (20 levels a pixel) stretched along itself:
                                                 the gradient just gets longer (NP107 passes)
  TestImages/problems/pill_edge_stretch.9.png    an anti-aliased pill whose stretch span touches the curve by one
                                                 pixel at each end (NP107 passes)
  TestImages/problems/detail_in_stretch.9.png    a button whose stretch span runs through a 1-pixel white line
                                                 (NP107 fails at the line)
  TestImages/density/*/app/src/main/res/         one drawable in two density folders (NP106, NP109):
      unscaled_copy   the same 32x32 file in drawable-mdpi and drawable-xhdpi (NP106: copied unscaled, even on mdpi)
      invisible_offset  hdpi ticks 4 px off proportional on a uniform tile: draws the same (passes both)
      visible_offset  hdpi ticks 6 px off proportional, onto a dark border: draws differently (NP106)
      mdpi_only       mdpi ticks 2 px off proportional, onto a dark border: only mdpi devices draw it (NP109)
      small_drift     hdpi padding 4 dp where xhdpi's is 2 dp: under NP106's 4 dp (NP109)
  TestImages/density/odd_density/app/src/main/res/  one drawable in four density folders (NP106): mdpi, hdpi and
                  xhdpi in proportion, xxhdpi's padding 4 dp off (fails on xxhdpi only, against xhdpi's majority)
  TestImages/ninepatch-uses/app/src/main/res/    two NinePatches with a white dot in their stretchable cell (NP107):
                  logo.9.png only drawn by a <bitmap android:gravity="center"> (never stretched: check drops NP107),
                  button.9.png a layout's background (stretched: NP107 stays)
"""
import importlib.util
import os

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location('make_test_images', os.path.join(HERE, 'make-test-images.py'))
base = importlib.util.module_from_spec(spec)
spec.loader.exec_module(base)
stretched, encode, write, K, T = base.stretched, base.encode, base.write, base.K, base.T


def ninepatch_judgement():
    px = stretched(20, 8, 5, 14, 3, 4)
    for y in range(1, 7):
        for x in range(1, 19):
            px[y][x] = (20 + 20 * min(max(x - 5, 0), 9), 60, 60, 255)
    write('problems', 'linear_ramp_stretch.9.png', encode(px))

    # A pill 12 px high (radius 6) in a 40x16 image; the stretch columns start one pixel inside the left cap and
    # end one pixel inside the right one, so the top and bottom rows of the span hold the caps' last
    # anti-aliased pixels. Coverage is sampled 16x16 per pixel.
    width, height, radius = 40, 16, 6.0
    left, right, top = 2.0, 38.0, 2.0
    px = stretched(width, height, 8, 31, 7, 8)
    for y in range(1, height - 1):
        for x in range(1, width - 1):
            inside = 0
            for sy in range(16):
                for sx in range(16):
                    cx, cy = x + (sx + 0.5) / 16, y + (sy + 0.5) / 16
                    nearest = min(max(cx, left + radius), right - radius)
                    if (cx - nearest) ** 2 + (cy - (top + radius)) ** 2 <= radius ** 2:
                        inside += 1
            alpha = round(255 * inside / 256)
            px[y][x] = (30, 120, 220, alpha) if alpha else T
    write('problems', 'pill_edge_stretch.9.png', encode(px))

    px = stretched(24, 12, 6, 17, 4, 7)
    for y in range(2, 10):
        px[y][12] = (255, 255, 255, 255)
    write('problems', 'detail_in_stretch.9.png', encode(px))


def tile(size, tick_start, tick_end, border, padding=None):
    """A size x size NinePatch (frame included), stretch ticks tick_start..tick_end on both axes (inclusive),
    filled blue with a dark `border`-pixel edge; `padding` (first, last) draws padding runs on the bottom and
    right borders."""
    px = stretched(size, size, tick_start, tick_end, tick_start, tick_end)
    if padding:
        for i in range(padding[0], padding[1] + 1):
            px[size - 1][i] = px[i][size - 1] = K
    for y in range(1, size - 1):
        for x in range(1, size - 1):
            edge = min(x - 1, y - 1, size - 2 - x, size - 2 - y) < border
            px[y][x] = (20, 20, 60, 255) if edge else (0, 0, 255, 255)
    return encode(px)


def density_judgement():
    res = 'app/src/main/res/'
    copy = tile(34, 9, 24, 2)
    write('density/unscaled_copy/' + res + 'drawable-xhdpi', 'tile.9.png', copy)
    write('density/unscaled_copy/' + res + 'drawable-mdpi', 'tile.9.png', copy)
    # xhdpi stretch [8, 24) scaled to hdpi is [6, 18); hdpi draws [2, 20) instead.
    # Both have the proportional padding, so only the stretch ticks are off.
    write('density/invisible_offset/' + res + 'drawable-xhdpi', 'tile.9.png', tile(34, 9, 24, 0, (9, 24)))
    write('density/invisible_offset/' + res + 'drawable-hdpi', 'tile.9.png', tile(26, 3, 20, 0, (7, 18)))
    # The same kind of offset onto a dark border: hdpi [0, 18) stretches the border column.
    write('density/visible_offset/' + res + 'drawable-xhdpi', 'tile.9.png', tile(34, 9, 24, 2))
    write('density/visible_offset/' + res + 'drawable-hdpi', 'tile.9.png', tile(26, 1, 18, 1))
    # mdpi [0, 14) where xhdpi's [8, 24) scales to [4, 12), onto the border: drawn differently, on mdpi only.
    write('density/mdpi_only/' + res + 'drawable-xhdpi', 'tile.9.png', tile(34, 9, 24, 2))
    write('density/mdpi_only/' + res + 'drawable-mdpi', 'tile.9.png', tile(18, 1, 14, 1))
    # A 16 dp tile: xhdpi pads 4 px (2 dp), hdpi 6 px (4 dp) where 3 px is proportional.
    write('density/small_drift/' + res + 'drawable-xhdpi', 'tile.9.png', tile(34, 9, 24, 0, (5, 28)))
    write('density/small_drift/' + res + 'drawable-hdpi', 'tile.9.png', tile(26, 7, 18, 0, (7, 18)))
    # 16 dp square, stretch [4, 12) dp and padding [2, 14) dp in mdpi, hdpi and xhdpi; xxhdpi's padding is
    # [18, 30) px (6 dp on each side) where [6, 42) (2 dp) is proportional.
    odd = 'density/odd_density/' + res
    write(odd + 'drawable-mdpi', 'row.9.png', tile(18, 5, 12, 0, (3, 14)))
    write(odd + 'drawable-hdpi', 'row.9.png', tile(26, 7, 18, 0, (4, 21)))
    write(odd + 'drawable-xhdpi', 'row.9.png', tile(34, 9, 24, 0, (5, 28)))
    write(odd + 'drawable-xxhdpi', 'row.9.png', tile(50, 13, 36, 0, (19, 30)))


def uses_judgement():
    res = 'ninepatch-uses/app/src/main/res/'
    px = stretched(16, 16, 5, 10, 5, 10)
    px[7][8] = (255, 255, 255, 255)
    write(res + 'drawable-mdpi', 'logo.9.png', encode(px))
    write(res + 'drawable-mdpi', 'button.9.png', encode(px))
    texts = {
        'drawable/splash.xml': '<?xml version="1.0" encoding="utf-8"?>\n'
        '<layer-list xmlns:android="http://schemas.android.com/apk/res/android">\n'
        '    <item><bitmap android:src="@drawable/logo" android:gravity="center"/></item>\n'
        '</layer-list>\n',
        'layout/main.xml': '<?xml version="1.0" encoding="utf-8"?>\n'
        '<Button xmlns:android="http://schemas.android.com/apk/res/android"\n'
        '    android:layout_width="match_parent" android:layout_height="wrap_content"\n'
        '    android:background="@drawable/button"/>\n',
    }
    for relative, text in texts.items():
        path = os.path.join(HERE, '..', 'TestImages', res, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'w') as handle:
            handle.write(text)


if __name__ == '__main__':
    ninepatch_judgement()
    density_judgement()
    uses_judgement()

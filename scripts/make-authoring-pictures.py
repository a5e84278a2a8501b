#!/usr/bin/env python3
"""Draws the README's before/after pictures of `ninepatch fix` and `ninepatch scale` into docs/images/ (needs
Pillow, e.g. /work/venv-oracle/bin/python, and a built playprep: .build/debug/playprep or the first argument).

fix: a real NinePatch whose frame was damaged as design tools do (near-black ticks, faded tick ends), before and
after `ninepatch fix`, each pixel drawn 6x6. scale: a real xxhdpi NinePatch and the xhdpi, hdpi and mdpi files
`ninepatch scale` made from it, side by side, 3x3 per pixel, on a grey checkerboard."""
import os
import shutil
import subprocess
import sys
import tempfile

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, 'docs', 'images')
PLAYPREP = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, '.build', 'debug', 'playprep')
FIX_SOURCE = os.path.join(ROOT, 'TestImages', 'corpus',
                          'actionbarsherlock-samples__styled__res__drawable-mdpi__ad_spinner_pressed_holo_light.9.png')
SCALE_SOURCE = os.path.join(os.path.dirname(ROOT), 'shared', 'corpus', 'projects', 'Telegram-FOSS-Team-Telegram-FOSS',
                            'TMessagesProj', 'src', 'main', 'res', 'drawable-xxhdpi', 'gradient_bottom_rounded.9.png')


def on_checkerboard(image, zoom):
    """`image` enlarged `zoom` times (nearest) over a light grey checkerboard, so transparency shows."""
    big = image.resize((image.width * zoom, image.height * zoom), Image.NEAREST)
    board = Image.new('RGBA', big.size, (255, 255, 255, 255))
    for y in range(0, big.height, 8):
        for x in range(0, big.width, 8):
            if (x // 8 + y // 8) % 2:
                board.paste((220, 220, 220, 255), (x, y, min(x + 8, big.width), min(y + 8, big.height)))
    return Image.alpha_composite(board, big)


def damaged(path):
    """The frame's black ticks made near-black and the background pixel beside each tick end faded."""
    image = Image.open(path).convert('RGBA')
    w, h = image.size
    lines = [[(x, 0) for x in range(1, w - 1)], [(0, y) for y in range(1, h - 1)],
             [(x, h - 1) for x in range(1, w - 1)], [(w - 1, y) for y in range(1, h - 1)]]
    px = image.load()
    for line in lines:
        ticks = [px[p] == (0, 0, 0, 255) for p in line]
        for i, p in enumerate(line):
            if ticks[i]:
                px[p] = [(13, 13, 13, 255), (0, 0, 0, 200), (26, 20, 30, 255)][i % 3]
            elif (i > 0 and ticks[i - 1]) or (i + 1 < len(line) and ticks[i + 1]):
                px[p] = (0, 0, 0, 80)
    return image


def main():
    os.makedirs(OUT, exist_ok=True)
    work = tempfile.mkdtemp(prefix='playprep-pictures-')
    try:
        before = os.path.join(work, 'before.9.png')
        after = os.path.join(work, 'after.9.png')
        damaged(FIX_SOURCE).save(before)
        subprocess.run([PLAYPREP, 'ninepatch', 'fix', before, '-o', after], check=True, stdout=subprocess.DEVNULL)
        on_checkerboard(Image.open(before).convert('RGBA'), 6).save(os.path.join(OUT, 'fix-before.png'), optimize=True)
        on_checkerboard(Image.open(after).convert('RGBA'), 6).save(os.path.join(OUT, 'fix-after.png'), optimize=True)
        res = os.path.join(work, 'res')
        os.makedirs(os.path.join(res, 'drawable-xxhdpi'))
        source = os.path.join(res, 'drawable-xxhdpi', 'np.9.png')
        shutil.copy(SCALE_SOURCE, source)
        subprocess.run([PLAYPREP, 'ninepatch', 'scale', source, '--res-dir', res], check=True, stdout=subprocess.DEVNULL)
        tiles = [on_checkerboard(Image.open(os.path.join(res, 'drawable-%s' % d, 'np.9.png')).convert('RGBA'), 3)
                 for d in ('xxhdpi', 'xhdpi', 'hdpi', 'mdpi')]
        sheet = Image.new('RGBA', (sum(t.width for t in tiles) + 12 * (len(tiles) - 1), tiles[0].height),
                          (255, 255, 255, 255))
        x = 0
        for tile in tiles:
            sheet.paste(tile, (x, sheet.height - tile.height))
            x += tile.width + 12
        sheet.save(os.path.join(OUT, 'scale-densities.png'), optimize=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == '__main__':
    main()

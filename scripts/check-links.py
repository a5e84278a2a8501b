#!/usr/bin/env python3
"""Checks every relative link and image of README.md and docs/*.md: the file it names must exist, and a
`#anchor` must be a heading of that file (GitHub's slugs). Prints each broken link as FILE:LINE: TARGET and
exits 1 when there is one; CI runs it."""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINK = re.compile(r'!?\[[^\]]*\]\(([^)\s]+)\)')


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r'[^\w\- ]', '', heading.strip().lower())
    return text.replace(' ', '-')


def anchors(path):
    with open(path, encoding='utf-8') as file:
        return {slug(line.lstrip('#')) for line in file if line.startswith('#')}


def broken_links(markdown):
    folder = os.path.dirname(markdown)
    in_code = False
    with open(markdown, encoding='utf-8') as file:
        for number, line in enumerate(file, 1):
            if line.startswith('```'):
                in_code = not in_code
            if in_code:
                continue
            for target in LINK.findall(re.sub(r'`[^`]*`', '', line)):
                if re.match(r'[a-z]+:', target):
                    continue
                path, _, anchor = target.partition('#')
                resolved = os.path.normpath(os.path.join(folder, path)) if path else markdown
                if not os.path.exists(resolved):
                    yield number, target
                elif anchor and resolved.endswith('.md') and anchor not in anchors(resolved):
                    yield number, target


def main():
    files = [os.path.join(ROOT, 'README.md')] + sorted(
        os.path.join(ROOT, 'docs', name) for name in os.listdir(os.path.join(ROOT, 'docs')) if name.endswith('.md'))
    broken = [(os.path.relpath(markdown, ROOT), number, target)
              for markdown in files for number, target in broken_links(markdown)]
    for markdown, number, target in broken:
        print(f'{markdown}:{number}: broken link {target}', file=sys.stderr)
    print(f'check-links: {len(files)} files, {len(broken)} broken links')
    return 1 if broken else 0


if __name__ == '__main__':
    sys.exit(main())

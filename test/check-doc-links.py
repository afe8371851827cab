#!/usr/bin/env python3
"""Every relative link in the README and docs/ names a file that exists, and a #heading that file has.

Links are Markdown's [text](target) outside code spans and fenced blocks; web links (scheme:) are not followed.
A heading's anchor is GitHub's: lower case, punctuation dropped, spaces as hyphens, -1, -2 ... for repeats.
  check-doc-links.py REPO_ROOT
"""
import pathlib
import re
import sys

LINK = re.compile(r'\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+"[^"]*")?\)')


def prose_lines(text):
    """The lines outside fenced code blocks, with code spans blanked, and their numbers."""
    fenced = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.lstrip().startswith('```'):
            fenced = not fenced
            continue
        if not fenced:
            yield number, re.sub(r'`[^`]*`', '``', line)


def anchors(path):
    seen, found = {}, set()
    for _, line in prose_lines(path.read_text(encoding='utf-8')):
        m = re.match(r'#{1,6}\s+(.*?)\s*#*\s*$', line)
        if not m:
            continue
        heading = re.sub(r'\[([^\]]*)\]\([^)]*\)', r'\1', m.group(1))
        slug = re.sub(r'[^\w\- ]', '', heading.lower().replace('``', '')).replace(' ', '-')
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f'{slug}-{count}')
    return found


def main():
    root = pathlib.Path(sys.argv[1]).resolve()
    pages = [root / 'README.md'] + sorted((root / 'docs').rglob('*.md'))
    cache, bad = {}, []
    for page in pages:
        for number, line in prose_lines(page.read_text(encoding='utf-8')):
            for target in LINK.findall(line):
                if re.match(r'[a-z][a-z0-9+.-]*:', target, re.I):
                    continue
                file_part, _, anchor = target.partition('#')
                dest = (page.parent / file_part).resolve() if file_part else page
                where = f'{page.relative_to(root)}:{number}: {target}'
                if not dest.exists():
                    bad.append(f'{where}: no such file')
                elif anchor and dest.suffix == '.md':
                    if dest not in cache:
                        cache[dest] = anchors(dest)
                    if anchor not in cache[dest]:
                        bad.append(f'{where}: no heading with this anchor')
    for line in bad:
        print(line)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())

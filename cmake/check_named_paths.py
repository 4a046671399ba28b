#!/usr/bin/env python3
"""Docs that cannot rot: every repository path that a doc, comment, config or script names
exists (issue #47). Run as a test: check_named_paths.py SOURCE_DIR.

A named path is a word that starts with one of the repository's top folders and a slash
(`core/state.h`, `scripts/fuzz`, `docs/images/`). It is checked when it names a file (it ends
in a source or document extension, or lies under scripts/) or a folder (it ends in a slash).
Words with placeholders stop before them (`tests/<game>_game` checks `tests/`), and paths
inside a run's folder (`eval/...`, `nets/gen008.weights`) are not the repository's, so run
files (.weights, .jsonl, .npz) are not checked. docs/history/ is left out: it tells what was
true when it was written, files that existed then included. Outside a git checkout there is
nothing to list: exit 77 (skipped)."""

import os
import re
import subprocess
import sys

SCANNED = ('.md', '.h', '.cpp', '.cfg', '.py', '.cmake', '.txt', '.sh', '.inc', '.js', '.mjs', '.html', '.in')
FILE_NAMES = ('.h', '.cpp', '.md', '.cfg', '.py', '.cmake', '.txt', '.json', '.tsv', '.js', '.mjs', '.html',
              '.css', '.svg', '.sh', '.inc', '.in', '.dict')
LEFT_OUT = ('docs/history/',)


def main(root):
    if not os.path.isdir(os.path.join(root, '.git')):
        print('not a git checkout: nothing to check')
        return 77
    files = subprocess.run(['git', '-C', root, 'ls-files'], capture_output=True, text=True,
                           check=True).stdout.split('\n')
    files = [f for f in files if f]
    folders = {f.rsplit('/', i)[0] for f in files for i in range(1, f.count('/') + 1)}
    tops = sorted({f.split('/')[0] for f in files if '/' in f})
    word = re.compile(r'(?<![\w./-])((?:%s)/[\w.+/-]*)' % '|'.join(map(re.escape, tops)))
    known = set(files) | {d + '/' for d in folders}
    missing = []
    for f in files:
        if f.startswith(LEFT_OUT) or not (f.endswith(SCANNED) or f.startswith('scripts/')):
            continue
        try:
            with open(os.path.join(root, f), encoding='utf-8') as text:
                lines = text.read().split('\n')
        except (OSError, UnicodeDecodeError):
            continue  # a binary file
        for number, line in enumerate(lines, 1):
            for m in word.finditer(line):
                path = m.group(1).rstrip('.-')
                names_one = path.endswith(FILE_NAMES) or path.endswith('/') or (
                    path.startswith('scripts/') and '.' not in path)
                if names_one and path not in known:
                    missing.append(f'{f}:{number}: names {path}, which does not exist')
    for m in missing:
        print(m)
    print(f'{len(missing)} named paths missing' if missing else 'every named path exists')
    return 1 if missing else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1]))

#!/usr/bin/env node
// The line references of docs/pysolfc.md still point where they say. A reference is a file and a line in
// backticks, followed by the text that line holds, in backticks: `src/games/pairing/tens.ts:80` `pairSum: 10`.
// tengym's files are checked in the repo. PySolFC's (`pyramid.py:674`) are checked against a copy of its
// pysollib/games/ folder where one is given: --pysolfc DIR (shlomif/PySolFC, the commit the page names).
// Usage: node scripts/check-source-refs.mjs [--pysolfc DIR] [FILE.md …]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const at = args.indexOf('--pysolfc');
const pysolfc = at >= 0 ? args[at + 1] : null;
const files = args.filter((a, i) => !a.startsWith('--') && i !== at + 1);
const pages = files.length > 0 ? files : ['docs/pysolfc.md'];

/** Every `file:line` `text` reference of a page, with the page's line it stands on. */
export function references(markdown) {
  const refs = [];
  markdown.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(/`([\w./-]+\.(?:ts|py|mjs|md)):(\d+)`\s+`([^`]+)`/g))
      refs.push({ file: m[1], line: Number(m[2]), text: m[3], at: i + 1 });
  });
  return refs;
}

/** What is wrong with one reference, or null; undefined where its file cannot be checked here. */
export function checkReference(ref, pysolfcDir) {
  const path = ref.file.endsWith('.py') ? (pysolfcDir ? join(pysolfcDir, ref.file) : null) : join(ROOT, ref.file);
  if (path === null) return undefined;
  if (!existsSync(path)) return `${ref.file} does not exist`;
  const lines = readFileSync(path, 'utf8').split('\n');
  const held = lines[ref.line - 1] ?? '';
  if (held.includes(ref.text)) return null;
  const found = lines.flatMap((l, i) => (l.includes(ref.text) ? [i + 1] : []));
  return `${ref.file}:${ref.line} does not hold "${ref.text}"${found.length ? ` (line ${found.join(', ')} does)` : ''}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let bad = 0;
  let checked = 0;
  let skipped = 0;
  for (const page of pages) {
    for (const ref of references(readFileSync(join(ROOT, page), 'utf8'))) {
      const why = checkReference(ref, pysolfc);
      if (why === undefined) skipped++;
      else checked++;
      if (why) {
        bad++;
        console.error(`${page}:${ref.at}: ${why}`);
      }
    }
  }
  const rest = skipped ? `; ${skipped} in PySolFC's files unchecked (give --pysolfc DIR)` : '';
  console.log(`check-source-refs: ${checked} references checked, ${bad} wrong${rest}`);
  process.exit(bad ? 1 : 0);
}

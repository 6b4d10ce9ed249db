#!/usr/bin/env node
// Fails when a git-tracked source line (*.ts, *.mjs, *.py) is longer than 120 characters.
// Usage: node scripts/check-line-length.mjs
//
// A long line is allowed only when it is data, not prose or code:
//   - it holds a URL (a URL cannot be split);
//   - it is a Markdown table row inside a comment (`* |…` or `// |…`): the option tables of the
//     games are aligned columns, and test/env/option-tables.test.ts parses them;
//   - its file is generated or is data, listed in EXEMPT_FILES below with the reason.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MAX = 120;

/** Folders and files not checked at all: built output, generated bundles and recorded golden files. */
const SKIPPED = [/^dist\//, /^python\/src\/tengym\/_engine\/engine\.mjs$/, /^test\/golden\//];

/**
 * Files whose long lines are data, by path, with the reason. None today: the generated Four Ten values
 * (src/agents/four-ten-solver/default-game-values.ts) are written five to a line. Keep this list short.
 */
const EXEMPT_FILES = new Map([]);

const URL = /https?:\/\//;
const COMMENT_TABLE_ROW = /^\s*(\*|\/\/)\s*\|/;

const files = execFileSync('git', ['ls-files', '-z', '--', '*.ts', '*.mjs', '*.py'], { encoding: 'utf8' })
  .split('\0')
  .filter((file) => file !== '' && !SKIPPED.some((pattern) => pattern.test(file)) && !EXEMPT_FILES.has(file));

const failures = [];
for (const file of files) {
  const lines = readFileSync(file, 'utf8').split(/\r?\n/);
  lines.forEach((line, index) => {
    const length = [...line].length;
    if (length <= MAX || URL.test(line) || COMMENT_TABLE_ROW.test(line)) return;
    failures.push(`${file}:${index + 1}: ${length}`);
  });
}

if (failures.length > 0) {
  console.error(failures.join('\n'));
  console.error(`${failures.length} line(s) over ${MAX} characters; scripts/check-line-length.mjs says what is exempt`);
  process.exit(1);
}
console.log(`tengym: ${files.length} files checked, no line over ${MAX} characters`);

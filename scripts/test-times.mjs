#!/usr/bin/env node
// The slowest tests and test files of a vitest run, read from its JSON report:
//   npx vitest run --reporter=json --outputFile=/tmp/vitest-times.json
//   node scripts/test-times.mjs /tmp/vitest-times.json [--top 20] [--files 20] [--write-durations]
// or from the log of `--reporter=verbose` (a run still going, or stopped: the tests finished so far, and each file's
// time as the sum of its tests'), or of npm test's default reporter (each file's time, and its tests over 300 ms):
//   npx vitest run --reporter=verbose > /tmp/vitest.log; node scripts/test-times.mjs /tmp/vitest.log
// Prints two Markdown tables (tests, then files) with seconds. --write-durations saves each file's
// time to test/durations.json, which test/helpers/sequencer.ts reads to start the longest files first.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i === -1 ? fallback : Number(args[i + 1]);
};
const reportPath = args.find(
  (a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--t') && !args[i - 1]?.startsWith('--f'),
);
if (!reportPath) {
  console.error('usage: node scripts/test-times.mjs REPORT.json [--top N] [--files N] [--write-durations]');
  process.exit(2);
}
const text = readFileSync(reportPath, 'utf8');
const seconds = (ms) => (ms / 1000).toFixed(1);

/** The JSON report's files, or the verbose log's: `✓ test/x.test.ts > suite > name 123ms` a test. */
function readFiles() {
  if (text.trimStart().startsWith('{')) {
    const report = JSON.parse(text);
    const wall = Math.max(...report.testResults.map((f) => f.endTime)) - report.startTime;
    const files = report.testResults.map((f) => ({
      file: relative(ROOT, resolve(f.name)),
      ms: Math.max(0, f.endTime - f.startTime),
      tests: f.assertionResults,
    }));
    return { files, wall };
  }
  const byFile = new Map();
  const add = (file, name, duration, mark) => {
    const status = { '✓': 'passed', '×': 'failed', '↓': 'skipped' }[mark];
    if (!byFile.has(file)) byFile.set(file, { file, ms: 0, tests: [] });
    const f = byFile.get(file);
    f.ms += duration;
    f.tests.push({ fullName: name, duration, status });
  };
  // The default reporter's log (`npm test`'s): a file's line, then its slow tests indented below it.
  let file = null;
  const headerMs = new Map();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the log's colour codes
  for (const line of text.replace(/\x1b\[[0-9;]*m/g, '').split('\n')) {
    const m = /^\s*([✓×↓]) (test\/\S+) > (.*?)\s+(\d+(?:\.\d+)?)(ms|s)\s*$/.exec(line);
    if (m) {
      add(m[2], m[3], Number(m[4]) * (m[5] === 's' ? 1000 : 1), m[1]);
      continue;
    }
    // The default reporter's file line gives the file's whole time: it replaces the sum of its slow tests.
    // With projects, the project's name stands between the mark and the file (`✓  shared  test/…`).
    const header = /^ [✓×↓❯]\s+(?:[a-z-]+\s+)?(test\/\S+) .*?(\d+)ms$/.exec(line);
    if (header) {
      file = header[1];
      headerMs.set(file, Number(header[2]));
    }
    const indented = /^ {5}([✓×↓]) (.*?)\s+(\d+)ms$/.exec(line);
    if (indented && file) add(file, indented[2], Number(indented[3]), indented[1]);
  }
  for (const [name, ms] of headerMs) {
    if (!byFile.has(name)) byFile.set(name, { file: name, ms, tests: [] });
    byFile.get(name).ms = ms;
  }
  return { files: [...byFile.values()], wall: null };
}
const { files, wall } = readFiles();
const tests = files.flatMap((f) =>
  f.tests.map((t) => ({ file: f.file, name: t.fullName ?? t.title, ms: t.duration ?? 0, status: t.status })),
);

const top = option('--top', 20);
tests.sort((a, b) => b.ms - a.ms);
console.log(`| # | s | file | test |\n|---|---|---|---|`);
tests.slice(0, top).forEach((t, i) => {
  const name = t.name.length > 110 ? `${t.name.slice(0, 107)}…` : t.name;
  console.log(
    `| ${i + 1} | ${seconds(t.ms)} | ${t.file} | ${name.replaceAll('|', '\\|')}` +
      `${t.status === 'passed' ? '' : ` (${t.status})`} |`,
  );
});

const fileCount = option('--files', 20);
files.sort((a, b) => b.ms - a.ms);
console.log(`\n| s | file | tests |\n|---|---|---|`);
for (const f of files.slice(0, fileCount)) console.log(`| ${seconds(f.ms)} | ${f.file} | ${f.tests.length} |`);
const total = files.reduce((s, f) => s + f.ms, 0);
console.log(
  `\n${files.length} files, ${tests.length} tests: ${seconds(total)} s of file time` +
    (wall === null ? '' : `, ${seconds(wall)} s of wall time`),
);

if (args.includes('--write-durations')) {
  const durations = Object.fromEntries(
    [...files].sort((a, b) => a.file.localeCompare(b.file)).map((f) => [f.file, Math.round(f.ms / 100) / 10]),
  );
  writeFileSync(resolve(ROOT, 'test/durations.json'), `${JSON.stringify(durations, null, 2)}\n`);
  console.log('wrote test/durations.json');
}

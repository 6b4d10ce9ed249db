#!/usr/bin/env node
// The API reference, generated from the doc comments and docstrings: TypeDoc for the TypeScript
// package (its entry points are package.json's "exports", typedoc.json; the games' option schemas
// come from their folders, scripts/typedoc-options.mjs) into reports/api/ts, and
// pdoc for the Python package (scripts/python-reference.py) into reports/api/python. Both fail on
// a public name without documentation; TypeDoc on a {@link} that resolves to nothing too.
// Usage: npm run docs:api [-- --check]   (--check: the checks only, no HTML)
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { typedocArgs } from './typedoc-options.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const typedoc = join(dirname(createRequire(import.meta.url).resolve('typedoc/package.json')), 'bin', 'typedoc');

const run = (command, args) => spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' }).status ?? 1;

let status = run(process.execPath, [typedoc, ...typedocArgs(ROOT), ...(check ? ['--emit', 'none'] : [])]);
if (status === 0 && !check) console.log('tengym: wrote the TypeScript reference to reports/api/ts');
const python = process.env.PYTHON ?? 'python3';
status ||= run(python, [join(ROOT, 'scripts', 'python-reference.py'), ...(check ? ['--check'] : [])]);
process.exit(status);

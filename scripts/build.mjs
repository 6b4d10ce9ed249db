// Builds dist/ without a moment where a module is missing: the compiler and the page's build write a
// fresh folder under .tmp/, whose files then replace dist/'s one rename at a time. A command, test or
// app using dist/ meanwhile finds every module, old or new. `--if-stale` (what `prepare` runs, so `npm install`,
// `npm pack`, `npm test` and a first `npx tengym` in a clone) builds only where dist/ was built from other sources
// than these, and says first that it builds and for how long.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');
/** The file in dist/ that names the sources it was built from. */
const STAMP = join(DIST, '.sources-hash');
/** What the build reads: a change to any of them makes dist/ stale. */
const INPUTS = ['src', 'web', 'models', 'package.json', 'tsconfig.json', 'tsconfig.build.json', 'scripts/build.mjs'];

/** Every file under `path`, sorted (a file is itself). */
function filesUnder(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** A hash of every input's path and bytes. */
function sourcesHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    const path = join(ROOT, input);
    if (!existsSync(path)) continue;
    for (const file of filesUnder(path)) {
      hash.update(relative(ROOT, file));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** Runs a command of the build, its output shown; a failure stops the build with its exit code. */
function run(command, args) {
  const r = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) {
    process.stderr.write(`tengym build: ${command} ${args.join(' ')} failed; dist/ is left as it was\n`);
    throw Object.assign(new Error('build failed'), { status: r.status ?? 1 });
  }
}

function build() {
  const stage = join(ROOT, '.tmp', `dist-build-${process.pid}`);
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
  const hash = sourcesHash();
  try {
    run(bin('tsc'), ['-p', 'tsconfig.build.json', '--outDir', stage]);
    chmodSync(join(stage, 'cli', 'main.js'), 0o755);
    run(bin('vite'), ['build', '--config', 'web/vite.config.ts', '--outDir', join(stage, 'web')]);
    writeFileSync(join(stage, '.sources-hash'), `${hash}\n`);
  } catch (e) {
    // A failed build leaves nothing behind in .tmp/, and dist/ as it was.
    rmSync(stage, { recursive: true, force: true });
    process.exit(e.status ?? 1);
  }
  moveInto(stage, DIST);
  rmSync(stage, { recursive: true, force: true });
}

/**
 * Puts the staged build in dist/'s place file by file: each rename replaces one file whole, so a command using dist/
 * meanwhile finds every module at every moment (a swap of the whole folder left a moment with none). The sources
 * stamp goes last, so `--if-stale` never takes a half-moved build for a whole one; files the new build lacks go
 * after. A second build moving in at the same moment (npm test beside npm pack) moves the same files.
 */
function moveInto(stage, dist) {
  const files = filesUnder(stage).map((file) => relative(stage, file));
  const stamp = relative(stage, join(stage, '.sources-hash'));
  for (const file of [...files.filter((f) => f !== stamp), stamp]) {
    const target = join(dist, file);
    mkdirSync(join(target, '..'), { recursive: true });
    renameSync(join(stage, file), target);
  }
  const kept = new Set(files);
  for (const file of existsSync(dist) ? filesUnder(dist) : []) {
    if (!kept.has(relative(dist, file))) rmSync(file, { force: true });
  }
}

/**
 * Says `text` where the person who started the build sees it: npm hides the output of a package's `prepare` when npx
 * installs it (a first `npx tengym` in a clone), so it goes to the terminal itself where stderr is not one.
 */
function say(text) {
  process.stderr.write(text);
  if (process.stderr.isTTY) return;
  try {
    const tty = openSync('/dev/tty', 'w');
    writeSync(tty, text);
    closeSync(tty);
  } catch {
    // No terminal (CI, a pipe): stderr alone.
  }
}

const ifStale = process.argv.includes('--if-stale');
if (ifStale && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === sourcesHash()) {
  process.stderr.write('tengym: dist/ is already built from these sources; not rebuilt\n');
} else {
  if (ifStale) say('tengym: building dist/ from the sources first (about a minute on 2 cores)\n');
  build();
}

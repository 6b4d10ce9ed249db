// The packed package, `npm pack` once a run for the files that install it (test/cli/package.test.ts and
// test/node/light-runtime.test.ts). The tarball is kept in the run's scratch root under a hash of the files it packs,
// so a second file installs the same bytes without packing them again, and a dist/ or docs/ changed meanwhile (a
// build test's rebuild) is packed anew. Two files asking at once: one packs, the other waits for its tarball.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * What `npm pack` reads: package.json's "files" (its exclusions included, a superset only packs more often) and the
 * files npm always adds.
 */
function packedPaths(): string[] {
  const files = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] }).files;
  return ['package.json', 'README.md', 'LICENSE', ...files.filter((f) => !f.startsWith('!'))].filter((p) =>
    existsSync(join(ROOT, p)),
  );
}

/** A hash of every packed file's path and bytes. */
function packedHash(): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name));
      return;
    }
    hash.update(`${relative(ROOT, path)}\0`);
    hash.update(readFileSync(path));
  };
  for (const p of packedPaths()) visit(join(ROOT, p));
  return hash.digest('hex').slice(0, 16);
}

/** Packs the package into `dir`: the tarball's path. dist/ is built (npm test builds first): no prepare script. */
async function pack(dir: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', dir],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return join(dir, (JSON.parse(stdout) as { filename: string }[])[0].filename);
}

/** The longest a file waits for another's `npm pack` before packing for itself (that one may have died). */
const WAIT_MS = 120_000;

/** The packed package's tarball, packed by this call or by an earlier one of this run (do not change it). */
export async function packedTarball(): Promise<string> {
  const scratch = process.env.TENGYM_SCRATCH_ROOT;
  // Outside a Vitest run (no scratch root to share): a tarball of its own.
  if (scratch === undefined) return pack(mkdtempSync(join(tmpdir(), 'tengym-pack-')));
  const done = join(scratch, `package-tarball-${packedHash()}`);
  const packing = `${done}.packing`;
  const named = join(done, 'tarball');
  for (const deadline = Date.now() + WAIT_MS; Date.now() < deadline; ) {
    if (existsSync(named)) return join(done, readFileSync(named, 'utf8'));
    try {
      // The first to make the folder packs; the others see it and wait.
      mkdirSync(packing);
    } catch {
      await new Promise((wait) => setTimeout(wait, 250));
      continue;
    }
    const tarball = await pack(packing);
    writeFileSync(join(packing, 'tarball'), relative(packing, tarball));
    // Whole or not there: the waiting file reads the tarball's name only once the folder has its final name.
    renameSync(packing, done);
    return join(done, relative(packing, tarball));
  }
  return pack(mkdtempSync(join(scratch, 'tengym-pack-')));
}

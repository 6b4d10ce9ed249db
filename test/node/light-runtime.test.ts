// A light runtime for apps: the engine entry with Tens and Block Ten bundles under 40 KiB gzipped, and with the decade
// family under 45 KiB (42 before its folder also registered Seven Up over the same line engine; its searches, the
// hinter's checks of an agent's scores and its bounded tables; a game's parts
// for trained models come only with the list of games), and the packed package installed without its peer and
// optional dependencies (TensorFlow.js, tfjs-node: `--legacy-peer-deps --omit=optional`; npm 10 installs peers even
// with --omit=peer) takes under 22 MiB of disk in an app's node_modules (`du -sh`) and plays and hints there, from
// tengym/engine and from the root. Prints the sizes (docs/apps.md). The bound was 20 MiB until the family's twenty
// games brought the install to 19.8 MiB (2026-11-30), one file's growth from it; the bound guards against what should
// not ship (TensorFlow.js, the learning runs, the measurement logs), whose least is a model of 0.8 MiB.
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { packedTarball } from '../helpers/package-tarball.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRATCH = mkdtempSync(join(tmpdir(), 'tengym-light-'));
afterAll(() => rmSync(SCRATCH, { recursive: true, force: true }));
const KiB = 1024;

/** An app's code bundled from the package's source as an app's bundler would (minified, browser-safe), its sizes. */
async function bundle(code: string): Promise<{ min: number; gzip: number }> {
  const result = await build({
    stdin: { contents: code, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    alias: {
      'tengym/engine': join(ROOT, 'src', 'engine.ts'),
      // Each game's entry, tengym/games/<game>, by its folder.
      ...Object.fromEntries(
        readdirSync(join(ROOT, 'src', 'games'), { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => [`tengym/games/${d.name}`, join(ROOT, 'src', 'games', d.name, 'index.ts')]),
      ),
      tengym: join(ROOT, 'src', 'index.ts'),
    },
    write: false,
    logLevel: 'error',
  });
  const out = result.outputFiles[0].contents;
  return { min: out.length, gzip: gzipSync(out, { level: 9 }).length };
}

const USE =
  "export const run = () => { const env = make('tens'); env.reset({ seed: 1 }); " +
  "return [createHinter().hint(env).hints[0], cardFace('TH')]; };";

// The two blocks side by side: the bundles are esbuild's work, the install mostly waits on the disk.
describe.concurrent('the engine entry, bundled', () => {
  it('make + createHinter + the card model: with Tens and Block Ten under 40 KiB gzipped, Decade 45', async () => {
    const sizes: [string, { min: number; gzip: number }][] = [];
    for (const games of [['pairing'], ['decade'], ['four-ten'], ['pairing', 'decade', 'four-ten']]) {
      const imports = games.map((g) => `import 'tengym/games/${g}';`).join(' ');
      sizes.push([
        `tengym/engine + ${games.join(' + ')}`,
        await bundle(`import { make, createHinter, cardFace } from 'tengym/engine'; ${imports} ${USE}`),
      ]);
    }
    sizes.push(['tengym (the root)', await bundle(`import { make, createHinter, cardFace } from 'tengym'; ${USE}`)]);
    for (const [what, { min, gzip }] of sizes)
      console.log(`${what}: ${(min / KiB).toFixed(1)} KiB minified, ${(gzip / KiB).toFixed(1)} KiB gzipped`);
    expect(sizes[0][1].gzip).toBeLessThan(40 * KiB);
    expect(sizes[1][1].gzip).toBeLessThan(45 * KiB);
  }, 120_000);
});

/** Bytes under a folder (files as they are on disk, apparent sizes). */
function du(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += du(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

describe.concurrent('the packed package in a new app, without peer and optional dependencies', () => {
  it('adds under 22 MiB on disk to node_modules, and plays and hints from tengym/engine and the root', async () => {
    // The tarball test/cli/package.test.ts installs too: packed once a run (test/helpers/package-tarball.ts).
    const tarball = await packedTarball();
    const app = join(SCRATCH, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    await promisify(execFile)(
      'npm',
      [
        'install',
        '--prefer-offline',
        '--legacy-peer-deps',
        '--omit=optional',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        tarball,
      ],
      { cwd: app },
    );
    const modules = join(app, 'node_modules');
    // What the disk holds, as `du -sh node_modules` says it (whole blocks per file): more than the files' bytes.
    const onDisk = (dir: string) => execFileSync('du', ['-sh', dir], { encoding: 'utf8' }).split('\t')[0];
    const onDiskKiB = Number(execFileSync('du', ['-sk', modules], { encoding: 'utf8' }).split('\t')[0]);
    const top = readdirSync(modules).filter((n) => !n.startsWith('.'));
    console.log(
      `npm install --legacy-peer-deps --omit=optional of the packed package: \`du -sh node_modules\` ` +
        `${onDisk(modules)} (${(onDiskKiB / 1024).toFixed(1)} MiB; tengym ${onDisk(join(modules, 'tengym'))}, ` +
        `zod ${onDisk(join(modules, 'zod'))}), ` +
        `the files' bytes ${(du(modules) / 1e6).toFixed(1)} MB; ${top.length} packages at the top: ${top.join(', ')}`,
    );
    expect(top.filter((n) => n.startsWith('@tensorflow'))).toEqual([]);
    expect(onDiskKiB * 1024).toBeLessThan(22 * 1024 * 1024);
    writeFileSync(
      join(app, 'play.mjs'),
      "import { make, createHinter, cardFace } from 'tengym/engine';\nimport 'tengym/games/pairing';\n" +
        "import * as root from 'tengym';\n" +
        "const env = make('tens'); env.reset({ seed: 1 });\n" +
        'const hint = createHinter().hint(env).hints[0];\n' +
        "const other = root.make('decade'); other.reset({ seed: 1 });\n" +
        "console.log(hint.text, cardFace('TH').label, root.createHinter().hint(other).hints[0].text);\n",
    );
    const printed = execFileSync('node', ['play.mjs'], { cwd: app, encoding: 'utf8' }).trim();
    expect(printed).toMatch(/^remove .* 10♥ /);
  }, 300_000);
});

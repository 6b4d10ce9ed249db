// The packed package: each model once, with the models' index (models/, not dist/web/models/), no
// source maps and no file naming one, no copy of the wasm binaries its dependency
// ships, and well under the 6.8 MB it was (3.8 MB with five models), and what play-page.md tells
// its users to serve. 4.7 MB since the reference pages (docs/reference/, the guides' full text, which
// the guides link to) came in at about 30 KB packed; the player's session added about 10 KB more. 4.9 MB since the
// family's eighteen new ids (three layouts' engines and agents, their rules pages) added about 50 KB.
// Run after `npm run build` (as npm test does).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

describe('npm pack', () => {
  it('ships each model once, no source maps, and weighs at most 4.9 MB (the games, models and docs)', () => {
    const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: REPO, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const [pack] = JSON.parse(r.stdout) as { size: number; files: { path: string }[] }[];
    const paths = pack.files.map((f) => f.path);
    expect(paths.filter((p) => p.endsWith('.map'))).toEqual([]);
    // Nor does any shipped file name one (bundlers' source-map loaders warn of each one missing).
    expect(
      paths.filter((p) => p.endsWith('.js') && readFileSync(`${REPO}${p}`, 'utf8').includes('sourceMappingURL')),
    ).toEqual([]);
    expect(paths.filter((p) => p.startsWith('dist/web/models/'))).toEqual([]);
    expect(paths.filter((p) => p.endsWith('.wasm'))).toEqual([]);
    expect(paths).toContain('models/four-ten/weights.bin');
    expect(paths).toContain('models/index.json');
    expect(pack.size).toBeLessThan(4.9e6);
    // What play-page.md tells a user of the installed package to serve is in it.
    const guide = readFileSync(`${REPO}docs/play-page.md`, 'utf8').split('## In your own page or app')[1];
    // Its own files (not where npm puts tengym's dependencies, node_modules/tengym/node_modules/):
    // the models with their index.
    const named = [...guide.matchAll(/`node_modules\/tengym\/([^`]+)`/g)]
      .map((m) => m[1])
      .filter((path) => !path.startsWith('node_modules/'));
    expect(named).toContain('models/');
    for (const path of new Set(named))
      expect(
        paths.some((p) => (path.endsWith('/') ? p.startsWith(path) : p === path)),
        path,
      ).toBe(true);
  }, 120_000);
});

// `npm run build` while dist/ is in use: the new build is made beside it and moved in file by file, so a command
// started meanwhile finds every module (before, dist/ was deleted for the minute the build took:
// ERR_MODULE_NOT_FOUND).
// `prepare` (npm install, npm pack, a first `npx tengym` in a clone) builds only where the sources changed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = fileURLToPath(new URL('../../dist', import.meta.url));
const BIN = join(DIST, 'cli', 'main.js');

/** dist/'s modules, relative to it. */
const modules = (): string[] =>
  readdirSync(DIST, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));

describe('npm run build', () => {
  it('leaves no moment without dist/: every module stays, and tengym runs all through a build', async () => {
    const before = modules();
    const build = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
    const ended = new Promise<number | null>((done) => build.on('exit', (code) => done(code)));
    let finished = false;
    void ended.then(() => {
      finished = true;
    });
    const failures: string[] = [];
    /** Each module found missing, and the first look it was missing at. */
    const missing = new Map<string, number>();
    let runs = 0;
    let looks = 0;
    // Every module of dist/ looked for every 20 ms (some 250 files: well under a millisecond), and tengym run from it
    // every 3 s: a run costs its start-up (some 0.6 s of processor time), which the build shares its cores with, and a
    // module missing for a moment shows in the looks.
    for (let next = 0; !finished; looks++) {
      for (const file of before) if (!missing.has(file) && !existsSync(join(DIST, file))) missing.set(file, looks);
      if (performance.now() >= next) {
        const r = spawnSync(process.execPath, [BIN, 'envs', '--json'], { encoding: 'utf8' });
        runs++;
        if (r.status !== 0) failures.push(r.stderr.split('\n').find((line) => line.trim() !== '') ?? '');
        next = performance.now() + 3000;
      }
      await new Promise((wait) => setTimeout(wait, 20));
    }
    // A module the new build no longer makes goes once it is done; any other was missing for a moment.
    const after = new Set(modules());
    for (const [file, look] of missing) if (after.has(file)) failures.push(`no dist/${file} at look ${look}`);
    expect(await ended).toBe(0);
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(before).toContain(join('cli', 'main.js'));
    expect(looks).toBeGreaterThan(runs);
    expect(failures).toEqual([]);
    // A build from these sources is not made again by prepare's step, and says so.
    const again = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: ROOT, encoding: 'utf8' });
    expect(again.stderr).toBe('tengym: dist/ is already built from these sources; not rebuilt\n');
  }, 600_000);
});

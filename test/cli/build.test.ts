// `npm run build` while dist/ is in use: the new build is made beside it and moved in file by file, so a command
// started meanwhile finds every module (before, dist/ was deleted for the minute the build took:
// ERR_MODULE_NOT_FOUND).
// `prepare` (npm install, npm pack, a first `npx tengym` in a clone) builds only where the sources changed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

describe('npm run build', () => {
  it('leaves no moment without dist/: tengym runs all through a build', async () => {
    const build = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: 'ignore' });
    const ended = new Promise<number | null>((done) => build.on('exit', (code) => done(code)));
    let finished = false;
    void ended.then(() => {
      finished = true;
    });
    const failures: string[] = [];
    let runs = 0;
    let looks = 0;
    // dist/'s entry point looked for every 20 ms, and tengym run from it every second: each run costs its start-up
    // (some 0.6 s of processor time), which the build would otherwise share its cores with.
    for (let next = 0; !finished; looks++) {
      if (!existsSync(BIN)) failures.push(`no ${BIN} at look ${looks}`);
      if (performance.now() >= next) {
        const r = spawnSync(process.execPath, [BIN, 'envs', '--json'], { encoding: 'utf8' });
        runs++;
        if (r.status !== 0) failures.push(r.stderr.split('\n').find((line) => line.trim() !== '') ?? '');
        next = performance.now() + 1000;
      }
      await new Promise((wait) => setTimeout(wait, 20));
    }
    expect(await ended).toBe(0);
    expect(runs).toBeGreaterThan(5);
    expect(looks).toBeGreaterThan(runs);
    expect(failures).toEqual([]);
    // A build from these sources is not made again by prepare's step, and says so.
    const again = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: ROOT, encoding: 'utf8' });
    expect(again.stderr).toBe('tengym: dist/ is already built from these sources; not rebuilt\n');
  }, 600_000);
});

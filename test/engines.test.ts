// Promises the README makes about the engines as a whole: they import nothing Node-only
// (nor do the package's two entry points), the hot path allocates nothing and `step`
// returns the same object, and bad input to `reset` leaves the env as it was.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isTengymError } from '../src/env/errors.js';
import { envIds, make } from '../src/env/registry.js';
import { createRng, randomInt } from '../src/env/rng.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SRC = join(ROOT, 'src');

/** Files under src/agents/node, which say in their header that they are Node-only (none may be imported by browser-safe code). */
const NODE_ONLY = ['agents/node/hint-loader.ts', 'agents/node/resolve.ts', 'agents/node/backend.ts', 'agents/node/file-io.ts', 'agents/node/load-model.ts'];
/** Packages that run in a browser as they are. */
const BROWSER_PACKAGES = ['zod', 'pure-rand', '@tensorflow/tfjs', '@tensorflow/tfjs-backend-wasm'];

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The modules a source file loads at run time (type-only imports and exports excluded). */
function runtimeImports(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of src.matchAll(IMPORT)) if (!m[1]) out.push(m[2] ?? m[3]);
  return out;
}

const walk = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

describe('browser safety', () => {
  it('the engines, the browser-safe agents and both entry points load nothing Node-only, however deep', () => {
    for (const f of NODE_ONLY) expect(readFileSync(join(SRC, f), 'utf8').slice(0, 600), f).toMatch(/Node-only/);
    const nodeOnly = new Set(NODE_ONLY.map((f) => join(SRC, f)));
    const roots = [join(SRC, 'index.ts'), join(SRC, 'models.ts'), ...walk(join(SRC, 'env')), ...walk(join(SRC, 'agents')).filter((f) => !nodeOnly.has(f))];
    const problems: string[] = [];
    const seen = new Set<string>();
    const visit = (file: string, chain: string[]) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of runtimeImports(file)) {
        const via = [...chain, relative(ROOT, file)].join(' → ');
        if (spec.startsWith('.')) {
          const target = join(dirname(file), spec.replace(/\.js$/, '.ts'));
          if (!existsSync(target)) problems.push(`${via}: cannot find ${spec}`);
          else if (nodeOnly.has(target)) problems.push(`${via} imports the Node-only ${relative(ROOT, target)}`);
          else visit(target, [...chain, relative(ROOT, file)]);
        } else if (spec.startsWith('node:') || builtinModules.includes(spec)) problems.push(`${via} imports ${spec}`);
        else if (!BROWSER_PACKAGES.includes(packageOf(spec))) problems.push(`${via} imports the package ${spec}, not known to be browser-safe`);
      }
    };
    for (const root of roots) visit(root, []);
    expect(problems).toEqual([]);
    // The check reaches the engines, the solvers and the TensorFlow.js agents.
    for (const f of ['env/games/decade.ts', 'agents/four-ten-solver/index.ts', 'models.ts']) expect(seen.has(join(SRC, f)), f).toBe(true);
  });

  it('the scan sees what a Node-only import looks like', () => {
    expect(runtimeImports(join(SRC, 'agents/node/file-io.ts'))).toEqual(expect.arrayContaining(['node:fs/promises', 'node:path']));
    expect(runtimeImports(join(SRC, 'agents/node/load-model.ts'))).toContain('./file-io.js');
    // `import type` loads nothing at run time.
    expect(runtimeImports(join(SRC, 'models.ts'))).not.toContain('@tensorflow/tfjs');
    expect(runtimeImports(join(SRC, 'models.ts'))).toContain('./agents/tf/model-agent.js');
    expect(runtimeImports(join(SRC, 'env/env.ts'))).toEqual(expect.arrayContaining(['zod', './errors.js']));
  });
});

describe('the hot path', () => {
  it('legalActions, status, observe and step allocate nothing; Env.step allocates only the last step’s outcome', () => {
    // A child process with a young generation too large to be collected within a window.
    const r = spawnSync(process.execPath, ['--expose-gc', '--min-semi-space-size=64', '--max-semi-space-size=64', join(ROOT, 'test/fixtures/hot-path-allocation.mjs')], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as Record<string, { engine: number; gameSteps: number; env: number; envSteps: number; episodes: number }>;
    expect(Object.keys(report)).toEqual(envIds());
    for (const [id, m] of Object.entries(report)) {
      // process.memoryUsage() itself takes 256 bytes; one byte per step would show as thousands.
      expect(m.engine, `${id}: the engine allocated over ${m.gameSteps} steps`).toBeLessThan(1024);
      expect(m.env, `${id}: Env.step allocated over ${m.envSteps} steps of ${m.episodes} episodes`).toBeLessThan(4096 + 128 * m.episodes);
      expect(m.gameSteps).toBeGreaterThan(2 * m.episodes);
    }
  });

  it.each(envIds())('%s: step returns the same result object, writing into the env’s own buffers', (id) => {
    const env = make(id);
    const first = env.reset({ seed: 3 });
    expect(first.observation).toBe(env.observation);
    expect(first.info.actionMask).toBe(env.mask);
    const rng = createRng(4);
    let result: unknown = null;
    for (let seed = 3; seed < 40; seed++) {
      env.reset({ seed });
      while (env.running) {
        const r = env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]);
        if (result !== null) expect(r).toBe(result);
        result = r;
        expect(r.observation).toBe(env.observation);
        expect(r.info.actionMask).toBe(env.mask);
      }
    }
  });
});

describe('reset with bad input', () => {
  const bad: [string, (id: string) => unknown][] = [
    ['a deck with too few cards', (id) => ({ deck: id === 'four-ten' ? '1 2 3' : 'AS 2C' })],
    ['a deck with a card twice', (id) => ({ deck: id === 'four-ten' ? Array.from({ length: 32 }, () => '1') : [...Array(51).fill('AS'), 'KD'] })],
    ['a deck with a card that does not exist', (id) => ({ deck: id === 'four-ten' ? Array.from({ length: 32 }, (_, i) => String(1 + (i >> 3))).fill('5', 0, 1) : 'XX ' + 'AS '.repeat(51) })],
    ['a deck that is not a list', () => ({ deck: { cards: 52 } })],
    ['a negative seed', () => ({ seed: -1 })],
    ['an unknown option', () => ({ seed: 1, shuffle: false })],
    ['not an object', () => 7],
  ];

  it.each(envIds())('%s: a refused reset leaves the game, its random stream and its counters as they were', (id) => {
    const env = make(id);
    env.reset({ seed: 11 });
    const rng = createRng(12);
    for (let k = 0; k < 3 && env.running; k++) env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]);
    const twin = env.clone();
    const before = JSON.stringify(env.getState());
    const counters = [env.episodeSteps, env.episodeReturn, env.legalCount, env.running];
    for (const [what, input] of bad) {
      let error: unknown = null;
      try {
        env.reset(input(id) as never);
      } catch (e) {
        error = e;
      }
      expect(isTengymError(error), `${id}: ${what}`).toBe(true);
      expect(JSON.stringify(env.getState()), `${id}: ${what}`).toBe(before);
      expect([env.episodeSteps, env.episodeReturn, env.legalCount, env.running], `${id}: ${what}`).toEqual(counters);
    }
    // And it plays on exactly like a copy taken before the bad input, next deals included.
    for (let k = 0; k < 200; k++) {
      while (!env.running) {
        env.reset();
        twin.reset();
      }
      const a = env.legal[randomInt(rng, 0, env.legalCount - 1)];
      expect(env.step(a).reward).toBe(twin.step(a).reward);
      expect(Array.from(env.observation)).toEqual(Array.from(twin.observation));
    }
  });
});

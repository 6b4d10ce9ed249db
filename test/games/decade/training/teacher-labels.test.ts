// Labels on every core (src/train/teacher-labels.ts): a worker's labels are the teacher's own
// scores, exactly as this thread computes them. Workers exist only in the built package, so the
// worker half of this test runs dist/ (npm test builds it first).
import { describe, expect, it } from 'vitest';
import type { Env } from '../../../../src/env/env.js';
import { createAgent } from '../../../../src/agents/index.js';
import { StockMemory, type Remembered } from '../../../../src/games/decade/agents/memory.js';
import { PimcAgent } from '../../../../src/games/decade/agents/pimc.js';
import { rulesOf } from '../../../../src/games/decade/agents/position.js';
import { decadeOf } from '../../../../src/games/decade/engine.js';
import { make } from '../../../../src/env/registry.js';
import { createRng, randomInt } from '../../../../src/env/rng.js';
import { TeacherLabels, labelPosition } from '../../../../src/games/decade/training/teacher-labels.js';
import { randomPosition } from '../../../helpers/decade.js';

type Built = typeof import('../../../../src/games/decade/training/teacher-labels.js');
type Registry = typeof import('../../../../src/env/registry.js');
const dist = (path: string) => new URL(`../../../../dist/${path}`, import.meta.url).href;

function positions(id: string, count: number): Env[] {
  const out: Env[] = [];
  for (let s = 0; out.length < count; s++) {
    const env = randomPosition(id, 4000 + s, 2 + (s % 35));
    if (env.running && env.legalCount > 1) out.push(env);
  }
  return out;
}

/**
 * The built package's teacher labels and its own envs (its engines are another module instance) at the same positions.
 */
async function inBuiltPackage(id: string, envs: Env[]): Promise<{ built: Built; builtEnvs: Env[] }> {
  await import(dist('games/index.js'));
  const built = (await import(dist('games/decade/training/teacher-labels.js'))) as Built;
  const registry = (await import(dist('env/registry.js'))) as Registry;
  const builtEnvs = envs.map((env) => {
    const copy = registry.make(id);
    copy.setState(env.getState());
    return copy;
  });
  return { built, builtEnvs };
}

/**
 * Ten-Twenty-Thirty positions reached by random play, each with what its player remembers of the
 * order under the stock (a memory that saw every state) and the scores of a `pimc` that watched
 * the same game, reset with the position's seed: what the labels must be.
 */
function rememberedPositions(count: number): {
  envs: Env[];
  memories: Remembered[];
  seeds: number[];
  expected: unknown[];
} {
  const out = { envs: [] as Env[], memories: [] as Remembered[], seeds: [] as number[], expected: [] as unknown[] };
  for (let s = 0; out.envs.length < count && s < 500; s++) {
    const env = make('ten-twenty-thirty');
    env.reset({ seed: 6100 + s });
    const rules = rulesOf(decadeOf(env)!.options);
    const memory = new StockMemory();
    const watcher = new PimcAgent();
    watcher.reset(17 * s + 3);
    const rng = createRng(s);
    const stop = 20 + (s % 40);
    for (let step = 0; env.running; step++) {
      memory.sync(decadeOf(env)!.state, rules);
      watcher.unseenCount(env);
      if (step >= stop && env.legalCount > 1 && memory.knownCount > 0) break;
      env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]);
    }
    if (!env.running) continue;
    out.envs.push(env);
    out.memories.push(memory.remembered());
    out.seeds.push(17 * s + 3);
    out.expected.push(watcher.score(env).actions);
  }
  return out;
}

describe('teacher labels', () => {
  it("are the teacher's own scores, in a worker as in this thread, whatever came before", async () => {
    const envs = positions('decade-fives', 9);
    const seeds = envs.map((_, k) => 31 * k + 5);
    const expected = envs.map((env, k) => {
      const fresh = createAgent('pimc', 'decade-fives');
      fresh.reset(seeds[k]);
      return fresh.score!(env).actions;
    });
    const here = new TeacherLabels('decade-fives', {}, 'pimc', 0);
    expect(here.threads).toBe(1);
    expect(here.label(envs, seeds)).toEqual(expected);
    // Asked again, and in another order: the same labels.
    expect(here.label([...envs].reverse(), [...seeds].reverse())).toEqual([...expected].reverse());
    here.dispose();

    const { built, builtEnvs } = await inBuiltPackage('decade-fives', envs);
    const threaded = new built.TeacherLabels('decade-fives', {}, 'pimc', 2);
    expect(threaded.threads).toBe(3);
    expect(threaded.label(builtEnvs, seeds)).toEqual(expected);
    expect(threaded.threads).toBe(3);
    expect(threaded.label(builtEnvs.slice(0, 2), seeds.slice(0, 2))).toEqual(expected.slice(0, 2));
    threaded.dispose();
  });

  it(
    "with 'deck-bottom', are the scores of a teacher that watched " + 'the game, told what the player remembers',
    async () => {
      const { envs, memories, seeds, expected } = rememberedPositions(6);
      expect(envs).toHaveLength(6);
      const here = new TeacherLabels('ten-twenty-thirty', {}, 'pimc', 0);
      expect(here.label(envs, seeds, memories)).toEqual(expected);
      // The memory is what the labels depend on: without it the stock is all unseen, and they change.
      const forgetful = here.label(envs, seeds);
      expect(
        forgetful.filter((labels, k) => JSON.stringify(labels) !== JSON.stringify(expected[k])).length,
      ).toBeGreaterThan(0);
      here.dispose();

      const { built, builtEnvs } = await inBuiltPackage('ten-twenty-thirty', envs);
      const threaded = new built.TeacherLabels('ten-twenty-thirty', {}, 'pimc', 1);
      expect(threaded.threads).toBe(2);
      expect(threaded.label(builtEnvs, seeds, memories)).toEqual(expected);
      threaded.dispose();
    },
  );

  it('refuse to tell a teacher without a memory what the player remembers', () => {
    const [env] = positions('decade', 1);
    expect(() => labelPosition(createAgent('longest', 'decade'), env, 1, { unknown: 3, known: [] })).toThrow(
      /teacher "longest" cannot be told what the player remembers of the stock/,
    );
  });

  it('name a teacher that does not score as a win probability', () => {
    const labels = new TeacherLabels('decade', {}, 'longest', 0);
    expect(() => labels.label(positions('decade', 1), [1])).toThrow(
      /teacher "longest" scores moves as 'heuristic', not 'win-probability'/,
    );
  });
});

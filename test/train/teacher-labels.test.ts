// Labels on every core (src/train/teacher-labels.ts): a worker's labels are the teacher's own
// scores, exactly as this thread computes them. Workers exist only in the built package, so the
// worker half of this test runs dist/ (npm test builds it first).
import { describe, expect, it } from 'vitest';
import type { Env } from '../../src/env/env.js';
import { createAgent } from '../../src/agents/index.js';
import { TeacherLabels } from '../../src/train/teacher-labels.js';
import { randomPosition } from '../helpers/decade.js';

type Built = typeof import('../../src/train/teacher-labels.js');
type Registry = typeof import('../../src/env/registry.js');
const dist = (path: string) => new URL(`../../dist/${path}`, import.meta.url).href;

function positions(id: string, count: number): Env[] {
  const out: Env[] = [];
  for (let s = 0; out.length < count; s++) {
    const env = randomPosition(id, 4000 + s, 2 + (s % 35));
    if (env.running && env.legalCount > 1) out.push(env);
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

    // The built package's own envs (its engines are another module instance), at the same positions.
    const built = (await import(dist('train/teacher-labels.js'))) as Built;
    const registry = (await import(dist('env/registry.js'))) as Registry;
    const builtEnvs = envs.map((env) => {
      const copy = registry.make('decade-fives');
      copy.setState(env.getState());
      return copy;
    });
    const threaded = new built.TeacherLabels('decade-fives', {}, 'pimc', 2);
    expect(threaded.threads).toBe(3);
    expect(threaded.label(builtEnvs, seeds)).toEqual(expected);
    expect(threaded.threads).toBe(3);
    expect(threaded.label(builtEnvs.slice(0, 2), seeds.slice(0, 2))).toEqual(expected.slice(0, 2));
    threaded.dispose();
  });

  it('name a teacher that does not score as a win probability', () => {
    const labels = new TeacherLabels('decade', {}, 'longest', 0);
    expect(() => labels.label(positions('decade', 1), [1])).toThrow(/teacher "longest" scores moves as 'heuristic', not 'win-probability'/);
  });
});

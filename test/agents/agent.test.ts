// checkPlaying: every agent, catalogue or trained, asked to act in or score something that is
// not a running game says so by name (a TengymError), never a TypeError or an action that is
// not legal.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../src/agents/agent.js';
import { RandomAgent } from '../../src/agents/basic.js';
import { agentsFor, createAgent, simpleBaseline } from '../../src/agents/index.js';
import type { Env } from '../../src/env/env.js';
import { TengymError } from '../../src/env/errors.js';
import { envConfig, envIds, make } from '../../src/env/registry.js';
import { resolveAgent, shippedModelEnvs } from '../../src/node/resolve.js';
import { initBackend } from '../../src/node/tf-backend.js';
import { allChecks } from '../helpers/game-checks.js';

beforeAll(async () => {
  await initBackend();
});

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e, String(e)).toBeInstanceOf(TengymError);
    return (e as TengymError).code;
  }
  throw new Error('nothing was thrown');
}

/** A game of `id` played to its end by the first legal move. */
function finished(id: string): Env {
  const env = make(id);
  env.reset({ seed: 3 });
  while (env.running) env.step(env.legal[0]);
  return env;
}

function expectRefusals(agent: Agent, id: string): void {
  for (const call of ['act', 'score'] as const) {
    const method = agent[call]?.bind(agent) as ((env: unknown) => unknown) | undefined;
    if (method === undefined) continue;
    const what = `${agent.name} on ${id}: ${call}`;
    for (const bad of [null, undefined, {}, { legal: [0], legalCount: 1 }, 'decade'])
      expect(
        codeOf(() => method(bad)),
        `${what}(${String(bad)})`,
      ).toBe('bad-argument');
    expect(
      codeOf(() => method(make(id))),
      `${what} before reset`,
    ).toBe('not-reset');
    expect(
      codeOf(() => method(finished(id))),
      `${what} after the end`,
    ).toBe('episode-over');
  }
}

describe('simpleBaseline (the reference of training curves and tengym start)', () => {
  it("is the game's best simple heuristic, first where it has none", () => {
    expect(simpleBaseline(envConfig('decade-loop'))).toBe('longest');
    expect(simpleBaseline(envConfig('ten-twenty-thirty'))).toBe('longest');
    expect(simpleBaseline(envConfig('four-ten'))).toBe('greedy');
    expect(simpleBaseline(envConfig('tens'))).toBe('first');
    for (const id of envIds())
      expect(
        agentsFor(id).map((a) => a.name),
        id,
      ).toContain(simpleBaseline(envConfig(id)));
  });
});

describe('an agent asked about something that is not a running game', () => {
  it('says so for every catalogue agent of every env', () => {
    for (const id of envIds()) for (const { name } of agentsFor(id)) expectRefusals(createAgent(name, id), id);
  });

  it('says so for the shipped models', async () => {
    for (const id of shippedModelEnvs()) expectRefusals(await resolveAgent('model', id), id);
  });

  it('names the agent and the call to make', () => {
    expect(() => createAgent('random', 'tens').act(null as never)).toThrow(
      /^agent "random" acts in an env \(make\(id\), then reset\(\)\), got null$/,
    );
    expect(() => createAgent('pimc', 'decade').act(make('decade'))).toThrow(
      /^agent "pimc": the env has not been dealt yet; call reset\(\) first$/,
    );
    expect(() => createAgent('greedy', 'four-ten').score!(finished('four-ten'))).toThrow(
      /^agent "greedy": the episode is over; call reset\(\) for the next$/,
    );
  });
});

describe('an agent reset with a seed that is not one', () => {
  it('is refused, not played as some other seed', () => {
    const agent = createAgent('random', 'tens');
    for (const bad of ['x', null, Number.NaN, 1.5, Number.POSITIVE_INFINITY, -1])
      expect(
        codeOf(() => agent.reset(bad as never)),
        String(bad),
      ).toBe('bad-seed');
    expect(() => agent.reset('x' as never)).toThrow(
      /^bad agent "random" seed "x": expected an integer from 0 to 9007199254740991$/,
    );
    expect(() => new RandomAgent(-1)).toThrow(
      /^bad agent "random" seed -1: expected an integer from 0 to 9007199254740991$/,
    );
    agent.reset(7);
    // pimc draws its samples from streams derived from its seed.
    const pimc = createAgent('pimc', 'decade');
    for (const bad of ['x', null, Number.NaN, 1.5, -1])
      expect(
        codeOf(() => pimc.reset(bad as never)),
        String(bad),
      ).toBe('bad-seed');
    expect(() => pimc.reset('x' as never)).toThrow(
      /^bad agent "pimc" seed "x": expected an integer from 0 to 9007199254740991$/,
    );
    pimc.reset(7);
  });

  it('is refused by every agent, those whose play uses no seed too', async () => {
    const agents: Agent[] = [];
    for (const id of envIds()) for (const { name } of agentsFor(id)) agents.push(createAgent(name, id));
    for (const id of shippedModelEnvs()) agents.push(await resolveAgent('model', id));
    for (const agent of agents) {
      for (const bad of ['7', null, Number.NaN, 1.5, {}, -1])
        expect(
          codeOf(() => agent.reset(bad as never)),
          `${agent.name}.reset(${String(bad)})`,
        ).toBe('bad-seed');
      agent.reset(7);
    }
    expect(() => createAgent('longest', 'decade').reset('7' as never)).toThrow(
      /^bad agent "longest" seed "7": expected an integer from 0 to 9007199254740991$/,
    );
    // Where the seed is not used, none may be given.
    createAgent('longest', 'decade').reset(undefined as never);
  });
});

describe("what api.md says of the catalogue's agents", () => {
  const api = readFileSync(fileURLToPath(new URL('../../docs/api.md', import.meta.url)), 'utf8').replace(/\s+/g, ' ');

  it('every catalogue agent scores the legal moves, but random, first and those a game declares', () => {
    // random and first are every env's (src/agents/basic.ts); a game's own agent without score is declared in its
    // test/games/<game>/checks.ts (unscoredAgents), as Elevens' patient.
    const declared = new Set(['first', 'random', ...allChecks().flatMap((c) => c.unscoredAgents ?? [])]);
    const unscored = new Set<string>();
    for (const id of envIds())
      for (const { name } of agentsFor(id)) if (typeof createAgent(name, id).score !== 'function') unscored.add(name);
    expect(
      [...unscored].filter((name) => !declared.has(name)),
      'catalogue agents without score(env): give each a score(env) that ranks the legal moves, best first (hints ' +
        'and tengym hint rank by it), or name it in unscoredAgents of test/games/<game>/checks.ts and in docs/api.md',
    ).toEqual([]);
    expect(
      [...declared].filter((name) => !unscored.has(name)),
      'agents declared without score(env) that have one: take them out of unscoredAgents in their checks.ts',
    ).toEqual([]);
    const sentence = /`score\(env\)`, which every catalogue agent but (.*?) \(fixed rules of play\) has/.exec(api);
    expect(sentence, 'api.md says which catalogue agents have no score(env)').not.toBeNull();
    for (const name of declared) expect(sentence![1], `api.md names ${name} among them`).toContain(`\`${name}\``);
  });

  it(
    'an agent that remembers plays the same when shown the forced moves with observe as when asked at every ' +
      'step, and otherwise when not shown them',
    () => {
      const play = (seed: number, forced: 'act' | 'observe' | 'skip'): string => {
        const env = make('ten-twenty-thirty');
        const agent = createAgent('lookahead', 'ten-twenty-thirty');
        env.reset({ seed });
        agent.reset(seed);
        const actions: number[] = [];
        while (env.running) {
          let action: number;
          if (env.legalCount === 1 && forced !== 'act') {
            if (forced === 'observe') agent.observe!(env);
            action = env.legal[0];
          } else action = agent.act(env);
          actions.push(action);
          env.step(action);
        }
        return actions.join();
      };
      const seeds = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
      for (const seed of seeds) expect(play(seed, 'observe'), `seed ${seed}`).toBe(play(seed, 'act'));
      expect(seeds.some((seed) => play(seed, 'skip') !== play(seed, 'act'))).toBe(true);
      expect(
        api.includes('shows them those states with `agent.observe?.(env)`'),
        'api.md says to show them the forced moves',
      ).toBe(true);
    },
  );
});

import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { agentsFor, createAgent, slowFirstMove } from '../../src/agents/index.js';
import { AgentThrewError } from '../../src/env/errors.js';
import { FOUR_TEN_RESULT, type FourTenJSON } from '../../src/games/four-ten/engine.js';
import { envConfig, make } from '../../src/env/registry.js';
import { deriveSeed } from '../../src/env/rng.js';
import type { Agent } from '../../src/agents/agent.js';
import type { Env } from '../../src/env/env.js';
import { emptyRows, episodeTask, playAgent, playEpisodes, playNamedAgent } from '../../src/eval/episodes.js';
import { evaluate, median, pairedFigure, type AgentResult, type PairedFigure } from '../../src/eval/evaluate.js';
import { recordedKeys } from '../../src/stats/figures.js';
import { pairedDifference, pairedWins } from '../../src/stats/paired.js';
import { loadAgent, modelProvenanceOf } from '../../src/node/index.js';
import { tengymHere, tengymHereWith } from '../helpers/cli.js';
import { scaled } from '../helpers/scale.js';

/** Runs `script` as an ES module in a Node process of its own (a game registered there, threads started there). */
function runModule(script: string): SpawnSyncReturns<string> {
  const dir = mkdtempSync(join(tmpdir(), 'tengym-eval-'));
  const file = join(dir, 'script.mjs');
  writeFileSync(file, script);
  try {
    return spawnSync(process.execPath, [file], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
describe("pairedFigure, the game's comparison (Four Ten's rounds to win)", () => {
  it('pairs the rounds of the deals both agents won, and only those', () => {
    const keys = recordedKeys(FOUR_TEN_RESULT);
    const a = emptyRows(4, keys);
    const b = emptyRows(4, keys);
    a.won.set([1, 1, 0, 1]);
    a.values.rounds.set([4, 5, 9, 3]);
    b.won.set([1, 1, 1, 0]);
    b.values.rounds.set([5, 5, 4, 7]);
    // Deals 0 and 1: differences −1 and 0.
    const paired = pairedFigure(a, b, FOUR_TEN_RESULT);
    expect(paired.deals).toBe(2);
    expect(paired.diff).toBe(-0.5);
    expect(paired.ci95).toEqual(pairedDifference([4, 5], [5, 5]).ci95);
  });

  it('is in a Four Ten report, against the reference', async () => {
    const report = await evaluate({ env: 'four-ten', agents: ['greedy', 'bottom'], episodes: 30, seed: 3, workers: 0 });
    const [greedy, bottom] = report.results;
    const rounds = (r: AgentResult) => r.roundsVsReference as PairedFigure | undefined;
    expect(rounds(greedy)).toBeUndefined();
    expect(rounds(bottom)!.deals).toBeGreaterThan(20);
    expect(rounds(bottom)!.diff).toBeLessThan(0);
  });
});

describe('median', () => {
  it('handles odd, even and empty lists', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});

describe('evaluate', () => {
  it('plays every agent on the same deals: on decision-free Tens all agents tie deal by deal', async () => {
    const report = await evaluate({ env: 'tens', agents: ['random', 'first'], episodes: 500, seed: 9, workers: 0 });
    const [random, first] = report.results;
    expect(first.winRate).toBe(random.winRate);
    expect(first.meanCardsLeft).toBe(random.meanCardsLeft);
    expect(first.vsReference).toEqual({ diff: 0, ci95: [0, 0], differing: 0 });
  });

  it(
    'plays the reference first, so a run stopped after one agent ' + 'can compare; the rows keep the order of agents',
    async () => {
      const progress: string[] = [];
      const seen: string[][] = [];
      const report = await evaluate(
        {
          env: 'decade',
          agents: ['random', 'first', 'longest'],
          reference: 'longest',
          episodes: 20,
          seed: 5,
          workers: 0,
        },
        (_done, _total, agent) => {
          if (progress.at(-1) !== agent) progress.push(agent);
        },
        (played, startupSeconds) => seen.push([...played.map((p) => p.agent), `startup ${startupSeconds}`]),
      );
      expect(progress).toEqual(['longest', 'random', 'first']);
      // Told first once the threads have started (none in this thread: 0 s), before any agent has played.
      expect(seen).toEqual([
        ['startup 0'],
        ['longest', 'startup 0'],
        ['random', 'longest', 'startup 0'],
        ['random', 'first', 'longest', 'startup 0'],
      ]);
      expect(report.results.map((r) => [r.agent, r.vsReference === undefined])).toEqual([
        ['random', false],
        ['first', false],
        ['longest', true],
      ]);
    },
  );

  it('deal i is reset({ seed: seed + i }) whatever the chunking', async () => {
    const whole = await playEpisodes({ env: 'decade', options: {}, agent: 'random', seed: 40, from: 0, to: 30 });
    const tail = await playEpisodes({ env: 'decade', options: {}, agent: 'random', seed: 40, from: 20, to: 30 });
    expect(Array.from(tail.values.cardsLeft)).toEqual(Array.from(whole.values.cardsLeft.subarray(20)));
    const env = make('decade');
    const agent = createAgent('first', 'decade', {});
    env.reset({ seed: 40 + 7 });
    while (env.running) env.step(agent.act(env));
    const first = await playEpisodes({ env: 'decade', options: {}, agent: 'first', seed: 40, from: 7, to: 8 });
    expect(first.values.cardsLeft[0]).toBe((env.outcome() as { cardsLeft: number }).cardsLeft);
  });

  it(
    "deals cross to a worker as the env's id and its resolved options, and play there as the EnvConfig they " +
      'came from',
    async () => {
      const env = envConfig('decade-max3', { discard: 'optional' });
      const deals = { env, agent: 'random', seed: 11, from: 3, to: 23 };
      const task = episodeTask(deals);
      expect(task).toEqual({ env: 'decade-max3', options: env.options, agent: 'random', seed: 11, from: 3, to: 23 });
      expect(task.options).toMatchObject({ maxRun: 3, discard: 'optional' });
      // Through structured cloning, as postMessage sends it.
      const sent = structuredClone(task);
      const [here, there] = [await playNamedAgent(deals), await playEpisodes(sent)];
      expect(Array.from(there.values.cardsLeft)).toEqual(Array.from(here.values.cardsLeft));
      expect(Array.from(there.won)).toEqual(Array.from(here.won));
    },
  );

  it("counts each deal's steps and decisions as a replay of it does, one deal at a time and side by side", async () => {
    const env = make('decade-loop');
    const longest = createAgent('longest', 'decade-loop', {});
    const steps: number[] = [];
    const decisions: number[] = [];
    for (let i = 0; i < 25; i++) {
      env.reset({ seed: 70 + i });
      let chosen = 0;
      let moves = 0;
      while (env.running) {
        if (env.legalCount > 1) chosen++;
        env.step(longest.act(env));
        moves++;
      }
      steps.push(moves);
      decisions.push(chosen);
    }
    expect(decisions.some((d, i) => d > 0 && d < steps[i])).toBe(true);
    const config = envConfig('decade-loop', {});
    const alone = playAgent(config, longest, 70, 0, 25);
    expect(Array.from(alone.steps)).toEqual(steps);
    expect(Array.from(alone.decisions)).toEqual(decisions);
    // An agent that decides in batches plays its deals in lanes, forced moves through act.
    const batched: Agent = {
      name: 'longest, batched',
      fair: true,
      reset: () => {},
      act: (e) => longest.act(e),
      actBatch: (envs, count, out) => envs.slice(0, count).forEach((e, k) => (out[k] = longest.act(e))),
    };
    const lanes = playAgent(config, batched, 70, 0, 25, { lanes: 4 });
    expect(Array.from(lanes.steps)).toEqual(steps);
    expect(Array.from(lanes.decisions)).toEqual(decisions);
    const [report] = (await evaluate({ env: 'decade-loop', agents: ['longest'], episodes: 25, seed: 70, workers: 0 }))
      .results;
    expect(report.meanSteps).toBeCloseTo(steps.reduce((a, b) => a + b) / 25, 12);
    expect(report.meanDecisions).toBeCloseTo(decisions.reduce((a, b) => a + b) / 25, 12);
  });

  it('reports Four Ten figures that a replay of the same deals counts again', async () => {
    const report = await evaluate({ env: 'four-ten', agents: ['random', 'bottom'], episodes: 40, seed: 6, workers: 0 });
    for (const [k, name] of ['random', 'bottom'].entries()) {
      // The same deals and agent seeds, counted from the state: a fault is a round that ended
      // with a safety spent, points paid or the game bust.
      const agent = createAgent(name, 'four-ten', {});
      const env = make('four-ten');
      let rounds = 0;
      let points = 0;
      let faults = 0;
      const wonRounds: number[] = [];
      for (let i = 0; i < 40; i++) {
        env.reset({ seed: 6 + i });
        agent.reset(deriveSeed(6, i));
        while (env.running) {
          const before = env.getState().game as FourTenJSON;
          env.step(agent.act(env));
          const after = env.getState().game as FourTenJSON;
          if (
            after.rounds > before.rounds &&
            (after.safeties < before.safeties || after.points < before.points || after.phase === 'bust')
          )
            faults++;
        }
        const end = env.getState().game as FourTenJSON;
        rounds += end.rounds;
        points += end.points;
        if (end.phase === 'won') wonRounds.push(end.rounds);
      }
      const r = report.results[k];
      expect(r.pointsPerRound, name).toBeCloseTo(points / rounds, 12);
      expect(r.faultRate, name).toBeCloseTo(faults / rounds, 12);
      expect(r.winRate, name).toBe(wonRounds.length / 40);
      if (wonRounds.length) expect(r.medianRounds, name).toBe(median(wonRounds));
      else expect(r.medianRounds, name).toBeNaN();
    }
    // Random play faults in most rounds and never wins; bottom wins most deals.
    expect(report.results[0].faultRate).toBeGreaterThan(0.5);
    expect(report.results[1].winRate).toBeGreaterThan(0.5);
  });

  it('names what exists when an agent, reference or env is unknown', async () => {
    await expect(evaluate({ env: 'decade', agents: ['random', 'bogus'], episodes: 5, workers: 0 })).rejects.toThrow(
      /unknown agent "bogus" for decade; agents for decade: random, first.*or a model directory/,
    );
    await expect(
      evaluate({ env: 'decade', agents: ['random'], reference: 'first', episodes: 5, workers: 0 }),
    ).rejects.toThrow(/^reference agent "first" is not among the agents \(random\)$/);
    await expect(
      evaluate({ env: 'decade', agents: ['random', 'first', 'random'], episodes: 5, workers: 0 }),
    ).rejects.toThrow(/^agent "random" is listed twice: each agent plays the deals once$/);
    await expect(evaluate({ env: 'decadent', agents: ['random'], episodes: 5, workers: 0 })).rejects.toThrow(
      /unknown env "decadent" \(did you mean "decade"\?\); registered ids/,
    );
    expect(agentsFor('tens').map((a) => a.name)).toEqual(['random', 'first']);
  });

  it(
    'takes a model folder however it is written: the reference matched as --agents spells it, the same folder ' +
      'twice refused',
    async () => {
      const report = await evaluate({
        env: 'ten-twenty-thirty',
        agents: ['./models/ten-twenty-thirty/', 'first'],
        reference: 'models/ten-twenty-thirty',
        episodes: 3,
        workers: 0,
      });
      expect(report.reference).toBe('./models/ten-twenty-thirty/');
      expect(report.results.map((r) => [r.agent, r.vsReference === undefined])).toEqual([
        ['./models/ten-twenty-thirty/', true],
        ['first', false],
      ]);
      await expect(
        evaluate({
          env: 'ten-twenty-thirty',
          agents: ['models/ten-twenty-thirty', 'first', 'models/ten-twenty-thirty/'],
          episodes: 3,
          workers: 0,
        }),
      ).rejects.toThrow(
        new RegExp(
          String.raw`^agent "models\/ten-twenty-thirty\/" is listed twice \(as "models\/ten-twenty-thirty"\): each ` +
            'agent plays the deals once$',
        ),
      );
      await expect(
        evaluate({
          env: 'ten-twenty-thirty',
          agents: ['first'],
          reference: 'models/ten-twenty-thirty',
          episodes: 3,
          workers: 0,
        }),
      ).rejects.toThrow(/is not among the agents/);
    },
  );

  it(
    'without an env, plays the one the model folders were trained for, as tengym eval does; the report says ' +
      'which tengym played it',
    async () => {
      // It used to ask for env ("expected string, received undefined → at env") where the command line did not.
      const report = await evaluate({ agents: ['models/ten-twenty-thirty', 'first'], episodes: 3, workers: 0 });
      expect(report).toMatchObject({
        env: 'ten-twenty-thirty',
        options: envConfig('ten-twenty-thirty').options,
        episodes: 3,
      });
      expect(report.tengymVersion).toBe(
        (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version,
      );
      // Options given are played, and must fit the model; no model folder, or two games, are refused by name.
      await expect(
        evaluate({ agents: ['models/ten-twenty-thirty'], options: { stacks: 1 }, episodes: 1, workers: 0 }),
      ).rejects.toThrow(/was trained for ten-twenty-thirty/);
      await expect(evaluate({ agents: ['first', 'random'], episodes: 1, workers: 0 })).rejects.toThrow(
        new RegExp(
          String.raw`^env is needed unless an agent is a model directory \(model\.json \+ weights\.bin\), whose ` +
            String.raw`env is then played: give env \(envIds\(\) lists the ids\)$`,
        ),
      );
      await expect(evaluate({ agents: ['models/decade', 'models/four-ten'], episodes: 1, workers: 0 })).rejects.toThrow(
        /^the models in agents were trained for different envs \(models\/decade: decade; models\/four-ten: four-ten\)/,
      );
    },
  );

  it(
    'refuses a seed too large for its deals by the seed given, with the largest that works, before any is ' + 'played',
    async () => {
      let played = 0;
      await expect(
        evaluate(
          { env: 'decade', agents: ['random'], episodes: 5, seed: 2 ** 53 - 2, workers: 0 },
          (done) => (played = done),
        ),
      ).rejects.toThrow(
        new RegExp(
          String.raw`^seed 9007199254740990 is too large for episodes 5: deal i uses seed \+ i and seeds go up to ` +
            '9007199254740991, so the largest seed for 5 deals is 9007199254740987$',
        ),
      );
      expect(played).toBe(0);
      expect(
        (await evaluate({ env: 'decade', agents: ['random'], episodes: 5, seed: 9007199254740987, workers: 0 }))
          .results[0].winRate,
      ).toBeGreaterThanOrEqual(0);
    },
  );

  it(
    'plays agents of your own beside named ones, on the same deals and reset seeds: an object of the catalogue ' +
      'matches its name deal by deal',
    async () => {
      const mine: Agent = { name: 'mine', fair: true, reset() {}, act: (e) => e.legal[e.legalCount - 1] };
      const random = createAgent('random', 'decade', {});
      const config = { env: 'decade', episodes: 60, seed: 300, workers: 0, perDeal: true } as const;
      const byName = await evaluate({ ...config, agents: ['random', 'longest'] });
      const objects = await evaluate({ ...config, agents: [random, mine, 'longest'], reference: 'longest' });
      expect(objects.results.map((r) => r.agent)).toEqual(['random', 'mine', 'longest']);
      // `random` draws from its reset seed, so it plays the same games only if reset the same way.
      expect(objects.results[0].deals).toEqual(byName.results[0].deals);
      expect(objects.results[2].deals).toEqual(byName.results[1].deals);
      const own = playAgent(envConfig('decade'), mine, 300, 0, 60);
      expect(objects.results[1].deals!.cardsLeft).toEqual(Array.from(own.values.cardsLeft));
      await expect(
        evaluate({ ...config, agents: [{ name: 'bare', fair: true, act: (e: Env) => e.legal[0] } as never, 'first'] }),
      ).rejects.toThrow(/^agent "bare" has no reset\(seed\): evaluate resets each agent/);
      await expect(evaluate({ ...config, agents: [{ ...mine, name: 'first' }, 'first'] })).rejects.toThrow(
        /^agent "first" is listed twice/,
      );
      await expect(evaluate({ ...config, agents: [{ ...mine, fair: 'yes' } as never, 'first'] })).rejects.toThrow(
        new RegExp(
          String.raw`^agent "mine": fair must be true or false \(false for an agent that sees the order of the ` +
            String.raw`stock\), or left out; got "yes"$`,
        ),
      );
      await expect(evaluate({ ...config, agents: [{ act: 1 } as never] })).rejects.toThrow(
        new RegExp(
          String.raw`expected an agent name, a model folder, or an agent \(an object with name, reset\(seed\) and ` +
            String.raw`act\(env\)\) → at agents\[0\]`,
        ),
      );
    },
  );

  it(
    'an agent that fails is named with the deal it failed on; one that steps or deals the env inside act is ' +
      'refused, not left to loop',
    async () => {
      let calls = 0;
      const flaky: Agent = { name: 'flaky', fair: true, reset() {}, act: (e) => (++calls > 40 ? 9999 : e.legal[0]) };
      await expect(
        evaluate({ env: 'decade', agents: ['first', flaky], episodes: 10, seed: 3, workers: 0 }),
      ).rejects.toThrow(
        /^agent "flaky", deal \d+ \(seed \d+\): step\(9999\): not an action id; decade has ids 0\.\.676$/,
      );
      const dealer: Agent = {
        name: 'dealer',
        fair: true,
        reset() {},
        act: (e) => (e.reset({ seed: 999 }), e.legal[0]),
      };
      const changed = (name: string) =>
        new RegExp(
          `^agent "${name}", deal 0 \\(seed 0\\): act changed the env \\(it stepped, dealt, undid or loaded a ` +
            `state\\): an agent returns its action and leaves the game to the caller; to look ahead, act on ` +
            `env\\.clone\\(\\)$`,
        );
      await expect(evaluate({ env: 'decade', agents: [dealer], episodes: 3, workers: 0 })).rejects.toThrow(
        changed('dealer'),
      );
      const stepper: Agent = { name: 'stepper', fair: true, reset() {}, act: (e) => (e.step(e.legal[0]), e.legal[0]) };
      await expect(evaluate({ env: 'decade', agents: [stepper], episodes: 3, workers: 0 })).rejects.toThrow(
        changed('stepper'),
      );
      // Dealt before its first step, the env's step count is the same after as before: it is still caught, and the deal
      // it chose never played.
      let first = true;
      const redealer: Agent = {
        name: 'redealer',
        fair: true,
        reset: () => void (first = true),
        act: (e) => (first && ((first = false), e.reset({ seed: 1003 })), e.legal[0]),
      };
      await expect(evaluate({ env: 'decade', agents: [redealer], episodes: 3, workers: 0 })).rejects.toThrow(
        changed('redealer'),
      );
      const loader: Agent = {
        name: 'loader',
        fair: true,
        reset() {},
        act: (e) => (e.setState(e.getState()), e.legal[0]),
      };
      await expect(evaluate({ env: 'decade', agents: [loader], episodes: 3, workers: 0 })).rejects.toThrow(
        changed('loader'),
      );
      // A clone is the agent's own to play on.
      const looker: Agent = {
        name: 'looker',
        fair: true,
        reset() {},
        act: (e) => {
          const c = e.clone();
          c.step(c.legal[0]);
          return e.legal[0];
        },
      };
      expect(
        (await evaluate({ env: 'decade', agents: [looker, 'first'], episodes: 3, workers: 0 })).results[0].winRate,
      ).toBeTypeOf('number');
      const promiser = {
        name: 'promiser',
        fair: true,
        reset() {},
        act: async (e: Env) => e.legal[0],
      } as unknown as Agent;
      await expect(evaluate({ env: 'decade', agents: [promiser], episodes: 3, workers: 0 })).rejects.toThrow(
        /^agent "promiser", deal 0 \(seed 0\): act returned a Promise: act returns the action id itself, synchronously/,
      );
      const thrower: Agent = {
        name: 'thrower',
        fair: true,
        reset() {
          throw new Error('boom');
        },
        act: (e) => e.legal[0],
      };
      await expect(evaluate({ env: 'decade', agents: [thrower], episodes: 3, seed: 7, workers: 0 })).rejects.toThrow(
        /^agent "thrower", deal 0 \(seed 7\): the agent threw Error: boom$/,
      );
      // Kept as the cause, so that a command line shows where the agent threw.
      const caught = await evaluate({ env: 'decade', agents: [thrower], episodes: 3, seed: 7, workers: 0 }).catch(
        (e: unknown) => e,
      );
      expect(caught).toBeInstanceOf(AgentThrewError);
      expect(((caught as Error).cause as Error).message).toBe('boom');
    },
  );

  it("with perDeal, gives each deal's record, from which the paired difference is recomputed exactly", async () => {
    const report = await evaluate({
      env: 'four-ten',
      agents: ['bottom', 'greedy'],
      episodes: 40,
      seed: 12,
      workers: 0,
      perDeal: true,
    });
    const [bottom, greedy] = report.results;
    expect(Object.keys(bottom.deals!)).toEqual(['won', 'rounds', 'points', 'faults', 'steps', 'decisions']);
    expect(bottom.deals!.won).toHaveLength(40);
    expect(greedy.vsReference).toEqual({
      ...pairedWins(greedy.deals!.won, bottom.deals!.won),
      differing: greedy.deals!.won.filter((w, i) => w !== bottom.deals!.won[i]).length,
    });
    expect(greedy.meanSteps).toBeCloseTo(greedy.deals!.steps.reduce((a, b) => a + b, 0) / 40, 12);
    expect(
      (await evaluate({ env: 'four-ten', agents: ['bottom'], episodes: 2, workers: 0 })).results[0].deals,
    ).toBeUndefined();
  });

  it('refuses more deals than it can keep the results of, by name, before any is played', async () => {
    await expect(evaluate({ env: 'decade', agents: ['random'], episodes: 1e15, workers: 0 })).rejects.toThrow(
      /^bad evaluation config: Too big: expected number to be <=10000000 → at episodes$/,
    );
  });
});

describe('evaluate: what a report says of each agent and of its timing', () => {
  it(
    "says each agent's fairness, and the ceiling: the cheating oracle's row is not a fair agent's, an agent of " +
      'your own is carried as it says',
    async () => {
      const mine = { name: 'mine', fair: true, reset() {}, act: (env: Env) => env.legal[0] };
      const peeker = { name: 'peeker', fair: false, reset() {}, act: (env: Env) => env.legal[0] };
      const silent = { name: 'silent', reset() {}, act: (env: Env) => env.legal[0] } as unknown as Agent;
      const report = await evaluate({
        env: 'decade',
        agents: ['longest', 'oracle', mine, peeker, silent],
        episodes: 3,
        workers: 0,
      });
      expect(report.results.map((r) => [r.agent, r.fair, r.ceiling])).toEqual([
        ['longest', true, undefined],
        ['oracle', false, undefined],
        ['mine', true, undefined],
        ['peeker', false, undefined],
        ['silent', null, undefined],
      ]);
      const optional = await evaluate({
        env: 'decade-optional',
        agents: ['optimal', 'longest'],
        episodes: 2,
        workers: 0,
      });
      expect(optional.results.map((r) => [r.agent, r.fair, r.ceiling])).toEqual([
        ['optimal', true, true],
        ['longest', true, undefined],
      ]);
      // A model folder: fair, as its agent says.
      const model = await evaluate({
        env: 'ten-twenty-thirty',
        agents: ['models/ten-twenty-thirty'],
        episodes: 1,
        workers: 0,
      });
      expect(model.results[0].fair).toBe(true);
    },
  );

  it(
    'records which model folder was played: its absolute path, one sha256 over model.json then its weights, and ' +
      'its training from the metadata',
    async () => {
      const hashOf = (dir: string) =>
        createHash('sha256')
          .update(readFileSync(join(dir, 'model.json')))
          .update(readFileSync(join(dir, 'weights.bin')))
          .digest('hex');
      const shipped = resolve('models/ten-twenty-thirty');
      const meta = JSON.parse(readFileSync(join(shipped, 'model.json'), 'utf8')).userDefinedMetadata.tengym;
      const report = await evaluate({
        env: 'ten-twenty-thirty',
        agents: ['models/ten-twenty-thirty', 'first'],
        episodes: 2,
        workers: 0,
      });
      expect(report.results[0].model).toEqual({
        path: shipped,
        sha256: hashOf(shipped),
        files: ['model.json', 'weights.bin'],
        algorithm: meta.algorithm,
        steps: meta.steps,
        command: meta.command,
      });
      expect(report.results[1]).not.toHaveProperty('model');
      // Another folder of the same model, retitled: another path and another hash, and no command where its metadata
      // has none.
      const dir = mkdtempSync(join(tmpdir(), 'tengym-eval-model-'));
      try {
        cpSync(shipped, dir, { recursive: true });
        const json = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8'));
        delete json.userDefinedMetadata.tengym.command;
        writeFileSync(join(dir, 'model.json'), JSON.stringify(json));
        const [copy] = (await evaluate({ env: 'ten-twenty-thirty', agents: [dir], episodes: 1, workers: 0 })).results;
        expect(copy.model).toEqual({
          path: dir,
          sha256: hashOf(dir),
          files: ['model.json', 'weights.bin'],
          algorithm: meta.algorithm,
          steps: meta.steps,
        });
        expect(copy.model!.sha256).not.toBe(hashOf(shipped));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it(
    'records a model agent given as an object (loadAgent) as it records its folder given by name: the path, the ' +
      'hash of the bytes loaded, the training',
    async () => {
      const shipped = resolve('models/ten-twenty-thirty');
      const hashOf = (dir: string) =>
        createHash('sha256')
          .update(readFileSync(join(dir, 'model.json')))
          .update(readFileSync(join(dir, 'weights.bin')))
          .digest('hex');
      const agent = await loadAgent('models/ten-twenty-thirty');
      // A wrapper plays as the model does, but it is not the model tengym loaded: it has no provenance to give.
      const wrapper = {
        name: 'wrapper',
        fair: true,
        reset: (seed: number) => agent.reset(seed),
        act: (env: Env) => agent.act(env),
      };
      try {
        expect(modelProvenanceOf(agent)).toMatchObject({ path: shipped, sha256: hashOf(shipped) });
        // Kept beside the agent, not on it: no field of the agent holds it.
        expect(Object.values(agent)).not.toContainEqual(modelProvenanceOf(agent));
        const report = await evaluate({
          env: 'ten-twenty-thirty',
          agents: ['models/ten-twenty-thirty', agent, wrapper],
          episodes: 1,
          workers: 0,
        });
        const [named, loaded, wrapped] = report.results;
        expect(loaded.agent).toBe('models/ten-twenty-thirty/ (shipped)');
        expect(named.model).toBeDefined();
        expect(loaded.model).toEqual(named.model);
        expect(loaded.fair).toBe(true);
        expect(wrapped).not.toHaveProperty('model');
      } finally {
        agent.dispose();
      }
      // The hash is of the bytes that were loaded: weights changed on disk after the load do not change what the report
      // says was played.
      const dir = mkdtempSync(join(tmpdir(), 'tengym-eval-loaded-'));
      try {
        cpSync(shipped, dir, { recursive: true });
        const before = hashOf(dir);
        const copy = await loadAgent(dir);
        try {
          const weights = readFileSync(join(dir, 'weights.bin'));
          weights.writeFloatLE(0.5, 0);
          writeFileSync(join(dir, 'weights.bin'), weights);
          const [result] = (await evaluate({ env: 'ten-twenty-thirty', agents: [copy], episodes: 1, workers: 0 }))
            .results;
          expect(result.model).toMatchObject({ path: dir, sha256: before, files: ['model.json', 'weights.bin'] });
          expect(hashOf(dir)).not.toBe(before);
        } finally {
          copy.dispose();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it(
    'refuses options with a "__proto__" key (JSON.parse makes one) as an unknown option, rather than play ' +
      'without it',
    async () => {
      const options = JSON.parse('{"__proto__":{"fives":true}}') as Record<string, unknown>;
      await expect(evaluate({ env: 'decade', options, agents: ['longest'], episodes: 1, workers: 0 })).rejects.toThrow(
        /bad options for decade: unknown option "__proto__"/,
      );
    },
  );

  it(
    'refuses a model folder whose metadata options hold a "__proto__" key, naming it, with the env named or ' +
      'taken from the model',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'tengym-eval-proto-'));
      try {
        cpSync(resolve('models/decade'), dir, { recursive: true });
        // The decade options, and under "__proto__" another game's: a parse that dropped the key would play decade.
        const text = readFileSync(join(dir, 'model.json'), 'utf8').replace(
          '"options":{',
          '"options":{"__proto__":{"fives":true},',
        );
        writeFileSync(join(dir, 'model.json'), text);
        const refusal =
          /bad tengym metadata: a key "__proto__" is not kept by a JavaScript object .* → at options\.__proto__/;
        await expect(evaluate({ env: 'decade', agents: [dir, 'longest'], episodes: 1, workers: 0 })).rejects.toThrow(
          refusal,
        );
        await expect(evaluate({ agents: [dir, 'longest'], episodes: 1, workers: 0 })).rejects.toThrow(refusal);
        await expect(loadAgent(dir)).rejects.toThrow(refusal);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it(
    'says an agent of the catalogue that does not play these options is that, and where it plays, not that it ' +
      'is unknown',
    async () => {
      const refused = evaluate({
        env: 'decade-optional',
        options: { stacks: 7 },
        agents: ['optimal'],
        episodes: 1,
        workers: 0,
      });
      await expect(refused).rejects.toThrow(
        new RegExp(
          String.raw`^agent "optimal" does not play decade-optional with options \{"stacks":7\}: it plays only ` +
            String.raw`some option sets of decade-optional \(optimal: the exact optimal policy where holding is free ` +
            String.raw`.*\): see tengym agents --env decade-optional --options JSON; agents for these options: ` +
            'random, first, longest',
        ),
      );
      await expect(
        evaluate({ env: 'decade-optional', options: { stacks: 7 }, agents: ['optimal'], episodes: 1, workers: 0 }),
      ).rejects.not.toThrow(/unknown agent/);
      // Not in the catalogue at all: unknown, as before.
      await expect(
        evaluate({ env: 'decade-optional', options: { stacks: 7 }, agents: ['optimum'], episodes: 1, workers: 0 }),
      ).rejects.toThrow(/^unknown agent "optimum" for decade-optional/);
    },
  );

  it('in this thread alone, nothing starts: startupSeconds is 0', async () => {
    const report = await evaluate({ env: 'tens', agents: ['random', 'first'], episodes: 5, workers: 0 });
    expect(report.startupSeconds).toBe(0);
  });
});

describe('tengym eval (built CLI, worker threads)', () => {
  const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
  const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });
  /**
   * The same command in this process (tengymHere), for what it prints where no worker thread is tested: the sources
   * play in this thread.
   */
  const here = async (...args: string[]) => {
    const { code, stdout, stderr } = await tengymHere(...args);
    return { status: code, stdout, stderr };
  };

  it(
    "plays an agent of one's own from a module (an agent, or a function of the config), named as --agents names " +
      'it, paired as the library pairs it',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'tengym-agent-module-'));
      try {
        writeFileSync(
          join(dir, 'last.mjs'),
          'export default { name: "last-legal", fair: true, reset() {}, act: (env) => ' +
            'env.legal[env.legalCount - 1] };\n',
        );
        writeFileSync(
          join(dir, 'made.mjs'),
          'export default (config) => ({ name: "made", fair: true, reset() {}, act: (env) => ' +
            'env.legal[config.id === "decade" ? 0 : 1] });\n',
        );
        writeFileSync(join(dir, 'none.mjs'), 'export const agent = 1;\n');
        writeFileSync(join(dir, 'three.mjs'), 'export default 3;\n');
        writeFileSync(join(dir, 'no-reset.mjs'), "export default { name: 'no-reset', act: (env) => env.legal[0] };\n");
        writeFileSync(
          join(dir, 'class.mjs'),
          'export default class { constructor(config) { this.config = config; this.name = "c"; this.fair = ' +
            'true; } reset() {} act(env) { return env.legal[this.config.id === "decade" ? 0 : 1]; } };\n',
        );
        const last = join(dir, 'last.mjs');
        const made = join(dir, 'made.mjs');
        // One worker thread plays the modules as two would, at one thread's start less.
        const r = run(
          'eval',
          '--env',
          'decade',
          '--agents',
          `${last},longest,${made}`,
          '--reference',
          last,
          '--episodes',
          '300',
          '--seed',
          '123',
          '--workers',
          '1',
          '--json',
        );
        expect(r.status, r.stderr).toBe(0);
        const report = JSON.parse(r.stdout);
        expect(report.results.map((x: { agent: string }) => x.agent)).toEqual([last, 'longest', made]);
        expect(report.reference).toBe(last);
        const mine = { name: 'last-legal', fair: true, reset() {}, act: (env: Env) => env.legal[env.legalCount - 1] };
        const library = await evaluate({
          env: 'decade',
          agents: [mine, 'longest', 'first'],
          episodes: 300,
          seed: 123,
          workers: 0,
        });
        expect(report.results[1].vsReference).toEqual(library.results[1].vsReference);
        // The function was given the config: on decade it plays as first does.
        expect(report.results[2].winRate).toBe(library.results[2].winRate);
        // A class is made with new, its constructor given the config.
        const byClass = JSON.parse(
          (
            await here(
              'eval',
              '--env',
              'decade',
              '--agents',
              `${join(dir, 'class.mjs')},first`,
              '--episodes',
              '300',
              '--seed',
              '123',
              '--json',
            )
          ).stdout,
        ) as { results: { winRate: number; vsReference: { differing: number } }[] };
        expect(byClass.results[1].vsReference.differing).toBe(0);
        const refused = async (file: string) =>
          (await here('eval', '--env', 'decade', '--agents', file, '--episodes', '5')).stderr;
        expect(await refused(join(dir, 'none.mjs'))).toBe(
          `tengym: agent module ${join(dir, 'none.mjs')} has no default export: export default an agent ({ ` +
            `name, reset(seed), act(env) }), a function (config) => agent, or a class whose constructor takes the ` +
            `config\n`,
        );
        expect(await refused(join(dir, 'three.mjs'))).toBe(
          `tengym: agent module ${join(dir, 'three.mjs')}: its default export gave 3, not an agent: export ` +
            `default an agent ({ name, reset(seed), act(env) }), a function (config) => agent, or a class whose ` +
            `constructor takes the config\n`,
        );
        // An object lacking a member says which (its JSON would show no function).
        expect(await refused(join(dir, 'no-reset.mjs'))).toBe(
          `tengym: agent module ${join(dir, 'no-reset.mjs')}: its default export gave {"name":"no-reset"}, ` +
            `which has no reset(seed), not an agent: export default an agent ({ name, reset(seed), act(env) }), a ` +
            `function (config) => agent, or a class whose constructor takes the config\n`,
        );
        expect(await refused(join(dir, 'gone.mjs'))).toBe(
          `tengym: no agent module at "${join(dir, 'gone.mjs')}": the file does not exist\n`,
        );
        // A module is no model directory: without --env, the env is asked for.
        expect((await here('eval', '--agents', last, '--episodes', '5')).stderr).toMatch(
          /^tengym: --env is needed unless an agent is a model directory/,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('an agent module plays wherever an agent name goes (replay --agent, evaluate), keeps what it exports beside ' +
    'act, and its own throw is said with its file and line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tengym-agent-module-'));
    try {
      const last = join(dir, 'last.mjs');
      writeFileSync(
        last,
        'export default { name: "last-legal", fair: true, reset() {}, act: (env) => env.legal[env.legalCount - 1] };\n',
      );
      const node = pathToFileURL(fileURLToPath(new URL('../../dist/node/index.js', import.meta.url))).href;
      const model = join(dir, 'model.mjs');
      writeFileSync(
        model,
        `import { loadAgent } from ${JSON.stringify(node)};\nexport default await ` +
          `loadAgent(${JSON.stringify(fileURLToPath(new URL('../../models/decade', import.meta.url)))});\n`,
      );
      const throws = join(dir, 'throws.mjs');
      writeFileSync(
        throws,
        'export default { name: "t", fair: true, reset() {},\n  act(env) { if (env.episodeSteps > 3) throw ' +
          'new RangeError("my bug"); return env.legal[0]; } };\n',
      );
      // One worker thread: the module and its model load in a thread all the same, and each further thread loaded
      // TensorFlow.js and the model again (so below).
      const cli = run(
        'eval',
        '--env',
        'decade',
        '--agents',
        `${last},longest,${model}`,
        '--episodes',
        '20',
        '--seed',
        '123',
        '--workers',
        '1',
        '--json',
        '--per-deal',
      );
      expect(cli.status, cli.stderr).toBe(0);
      const report = JSON.parse(cli.stdout) as {
        results: { agent: string; model?: { path: string; algorithm: string }; deals: { cardsLeft: number[] } }[];
      };
      // The module's model plays as the model itself, its provenance in the report.
      expect(report.results[2].model).toMatchObject({
        path: fileURLToPath(new URL('../../models/decade', import.meta.url)),
        algorithm: 'distill',
      });
      const folder = JSON.parse(
        (
          await here(
            'eval',
            '--env',
            'decade',
            '--agents',
            'models/decade',
            '--episodes',
            '20',
            '--seed',
            '123',
            '--json',
            '--per-deal',
          )
        ).stdout,
      ) as typeof report;
      expect(report.results[2].deals).toEqual(folder.results[0].deals);
      // replay --agent plays deal 7 as eval played it.
      const lines = await here('replay', '--env', 'decade', '--seed', '123', '--deal', '7', '--agent', last);
      expect(lines.status, lines.stderr).toBe(0);
      const end = JSON.parse(lines.stdout.trim().split('\n').at(-1)!) as { info: { outcome: { cardsLeft: number } } };
      expect(end.info.outcome.cardsLeft).toBe(report.results[0].deals.cardsLeft[7]);
      // evaluate takes the module by its path as the command line does.
      const library = await evaluate({ env: 'decade', agents: [last, 'longest'], episodes: 20, seed: 123, workers: 0 });
      expect(library.results.map((r) => r.winRate)).toEqual(
        report.results.slice(0, 2).map((r) => (r as unknown as { winRate: number }).winRate),
      );
      // An agent's own exception: which agent, which deal, what it threw and where, not "internal error".
      const thrown = run(
        'eval',
        '--env',
        'decade',
        '--agents',
        `${throws},longest`,
        '--episodes',
        '5',
        '--seed',
        '4',
        '--workers',
        '1',
      );
      expect(thrown.status).toBe(1);
      const at = pathToFileURL(throws).href;
      expect(thrown.stderr).toBe(
        `tengym: agent "${throws}", deal 0 (seed 4): the agent threw RangeError: my bug\n    at Object.act ` +
          `(${at}:2:46)\n  (set TENGYM_DEBUG=1 for the agent's whole stack)\n`,
      );
      // In a process of its own: under Vitest, a module's stack frames give its path, not its file: URL.
      expect(run('replay', '--env', 'decade', '--seed', '4', '--agent', throws).stderr).toBe(
        `tengym: replay stopped at step 5: agent "${throws}" threw RangeError: my bug\n    at Object.act ` +
          `(${at}:2:46)\n  (set TENGYM_DEBUG=1 for the agent's whole stack)\n`,
      );
      // The agents that finished before it are not lost: their report comes first (--json: marked interrupted), then
      // the error.
      const late = run(
        'eval',
        '--env',
        'decade',
        '--agents',
        `longest,${throws}`,
        '--episodes',
        '50',
        '--seed',
        '4',
        '--workers',
        '1',
        '--json',
        '--per-deal',
      );
      expect(late.status).toBe(1);
      const kept = JSON.parse(late.stdout) as {
        interrupted: boolean;
        results: { agent: string; deals: { won: number[] } }[];
      };
      expect(kept.interrupted).toBe(true);
      expect(kept.results.map((r) => [r.agent, r.deals.won.length])).toEqual([['longest', 50]]);
      expect(late.stderr.split('\n').slice(0, 2)).toEqual([
        `stopped by the error below: 1 of 2 agents played all 50 deals (${throws} was at 0 of 50)`,
        `tengym: agent "${throws}", deal 0 (seed 4): the agent threw RangeError: my bug`,
      ]);
      // An agent in TypeScript is named as such.
      const typescript = join(dir, 'mine.ts');
      writeFileSync(typescript, 'export default {};\n');
      expect((await here('eval', '--env', 'decade', '--agents', typescript, '--episodes', '5')).stderr).toBe(
        `tengym: no model at "${typescript}": it is a file, not a model directory (model.json + weights.bin); ` +
          `a TypeScript agent plays once compiled to JavaScript: give its .mjs or .js file (an agent module)\n`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it(
    "says before it plays that Four Ten's optimal solves new options' game values at its first move, for " +
      'minutes, and that in this thread Ctrl-C waits for it',
    async () => {
      expect(slowFirstMove('optimal', envConfig('four-ten'))).toBeNull();
      expect(slowFirstMove('greedy', envConfig('four-ten', { gameTarget: 60 }))).toBeNull();
      expect(slowFirstMove('optimal', envConfig('four-ten', { gameTarget: 60 }))).toBe(
        'its first move solves the game values of these options (the shipped table covers the default rules): ' +
          'about 24 minutes of one core, in each thread that plays it',
      );
      // --reference refuses after the notes, before any deal: the note alone, at once.
      const r = await here(
        'eval',
        '--env',
        'four-ten',
        '--options',
        '{"gameTarget":60}',
        '--agents',
        'greedy,optimal',
        '--reference',
        'nope',
        '--workers',
        '0',
      );
      expect(r.stderr.split('\n')[0]).toBe(
        'note: optimal on four-ten: its first move solves the game values of these options (the shipped table ' +
          'covers the default rules): about 24 minutes of one core, in each thread that plays it; played in this ' +
          'thread (--workers 0), it hears Ctrl-C only once that is done',
      );
      expect(
        (await here('eval', '--env', 'four-ten', '--agents', 'greedy,optimal', '--reference', 'nope')).stderr,
      ).not.toMatch(/note:/);
    },
  );

  it(
    '--first-deal plays part of a run deal for deal as the whole run plays it (pimc, whose samples follow its ' +
      'reset seed)',
    async () => {
      // 60 deals at full scale, the part their last third; below it 30 (pimc's deals are most of the time).
      const deals = scaled(60, 30);
      const first = (deals / 3) * 2;
      const whole = JSON.parse(
        run(
          'eval',
          '--env',
          'decade',
          '--agents',
          'pimc,random',
          '--episodes',
          String(deals),
          '--seed',
          '7',
          '--json',
          '--per-deal',
        ).stdout,
      );
      // The whole run in worker threads (the built command), the part in this thread (the sources): the deals are the
      // same wherever they are played.
      const part = await here(
        'eval',
        '--env',
        'decade',
        '--agents',
        'pimc,random',
        '--episodes',
        String(deals - first),
        '--seed',
        '7',
        '--first-deal',
        String(first),
        '--json',
        '--per-deal',
      );
      expect(part.status, part.stderr).toBe(0);
      const second = JSON.parse(part.stdout);
      expect(second).toMatchObject({ seed: 7, firstDeal: first, episodes: deals - first });
      expect(whole.firstDeal).toBe(0);
      for (const k of [0, 1])
        for (const [figure, values] of Object.entries(whole.results[k].deals as Record<string, number[]>))
          expect(second.results[k].deals[figure], figure).toEqual(values.slice(first));
      // The table says which deals; a part past the seeds' end is refused by both flags' names.
      const firstOfFive = (seed: string, firstDeal: string) =>
        here(
          'eval',
          '--env',
          'decade',
          '--agents',
          'first',
          '--episodes',
          '5',
          '--seed',
          seed,
          '--first-deal',
          firstDeal,
        );
      expect((await firstOfFive('7', '40')).stdout).toMatch(/ · deals 40 to 44 of the run from seed 7 · /);
      expect((await firstOfFive(String(2 ** 53 - 10), '8')).stderr).toMatch(
        /^tengym: --seed 9007199254740982 is too large for --first-deal 8 and --episodes 5: deal i uses seed \+ i/,
      );
      expect((await here('eval', '--env', 'decade', '--agents', 'first', '--first-deal', '-1')).stderr).toMatch(
        /^tengym: --first-deal must be an integer ≥ 0, got -1/,
      );
    },
  );

  /** `eval --json` of random and first on 400 deals: the run in two worker threads, which two tests read. */
  const threadedArgs = [
    'eval',
    '--env',
    'decade',
    '--agents',
    'random,first',
    '--episodes',
    '400',
    '--seed',
    '5',
    '--json',
  ];
  let threadedRun: ReturnType<typeof run> | undefined;
  const threadedReport = () => (threadedRun ??= run(...threadedArgs, '--workers', '2'));

  it('gives the same report with two workers as in one thread', async () => {
    const args = threadedArgs;
    const threaded = threadedReport();
    // One thread: this process's, from the sources.
    const inline = await here(...args, '--workers', '0');
    expect(threaded.status).toBe(0);
    // Every field but the wall time of each agent's deals.
    const untimed = (stdout: string) => {
      const {
        results,
        startupSeconds: _start,
        ...rest
      } = JSON.parse(stdout) as { results: { seconds: number }[]; startupSeconds: number };
      return { ...rest, results: results.map(({ seconds: _s, ...r }) => r) };
    };
    expect(untimed(threaded.stdout)).toEqual(untimed(inline.stdout));
    const report = JSON.parse(threaded.stdout);
    expect(report).toMatchObject({ env: 'decade', episodes: 400, seed: 5, reference: 'random' });
    // The version that played it, for a table to cite.
    expect(report.tengymVersion).toBe(
      JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version,
    );
    expect(report.results[1]).toHaveProperty('vsReference.ci95');
  });

  it('says which rows are no rival: an agent that sees hidden cards, the exact optimum', async () => {
    const decade = await here(
      'eval',
      '--env',
      'decade',
      '--agents',
      'oracle,longest',
      '--episodes',
      '40',
      '--seed',
      '1',
      '--reference',
      'longest',
    );
    expect(decade.status, decade.stderr).toBe(0);
    expect(decade.stdout).toMatch(
      new RegExp(
        String.raw`\nnote: oracle is not a fair player: it sees what a player cannot \(tengym agents says what\), ` +
          String.raw`so its row bounds the fair ones from above\n`,
      ),
    );
    const optional = await here(
      'eval',
      '--env',
      'decade-optional',
      '--agents',
      'optimal,longest',
      '--episodes',
      '40',
      '--seed',
      '1',
      '--reference',
      'longest',
    );
    expect(optional.status, optional.stderr).toBe(0);
    expect(optional.stdout).toMatch(
      /\nnote: optimal is the exact optimum: the ceiling a fair player can reach, not a baseline\n/,
    );
    expect(
      (await here('eval', '--env', 'decade', '--agents', 'pimc,longest', '--episodes', '40', '--seed', '1')).stdout,
    ).not.toMatch(/fair player|exact optimum/);
  });

  it('says the paired interval means little on a few deals, and only then', async () => {
    // Seed 11, 3 deals: both lose all three, and the interval is [+0.00, +0.00].
    const few = await here('eval', '--env', 'decade', '--agents', 'first,longest', '--episodes', '3', '--seed', '11');
    expect(few.status, few.stderr).toBe(0);
    expect(few.stdout).toMatch(
      new RegExp(
        String.raw`\nnote: the paired intervals on 3 deals mean little \(a normal approximation, which wants 30 or ` +
          String.raw`more; on a few deals it can have no width\)\n$`,
      ),
    );
    const enough = await here(
      'eval',
      '--env',
      'decade',
      '--agents',
      'random,longest',
      '--episodes',
      '300',
      '--seed',
      '11',
    );
    expect(enough.status, enough.stderr).toBe(0);
    expect(enough.stdout).not.toMatch(/note:/);
    // Enough deals, but the interval rests on the deals the two end differently: 1 of 30, or none of 300.
    const one = await here('eval', '--env', 'decade', '--agents', 'first,longest', '--episodes', '30', '--seed', '11');
    expect(one.stdout).toMatch(
      new RegExp(
        String.raw`\nnote: longest and first differ on only 1 of 30 deals \(one won, the other lost\): the paired ` +
          String.raw`interval, a normal approximation, means little below 10 such deals\n$`,
      ),
    );
    const none = await here('eval', '--env', 'decade-max3', '--agents', 'random,longest', '--episodes', '300');
    expect(none.stdout).toMatch(
      new RegExp(
        String.raw` \+0\.00 \[\+0\.00, \+0\.00\] .*\nnote: longest and random won and lost the same 300 deals: the ` +
          String.raw`paired interval has no width, and says nothing of other deals\n$`,
      ),
    );
    // Every deal differing the same way round: the normal interval has no width either.
    const oneWay = await here(
      'eval',
      '--env',
      'four-ten',
      '--agents',
      'greedy,random',
      '--episodes',
      '100',
      '--seed',
      '5',
    );
    expect(oneWay.stdout).toMatch(
      new RegExp(
        String.raw` -100\.00 \[-100\.00, -100\.00\] .*\nnote: random and greedy ended every one of the 100 deals ` +
          String.raw`the same way round \(one won, the other lost\): the paired interval, a normal approximation, ` +
          String.raw`has no width then, which is not certainty\n$`,
      ),
    );
    const max3 = JSON.parse(
      (
        await here(
          'eval',
          '--env',
          'decade-max3',
          '--agents',
          'random,longest',
          '--episodes',
          '300',
          '--json',
          '--per-deal',
        )
      ).stdout,
    );
    expect(max3.results[1].vsReference.differing).toBe(0);
    // Where no one wins, the cards left tell the players apart, paired over every deal.
    const [random, longest] = max3.results as { deals: { cardsLeft: number[] }; cardsLeftVsReference?: object }[];
    expect(random.cardsLeftVsReference).toBeUndefined();
    expect(longest.cardsLeftVsReference).toEqual(pairedDifference(longest.deals.cardsLeft, random.deals.cardsLeft));
    // One agent has no paired interval to speak of.
    expect((await here('eval', '--env', 'decade', '--agents', 'first', '--episodes', '3')).stdout).not.toMatch(/note:/);
  });

  it('shows the bounds one deal cannot give as –, as --json gives them null (not ±Infinity)', async () => {
    const args = ['eval', '--env', 'four-ten', '--agents', 'greedy,bottom', '--episodes', '1', '--workers', '0'];
    const table = await here(...args);
    expect(table.status, table.stderr).toBe(0);
    expect(table.stdout).not.toMatch(/Infinity/);
    // The win rate's difference and the rounds' (both won the one deal).
    const bottom = table.stdout.split('\n').find((l) => l.startsWith('bottom'))!;
    expect(bottom).toMatch(/ \+0\.00 \[–, –\] +-3\.000 \[–, –\] /);
    const json = await here(...args, '--json');
    const result = JSON.parse(json.stdout).results[1];
    expect(result.vsReference).toEqual({ diff: 0, ci95: [null, null], differing: 0 });
    expect(result.roundsVsReference).toEqual({ diff: -3, ci95: [null, null], deals: 1 });
  });

  it('--per-deal adds every deal to --json, and asks for --json', async () => {
    const json = await here(
      'eval',
      '--env',
      'decade',
      '--agents',
      'first,longest',
      '--episodes',
      '5',
      '--seed',
      '3',
      '--json',
      '--per-deal',
    );
    expect(json.status, json.stderr).toBe(0);
    const longest = JSON.parse(json.stdout).results[1];
    expect(Object.keys(longest.deals)).toEqual(['won', 'cardsLeft', 'steps', 'decisions']);
    expect(longest.deals.cardsLeft).toHaveLength(5);
    const table = await here('eval', '--env', 'decade', '--agents', 'first', '--episodes', '5', '--per-deal');
    expect([table.status, table.stderr]).toEqual([
      1,
      'tengym: --per-deal adds each deal to the --json report; give --json with it\n',
    ]);
  });

  it('plays a game registered at run time in this thread: worker threads know only the built-in games', () => {
    const script = `
      import { registerGame, envConfig } from ${JSON.stringify(new URL('../../dist/index.js', import.meta.url).href)};
      import { evaluate } from ${JSON.stringify(new URL('../../dist/node/index.js', import.meta.url).href)};
      registerGame(envConfig('block-ten').game, [{ id: 'my-block', description: 'Block Ten again' }]);
      const run = { agents: ['random', 'first'], episodes: 50, seed: 4, workers: 2 };
      const mine = await evaluate({ env: 'my-block', ...run });
      const theirs = await evaluate({ env: 'block-ten', ...run });
      console.log(JSON.stringify([mine.results.map((r) => r.winRate), theirs.results.map((r) => r.winRate)]));`;
    const r = runModule(script);
    expect(r.status, r.stderr).toBe(0);
    const [mine, theirs] = JSON.parse(r.stdout);
    expect(mine).toEqual(theirs);
  });

  it(
    'starts the worker threads before the reference is timed, and says how long they took apart from every ' + 'agent',
    () => {
      const script = `
      import { evaluate } from ${JSON.stringify(new URL('../../dist/node/index.js', import.meta.url).href)};
      const run = { env: 'decade', agents: ['random', 'longest'], episodes: 20, seed: 1 };
      const threads = await evaluate({ ...run, workers: 1 });
      const here = await evaluate({ ...run, workers: 0 });
      console.log(JSON.stringify([threads.startupSeconds, here.startupSeconds]));`;
      const r = runModule(script);
      expect(r.status, r.stderr).toBe(0);
      const [threads, here] = JSON.parse(r.stdout);
      // A thread's start is timed apart (it is never free); in this thread there is none.
      expect(threads).toBeGreaterThan(0);
      expect(here).toBe(0);
      // --json gives it to the millisecond, beside the agents' seconds (the two-thread run of the test before).
      const json = JSON.parse(threadedReport().stdout);
      expect(json.startupSeconds).toBeGreaterThan(0);
      expect(json.startupSeconds).toBe(Number(json.startupSeconds.toFixed(3)));
    },
  );

  it(
    'says which models/decade it played: the folder in the current directory when there is one, else the ' +
      'shipped one, with its hash in --json and its path under the table',
    async () => {
      const shipped = fileURLToPath(new URL('../../models/decade', import.meta.url));
      const own = mkdtempSync(join(tmpdir(), 'tengym-eval-cwd-'));
      const none = mkdtempSync(join(tmpdir(), 'tengym-eval-cwd-'));
      try {
        // The same model, its metadata retitled: another hash.
        mkdirSync(join(own, 'models'));
        cpSync(shipped, join(own, 'models', 'decade'), { recursive: true });
        const json = JSON.parse(readFileSync(join(own, 'models', 'decade', 'model.json'), 'utf8'));
        json.userDefinedMetadata.tengym.command = 'tengym train --env decade (a copy)';
        writeFileSync(join(own, 'models', 'decade', 'model.json'), JSON.stringify(json));
        const inFolder = (cwd: string, ...more: string[]) =>
          tengymHereWith(
            { cwd },
            'eval',
            '--agents',
            'models/decade,longest',
            '--episodes',
            '1',
            '--workers',
            '0',
            ...more,
          );
        const [mine, theirs] = await Promise.all(
          [own, none].map(async (cwd) => {
            const r = await inFolder(cwd, '--json');
            expect(r.code, r.stderr).toBe(0);
            return JSON.parse(r.stdout).results[0];
          }),
        );
        expect(mine.agent).toBe('models/decade');
        expect(theirs.agent).toBe('models/decade');
        expect(mine.model).toMatchObject({
          path: join(own, 'models', 'decade'),
          files: ['model.json', 'weights.bin'],
          algorithm: 'distill',
          command: 'tengym train --env decade (a copy)',
        });
        expect(theirs.model).toMatchObject({ path: shipped, algorithm: 'distill', steps: expect.any(Number) });
        expect(mine.model.sha256).toMatch(/^[0-9a-f]{64}$/);
        expect(mine.model.sha256).not.toBe(theirs.model.sha256);
        expect(theirs.model.sha256).toBe(
          createHash('sha256')
            .update(readFileSync(join(shipped, 'model.json')))
            .update(readFileSync(join(shipped, 'weights.bin')))
            .digest('hex'),
        );
        const table = await inFolder(own);
        expect(table.stdout).toContain(
          `\nmodels/decade loaded ${join(own, 'models', 'decade')} (sha256 ` +
            `${mine.model.sha256.slice(0, 12)}…, distill, `,
        );
      } finally {
        rmSync(own, { recursive: true, force: true });
        rmSync(none, { recursive: true, force: true });
      }
    },
  );

  it("carries a module's own fair, and the oracle's false, into --json", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tengym-agent-module-'));
    try {
      writeFileSync(
        join(dir, 'peek.mjs'),
        'export default { name: "peek", fair: false, reset() {}, act: (env) => env.legal[0] };\n',
      );
      const r = await here(
        'eval',
        '--env',
        'decade',
        '--agents',
        `longest,oracle,${join(dir, 'peek.mjs')}`,
        '--episodes',
        '3',
        '--workers',
        '0',
        '--json',
      );
      expect(r.status, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).results.map((x: { fair: boolean }) => x.fair)).toEqual([true, false, false]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lists agents with their fairness', async () => {
    const r = await here('agents', '--env', 'decade', '--json');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)[0]).toEqual({ name: 'random', description: expect.any(String), fair: true });
  });
});

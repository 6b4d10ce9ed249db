// Distillation (src/games/decade/training/distill.ts): the labels are the teacher's own scores, the
// samples carry them, the student plays through the fair learned search, a seed fixes the model.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../../../src/agents/index.js';
import type { Remembered } from '../../../../src/games/decade/agents/memory.js';
import { PimcAgent } from '../../../../src/games/decade/agents/pimc.js';
import { initBackend } from '../../../../src/node/tf-backend.js';
import { envConfig } from '../../../../src/env/registry.js';
import { Distill, distillConfigSchema } from '../../../../src/games/decade/training/distill.js';
import { train } from '../../../../src/train/trainer.js';
import { randomPosition, withStockPermuted } from '../../../helpers/decade.js';
import { expectFlatTensorsAcrossUpdates, expectSeedDecidesWeights, modelMetadata } from '../../../helpers/models.js';

beforeAll(async () => {
  await initBackend();
});

// A small, quick teacher: pimc with few samples (its labels are its own all the same).
const TINY = {
  numEnvs: 6,
  hidden: [16],
  bufferSize: 2000,
  batchSize: 32,
  learningStarts: 64,
  samplesPerUpdate: 16,
  maxLeaves: 64,
  totalSteps: 100_000,
};

/** What the player remembered at each position `learner`'s teacher labels from now on ('deck-bottom'). */
function labelledMemories(learner: Distill): Remembered[] {
  const asked: Remembered[] = [];
  const label = learner.labeller.label.bind(learner.labeller);
  learner.labeller.label = (envs, seeds, memories) => {
    asked.push(...memories!.map((m) => m!));
    return label(envs, seeds, memories);
  };
  return asked;
}

describe('distillation', () => {
  it("turns the teacher's labels into targets in legal order, and plays the first as its move", () => {
    const learner = new Distill(envConfig('decade'), distillConfigSchema.parse(TINY));
    let checked = 0;
    for (let s = 0; checked < 6 && s < 400; s++) {
      const env = randomPosition('decade', 500 + s, 2 + (s % 30));
      if (!env.running || env.legalCount < 2) continue;
      const win = new Float64Array(env.legalCount);
      const cost = new Float64Array(env.legalCount);
      const [labels] = learner.labeller.label([env], [77 + s]);
      const best = learner.toTargets(labels, env, win, cost);
      const fresh = createAgent('pimc', envConfig('decade'));
      fresh.reset(77 + s);
      const scores = fresh.score!(env);
      expect(labels).toEqual(scores.actions);
      expect(env.legal[best]).toBe(scores.actions[0].action);
      for (const { action, score, expected } of scores.actions) {
        const m = Array.from(env.legal.subarray(0, env.legalCount)).indexOf(action);
        expect(win[m]).toBe(score);
        expect(cost[m]).toBe(expected!.cardsLeft / 52);
      }
      checked++;
    }
    expect(checked).toBe(6);
    learner.dispose();
  });

  it("pimc's cards left are the mean over its samples, 0 where every sample clears", () => {
    let checked = 0;
    for (let s = 0; s < 240; s++) {
      const env = randomPosition('decade', 900 + s, 10 + (s % 40));
      if (!env.running || env.legalCount < 2) continue;
      const agent = new PimcAgent({ samples: 8, budget: 2000, endgameBudget: 20_000 });
      agent.reset(s);
      for (const { score, expected } of agent.score(env).actions) {
        const cardsLeft = expected?.cardsLeft;
        // A mean of 8 whole numbers of cards, over samples that each leave at least one card
        // unless they clear (those leave none), and never more than the deck.
        expect(Number.isInteger(Math.round(cardsLeft! * 8 * 1e9) / 1e9)).toBe(true);
        expect(Number.isInteger(score * 8)).toBe(true);
        expect(cardsLeft).toBeGreaterThanOrEqual(1 - score - 1e-12);
        expect(cardsLeft).toBeLessThanOrEqual(52 * (1 - score) + 1e-12);
        if (score === 1) expect(cardsLeft).toBe(0);
      }
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(15);
  });

  it('keeps the tensor count flat across updates', () => {
    const learner = new Distill(envConfig('decade'), distillConfigSchema.parse(TINY));
    expectFlatTensorsAcrossUpdates(learner);
    learner.dispose();
  });

  it('gives the same model under the same seed, another under another seed', () => {
    expectSeedDecidesWeights(
      (seed) => new Distill(envConfig('decade-fives'), distillConfigSchema.parse({ ...TINY, seed })),
      30,
    );
  });

  it.each(['decade-loop', 'ten-twenty-thirty'])(
    'plays as a fair model on %s: permuting the unseen stock changes none of its choices',
    (id) => {
      const learner = new Distill(envConfig(id), distillConfigSchema.parse({ ...TINY, playDepth: 1 }));
      for (let k = 0; k < 20; k++) learner.iterate();
      // The search's own head and features (playsAs) over a plain model's metadata.
      const metadata = { ...modelMetadata(id, 'ppo'), algorithm: 'distill' as const, ...learner.playsAs };
      const agent = learner.agent(metadata);
      let positions = 0;
      for (let s = 0; positions < 12 && s < 4000; s++) {
        const env = randomPosition(id, 7000 + s, 3 + (s % 40));
        if (!env.running || env.legalCount < 2) continue;
        expect(agent.act(withStockPermuted(env, s)), `seed ${7000 + s}`).toBe(agent.act(env));
        expect(agent.score!(withStockPermuted(env, s + 1))).toEqual(agent.score!(env));
        positions++;
      }
      expect(positions).toBe(12);
      learner.dispose();
    },
  );

  it(
    "with 'deck-bottom' and an endgame, asks the teacher only where the network takes part: some card still " +
      'unseen',
    () => {
      const learner = new Distill(envConfig('ten-twenty-thirty'), distillConfigSchema.parse({ ...TINY, endgame: 12 }));
      const asked = labelledMemories(learner);
      const rounds = 80;
      for (let k = 0; k < rounds; k++) learner.iterate();
      expect(asked.length).toBeGreaterThan(0);
      // Most decisions come after the first pass through the stock, where the solver plays.
      expect(asked.length).toBeLessThan((rounds * TINY.numEnvs) / 2);
      for (const m of asked) expect(m.unknown).toBeGreaterThan(0);
      expect(learner.playsAs.search).toMatchObject({ endgame: 12 });
      learner.dispose();
    },
  );

  it(
    'with untilKnown, deals a game anew once its stock is known: every decision is one the network makes, and ' +
      'labelled',
    () => {
      const learner = new Distill(
        envConfig('ten-twenty-thirty'),
        distillConfigSchema.parse({ ...TINY, endgame: 12, untilKnown: true }),
      );
      const asked = labelledMemories(learner);
      // 30 rounds: copies are dealt anew from the first rounds on (some 110 deals by the 30th), the env steps a
      // decision near 170 from the tenth round on. 40 showed the same; before the tenth the first deals weigh more.
      const rounds = 30;
      for (let k = 0; k < rounds; k++) learner.iterate();
      expect(asked.length).toBe(rounds * TINY.numEnvs);
      for (const m of asked) expect(m.unknown).toBeGreaterThan(0);
      // The first pass through the stock is about a tenth of a game: a whole game takes some 700
      // env steps for each decision with a card unseen.
      expect(learner.env.envSteps / (rounds * TINY.numEnvs)).toBeLessThan(200);
      learner.dispose();
      expect(
        () => new Distill(envConfig('decade'), distillConfigSchema.parse({ ...TINY, endgame: 12, untilKnown: true })),
      ).toThrow(
        new RegExp(
          String.raw`^distill config: untilKnown needs a stock whose order becomes known \('deck-bottom', as ` +
            String.raw`ten-twenty-thirty\) and an endgame that solves it \(endgame > 0\); decade with endgame 12 has ` +
            'none$',
        ),
      );
      expect(
        () =>
          new Distill(
            envConfig('ten-twenty-thirty'),
            distillConfigSchema.parse({ ...TINY, endgame: 0, untilKnown: true }),
          ),
      ).toThrow(/ten-twenty-thirty with endgame 0 has none/);
    },
  );

  it('refuses what it cannot teach, saying why', () => {
    expect(() => new Distill(envConfig('four-ten'), distillConfigSchema.parse(TINY))).toThrow(
      /decade family .*not four-ten/,
    );
  });

  it(
    "a run on another game is refused for its game, not for the preset's reference (pimc, which only the decade " +
      'family has)',
    async () => {
      for (const env of ['four-ten', 'tens']) {
        const out = join(mkdtempSync(join(tmpdir(), 'tengym-distill-')), 'run');
        await expect(train({ env, algo: 'distill', steps: 1000, out, quiet: true })).rejects.toThrow(
          new RegExp(
            `^--algo distill on ${env}: distillation is written for the decade family \\(the student is ` +
              `decade's learned search\\), not ${env}$`,
          ),
        );
        expect(existsSync(out)).toBe(false);
      }
      expect(() => new Distill(envConfig('decade'), distillConfigSchema.parse({ ...TINY, teacher: 'oracle' }))).toThrow(
        /sees the stock's order/,
      );
      expect(() => new Distill(envConfig('decade'), distillConfigSchema.parse({ ...TINY, teacher: 'pimcc' }))).toThrow(
        new RegExp(
          '^teacher "pimcc": unknown agent "pimcc" for decade.*; agents for decade: random, first, ' +
            'longest, lookahead, pimc, oracle$',
        ),
      );
      expect(
        () => new Distill(envConfig('decade'), distillConfigSchema.parse({ ...TINY, teacher: 'longest' })),
      ).toThrow(/teacher "longest" scores moves as 'heuristic', not 'win-probability'/);
    },
  );
});

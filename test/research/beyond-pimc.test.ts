// Players built from pimc (research/beyond-pimc.ts): pimc with other samples is pimc with
// that config; pimc and a model together play pimc's game outside the stock band and with
// blend:1, the model's favourite with margin:1, and with margin:D a move the rule allows; pimc
// one decision deeper and pimc with rollouts are fair (the stock's order changes none of their
// choices) and are pimc outside their band.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../src/agents/agent.js';
import { createAgent } from '../../src/agents/index.js';
import type { DecadeState } from '../../src/games/decade/engine.js';
import { make } from '../../src/env/registry.js';
import { deriveSeed } from '../../src/env/rng.js';
import { PimcAgent } from '../../src/games/decade/agents/pimc.js';
import { createPlayer, parsePlayer } from '../../research/beyond-pimc.js';
import { loadAgent, shippedModelDir } from '../../src/node/index.js';
import { initBackend } from '../../src/node/tf-backend.js';

const MODEL = shippedModelDir('decade-loop');

beforeAll(async () => {
  await initBackend({ prefer: 'wasm' });
});

/**
 * Plays `deals` games with `agent` (`others` reset with it, as `tengym eval` resets a player),
 * calling `check(game, choice, seed)` at every decision before the choice is played.
 */
function eachDecision(
  agent: Agent,
  others: Agent[],
  deals: number,
  check: (game: ReturnType<typeof make>, choice: number, seed: number) => void,
): number {
  const game = make('decade-loop');
  let decisions = 0;
  for (let seed = 1; seed <= deals; seed++) {
    game.reset({ seed });
    for (const a of [agent, ...others]) a.reset(seed);
    while (game.running) {
      const choice = agent.act(game);
      if (game.legalCount > 1) {
        check(game, choice, seed);
        decisions++;
      }
      game.step(choice);
    }
  }
  return decisions;
}

/**
 * `player` chooses as `direct` (reset at each deal with `directSeed(deal's seed)`) at every
 * decision of 12 deals, and otherwise than the preset `pimc` at some.
 */
function expectPlaysAs(player: Agent, direct: Agent, directSeed: (seed: number) => number): void {
  const preset = createAgent('pimc', 'decade-loop');
  let differs = 0;
  let dealt = 0;
  const n = eachDecision(player, [preset], 12, (game, choice, seed) => {
    if (seed !== dealt) direct.reset(directSeed((dealt = seed)));
    expect(choice).toBe(direct.act(game));
    if (choice !== preset.act(game)) differs++;
  });
  expect(n).toBeGreaterThan(20);
  expect(differs).toBeGreaterThan(0);
}

describe('players built from pimc', () => {
  it('reads samples:N, margin:D and blend:A, and refuses anything else', () => {
    expect(parsePlayer('samples:512')).toEqual({ kind: 'samples', samples: 512 });
    expect(parsePlayer('margin:0.02')).toEqual({ kind: 'margin', amount: 0.02 });
    expect(parsePlayer('blend:1')).toEqual({ kind: 'blend', amount: 1 });
    expect(parsePlayer('stream:3')).toEqual({ kind: 'stream', stream: 3 });
    expect(parsePlayer('deeper:128')).toEqual({ kind: 'deeper', orders: 128, confidence: 0 });
    expect(parsePlayer('rollout:64')).toEqual({ kind: 'rollout', orders: 64, confidence: 0 });
    expect(parsePlayer('rollout:64:2.5')).toEqual({ kind: 'rollout', orders: 64, confidence: 2.5 });
    for (const bad of [
      'mix:0.5',
      'blend:2',
      'margin:-0.1',
      'margin',
      'samples:0',
      'samples:1.5',
      'blend:',
      'stream:0',
      'stream:0.5',
      'deeper:0',
      'deeper:2.5',
      'rollout:0',
      'rollout:',
      'rollout:8:',
      'rollout:8:-1',
      'samples:8:2',
      'blend:0.5:1',
    ])
      expect(() => parsePlayer(bad), bad).toThrow(/bad player/);
  });

  it('samples:N is pimc with N samples', async () => {
    const player = await createPlayer(parsePlayer('samples:16'), 'decade-loop', undefined, [1, 52]);
    expectPlaysAs(player, new PimcAgent({ samples: 16, budget: 20_000, endgameBudget: 200_000 }), (seed) => seed);
  }, 60_000);

  it("stream:K is pimc reset with a seed derived from the deal's, " +
    'and so chooses otherwise at some decisions', async () => {
    const player = await createPlayer(parsePlayer('stream:2'), 'decade-loop', undefined, [1, 52]);
    expectPlaysAs(player, createAgent('pimc', 'decade-loop'), (seed) => deriveSeed(seed, 2));
  }, 60_000);

  it('is pimc outside the band and with blend:1', async () => {
    const pimc = createAgent('pimc', 'decade-loop');
    for (const [rule, low, high] of [
      ['blend:1', 1, 52],
      ['margin:1', 53, 60],
    ] as const) {
      const agent = await createPlayer(parsePlayer(rule), 'decade-loop', MODEL, [low, high]);
      const n = eachDecision(agent, [pimc], 12, (game, choice) => expect(choice, rule).toBe(pimc.act(game)));
      expect(n).toBeGreaterThan(20);
    }
  }, 60_000);

  it("with margin:1 plays the model's favourite; with margin:D a move within D of pimc's best", async () => {
    const model = await loadAgent(shippedModelDir('decade-loop'));
    const pimc = createAgent('pimc', 'decade-loop');
    const wide = await createPlayer(parsePlayer('margin:1'), 'decade-loop', MODEL, [1, 52]);
    let differs = 0;
    eachDecision(wide, [pimc], 12, (game, choice) => {
      const scores = model.score!(game).actions;
      const best = Math.max(...scores.map((a) => a.score));
      expect(scores.find((a) => a.action === choice)!.score).toBe(best);
      if (choice !== pimc.act(game)) differs++;
    });
    expect(differs).toBeGreaterThan(0);

    const D = 0.05;
    const narrow = await createPlayer(parsePlayer(`margin:${D}`), 'decade-loop', MODEL, [1, 52]);
    let inBand = 0;
    eachDecision(narrow, [pimc], 12, (game, choice) => {
      if ((game.rawState as DecadeState).stockLen === 0) return expect(choice).toBe(pimc.act(game));
      const t = pimc.score!(game).actions;
      expect(t.find((a) => a.action === choice)!.score).toBeGreaterThanOrEqual(t[0].score - D - 1e-9);
      inBand++;
    });
    expect(inBand).toBeGreaterThan(20);
  }, 120_000);

  it("rollout:M:Z keeps pimc's move unless another leads it by Z standard errors: with Z huge it is pimc", async () => {
    const pimc = createAgent('pimc', 'decade-loop');
    const sure = await createPlayer(parsePlayer('rollout:4:1000'), 'decade-loop', undefined, [1, 20]);
    const n = eachDecision(sure, [pimc], 8, (game, choice) => expect(choice).toBe(pimc.act(game)));
    expect(n).toBeGreaterThan(20);
  }, 120_000);

  it.each(['deeper:4', 'rollout:4'])(
    '%s chooses the same whatever the order of the unseen cards, and otherwise than pimc at some decisions; ' +
      'outside its band it is pimc',
    async (rule) => {
      const deeper = await createPlayer(parsePlayer(rule), 'decade-loop', undefined, [13, 20]);
      const twin = await createPlayer(parsePlayer(rule), 'decade-loop', undefined, [13, 20]);
      const pimc = createAgent('pimc', 'decade-loop');
      let inBand = 0;
      let differs = 0;
      eachDecision(deeper, [twin, pimc], 16, (game, choice) => {
        const stock = (game.rawState as DecadeState).stockLen;
        if (stock < 13 || stock > 20) return expect(choice).toBe(pimc.act(game));
        inBand++;
        if (choice !== pimc.act(game)) differs++;
        // The same position with the stock in another order: the same choice.
        const other = game.clone();
        const s = other.rawState as DecadeState;
        const cards = Array.from({ length: s.stockLen }, (_, i) => s.stock[(s.stockHead + i) % s.stock.length]);
        cards.reverse();
        cards.forEach((c, i) => (s.stock[(s.stockHead + i) % s.stock.length] = c));
        expect(twin.act(other)).toBe(choice);
      });
      expect(inBand).toBeGreaterThan(5);
      expect(differs).toBeGreaterThan(0);
    },
    120_000,
  );
});

// The model-then-teacher handover (research/decade-handover.ts): handed over from the deal it
// is the teacher's game, never handed over the model's, and between them each deal is the
// model's moves until the stock is small, then the teacher's.
import { beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agents/index.js';
import { HandoverAgent, measureHandover } from '../../research/decade-handover.js';
import { envConfig } from '../../src/env/registry.js';
import type { DecadeState } from '../../src/games/decade/engine.js';
import { make } from '../../src/env/registry.js';
import { playAgent } from '../../src/eval/episodes.js';
import { loadAgent, shippedModelDir } from '../../src/node/index.js';
import { initBackend } from '../../src/node/tf-backend.js';

beforeAll(async () => {
  await initBackend({ prefer: 'wasm' });
});

describe('decade handover', () => {
  it('K at the deck size is the teacher alone; K = −1 the model alone; each deal pairs with the teacher', async () => {
    const dir = shippedModelDir('decade-fives');
    const env = envConfig('decade-fives', {});
    const rows = await measureHandover('decade-fives', dir, 'pimc', 4300000, 60, [52, -1]);
    expect(rows[0]).toMatchObject({ stock: 52, diff: 0, ci95: [0, 0] });
    expect(rows[0].won).toBe(rows[0].teacherWon);
    const modelAlone = playAgent(env, await loadAgent(dir), 4300000, 0, 60).won.reduce((a, b) => a + b, 0);
    expect(rows[1].won).toBe(modelAlone);
    expect(rows[1].diff).toBeCloseTo((100 * (rows[1].won - rows[1].teacherWon)) / 60, 9);
  }, 120_000);

  it('plays the model while the stock holds more than K cards, then the teacher', async () => {
    const model = await loadAgent(shippedModelDir('decade-fives'));
    const pimc = createAgent('pimc', 'decade-fives');
    const agent = new HandoverAgent(model, createAgent('pimc', 'decade-fives'), 12);
    const game = make('decade-fives');
    let before = 0;
    let after = 0;
    for (let seed = 1; seed <= 20; seed++) {
      game.reset({ seed });
      agent.reset(seed);
      pimc.reset(seed);
      while (game.running) {
        const stock = (game.rawState as DecadeState).stockLen;
        const expected = stock <= 12 ? pimc.act(game) : model.act(game);
        if (stock > 12) pimc.observe?.(game);
        expect(agent.act(game)).toBe(expected);
        if (game.legalCount > 1) stock <= 12 ? after++ : before++;
        game.step(expected);
      }
    }
    expect(before).toBeGreaterThan(0);
    expect(after).toBeGreaterThan(0);
  }, 60_000);
});

// A report's deal played again by hand, as a reader checking a paper's figures would: deal i is
// reset({ seed: seed + i }) and its agent reset with deriveSeed(seed, i), exported for that.
import { describe, expect, it } from 'vitest';
import { createAgent, deriveSeed, make } from '../../src/index.js';
import { evaluate } from '../../src/node/index.js';

describe('a report deal by deal, played again with the package root', () => {
  it("random's deals (the agent whose play depends on its seed) come out as the report's records", async () => {
    const seed = 123;
    const report = await evaluate({ env: 'decade', agents: ['random'], episodes: 40, seed, perDeal: true, workers: 0 });
    const deals = report.results[0].deals!;
    const agent = createAgent('random', 'decade');
    const env = make('decade');
    for (let i = 0; i < 40; i++) {
      env.reset({ seed: seed + i });
      agent.reset(deriveSeed(seed, i));
      let steps = 0;
      while (env.running) {
        env.step(agent.act(env));
        steps++;
      }
      expect([env.outcome().won ? 1 : 0, steps]).toEqual([deals.won[i], deals.steps[i]]);
      expect((env.outcome() as { cardsLeft: number }).cardsLeft).toBe(deals.cardsLeft![i]);
    }
  });
});

// Deals played by an agent (src/eval/episodes.ts): playAgentYielding plays the rows playAgent
// plays, giving the event loop turns as it goes (a Ctrl-C handler is heard during an evaluation).
import { describe, expect, it } from 'vitest';
import type { Agent } from '../../src/agents/agent.js';
import { createAgent } from '../../src/agents/index.js';
import type { Env } from '../../src/env/env.js';
import { envConfig } from '../../src/env/registry.js';
import { playAgent, playAgentYielding } from '../../src/eval/episodes.js';

/** Holds the thread for `ms`, as a search or a forward pass does. */
function busy(ms: number): void {
  const start = performance.now();
  while (performance.now() - start < ms);
}

/** `random` (its choices follow its reset seed), slow, and able to decide for several games at once. */
function slowRandom(batch: boolean): Agent {
  const inner = createAgent('random', envConfig('decade'));
  return {
    name: 'slow-random',
    fair: true,
    reset: (seed) => inner.reset(seed),
    act: (env: Env) => {
      busy(0.4);
      return inner.act(env);
    },
    ...(batch
      ? {
          actBatch: (envs: readonly Env[], count: number, out: Int32Array) => {
            busy(2);
            for (let k = 0; k < count; k++) out[k] = envs[k].legal[0];
          },
        }
      : {}),
  };
}

describe('playAgentYielding', () => {
  for (const batch of [false, true]) {
    it(`plays playAgent's rows and gives the event loop turns meanwhile (${batch ? 'deals side by side' : 'one deal at a time'})`, async () => {
      const env = envConfig('decade');
      const expected = playAgent(env, slowRandom(batch), 70, 3, 43, { lanes: 16 });
      // The longest the event loop waits for a turn while the deals are played.
      let last = performance.now();
      let longestWait = 0;
      const timer = setInterval(() => {
        longestWait = Math.max(longestWait, performance.now() - last);
        last = performance.now();
      }, 1);
      const started = performance.now();
      const rows = await playAgentYielding(env, slowRandom(batch), 70, 3, 43, { lanes: 16 });
      const played = performance.now() - started;
      clearInterval(timer);
      longestWait = Math.max(longestWait, performance.now() - last);
      expect(rows).toEqual(expected);
      // A turn after every 100 ms of play (and a deal, or a round of decisions, of a few ms): never a wait of the whole play.
      expect(played).toBeGreaterThan(800);
      expect(longestWait).toBeLessThan(400);
    });
  }
});

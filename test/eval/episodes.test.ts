// Deals played by an agent (src/eval/episodes.ts): playAgentYielding plays the rows playAgent
// plays, giving the event loop turns as it goes (a Ctrl-C handler is heard during an evaluation).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Agent } from '../../src/agents/agent.js';
import { createAgent } from '../../src/agents/index.js';
import type { Env } from '../../src/env/env.js';
import { envConfig } from '../../src/env/registry.js';
import { playAgent, playAgentYielding } from '../../src/eval/episodes.js';

/**
 * The clock `playAgentYielding` reads, advanced only by the agents below: what the test sees
 * depends on how much play the agent reports, never on how busy the machine is.
 */
let clock = 0;

/** `random` (its choices follow its reset seed), slow on `clock`, and able to decide for several games at once. */
function slowRandom(batch: boolean): Agent {
  const inner = createAgent('random', envConfig('decade'));
  return {
    name: 'slow-random',
    fair: true,
    reset: (seed) => inner.reset(seed),
    act: (env: Env) => {
      clock += 0.4;
      return inner.act(env);
    },
    ...(batch
      ? {
          actBatch: (envs: readonly Env[], count: number, out: Int32Array) => {
            clock += 2;
            for (let k = 0; k < count; k++) out[k] = envs[k].legal[0];
          },
        }
      : {}),
  };
}

describe('playAgentYielding', () => {
  afterEach(() => vi.restoreAllMocks());

  for (const batch of [false, true]) {
    it(
      `plays playAgent's rows and gives the event loop turns meanwhile ` +
        `(${batch ? 'deals side by side' : 'one deal at a time'})`,
      async () => {
        const env = envConfig('decade');
        const expected = playAgent(env, slowRandom(batch), 70, 3, 43, { lanes: 16 });
        vi.spyOn(performance, 'now').mockImplementation(() => clock);
        clock = 0;
        // The clock at each turn the event loop gets while the deals are played.
        const turns: number[] = [];
        let playing = true;
        const listen = (): void => {
          if (!playing) return;
          turns.push(clock);
          setImmediate(listen);
        };
        setImmediate(listen);
        const rows = await playAgentYielding(env, slowRandom(batch), 70, 3, 43, { lanes: 16 });
        playing = false;
        const played = clock;
        expect(rows).toEqual(expected);
        // A turn after every 100 ms of play and the deal, or the round of decisions of 16 deals, that
        // passes it: never a wait of the whole play.
        expect(played).toBeGreaterThan(800);
        const waits = [...turns, played].map((t, k, all) => t - (k === 0 ? 0 : all[k - 1]));
        expect(Math.max(...waits)).toBeLessThan(400);
        expect(turns.length).toBeGreaterThanOrEqual(Math.floor(played / 400));
      },
    );
  }
});

// Giza's exact solver (src/agents/triangle/open-solver.ts) against a plain search over the engine's own moves, with
// none of the solver's shortcuts, on positions a few moves into seeded deals.
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../../src/agents/index.js';
import { OpenTriangleSolver } from '../../../src/agents/triangle/index.js';
import { createRng, randomInt } from '../../../src/env/rng.js';
import { make } from '../../../src/env/registry.js';
import type { TriangleState } from '../../../src/env/layouts/index.js';
import type { Env } from '../../../src/env/env.js';

/** Whether some line of legal moves from the env's position removes every card (every move tried, memoised). */
function plainWins(env: Env, seen: Map<string, boolean>): boolean {
  if (env.terminated) return env.outcome().won;
  const key = JSON.stringify(env.getState().game);
  const known = seen.get(key);
  if (known !== undefined) return known;
  let won = false;
  const state = env.getState();
  for (const action of env.legalActions()) {
    env.setState(state);
    env.step(action);
    if (plainWins(env, seen)) {
      won = true;
      break;
    }
  }
  env.setState(state);
  seen.set(key, won);
  return won;
}

describe("Giza's exact solver", () => {
  it('agrees with a plain search of the legal moves, won and lost positions alike', () => {
    const verdicts = { won: 0, lost: 0 };
    for (let seed = 1; seed <= 24; seed++) {
      const env = make('giza');
      env.reset({ seed });
      const rng = createRng(seed);
      // The solver's moves on odd seeds (won positions), random ones on even seeds, until at most 26 cards are left:
      // small enough for the plain search.
      const player = createAgent('solver', 'giza');
      while (!env.terminated && 52 - (env.getState().game as { removed: string[] }).removed.length > 26)
        env.step(seed % 2 ? player.act(env) : env.legalActions()[randomInt(rng, 0, env.legalActions().length - 1)]);
      if (env.terminated) continue;
      const s = env.rawState as TriangleState;
      const solver = new OpenTriangleSolver(s.rules, 16);
      const won = solver.solve(solver.load(s));
      expect(solver.aborted).toBe(false);
      expect(won, `seed ${seed}`).toBe(plainWins(env, new Map()));
      verdicts[won ? 'won' : 'lost']++;
    }
    expect(verdicts.won).toBeGreaterThan(0);
    expect(verdicts.lost).toBeGreaterThan(0);
  });
});

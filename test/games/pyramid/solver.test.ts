// The exact solver (src/agents/triangle/solver.ts) against a brute force over the engine's
// own moves on small positions under every option set, its shortcuts against its plain search on
// whole deals, and its answers played out: the oracle wins exactly the deals it says are won.
import { describe, expect, it } from 'vitest';
import { cardCode } from '../../../src/env/cards.js';
import type { Env } from '../../../src/env/env.js';
import { make } from '../../../src/env/registry.js';
import { createRng, randomInt, shuffleInPlace, type Rng } from '../../../src/env/rng.js';
import { OracleAgent } from '../../../src/agents/triangle/oracle.js';
import { TriangleSolver as PyramidSolver } from '../../../src/agents/triangle/solver.js';
import { loadState } from '../../../src/agents/triangle/deal.js';
import { pyramidSolverRules as solverRules } from '../../../src/games/pyramid/agents/index.js';
import { COVER_MASK, type PyramidOptions, type PyramidState } from '../../../src/games/pyramid/engine.js';
import { scaled } from '../../helpers/scale.js';
import { envAt, type Layout } from './helpers.js';

/**
 * Whether the goal can be reached from the env's position: every position reachable by the engine's moves, then
 * backward induction.
 */
function bruteForce(start: Env): boolean {
  // What the future depends on: not the steps, nor the pass number when passes are unlimited (it would grow for ever).
  const unlimited = (start.options as { passes: unknown }).passes === 'unlimited';
  const key = (env: Env) => {
    const { steps: _steps, removed: _removed, pass, ...rest } = env.getState().game as Record<string, unknown>;
    return JSON.stringify(unlimited ? rest : { ...rest, pass });
  };
  const nodes = new Map<string, { won: boolean; next: string[] }>();
  const queue: Env[] = [start.clone()];
  nodes.set(key(start), { won: false, next: [] });
  while (queue.length > 0) {
    const env = queue.pop()!;
    const node = nodes.get(key(env))!;
    node.won = env.outcome().won;
    for (const action of env.legalActions()) {
      const child = env.clone();
      child.step(action);
      const k = key(child);
      node.next.push(k);
      if (!nodes.has(k)) {
        nodes.set(k, { won: false, next: [] });
        queue.push(child);
      }
    }
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const node of nodes.values()) {
      if (!node.won && node.next.some((k) => nodes.get(k)!.won)) {
        node.won = true;
        changed = true;
      }
    }
  }
  return nodes.get(key(start))!.won;
}

/**
 * A small random position: the pyramid's top slots (some leaves taken away), a few stock and waste cards, the
 * ranks paired so that it could have been played to.
 */
function smallLayout(rng: Rng, o: PyramidOptions): Layout {
  let slots = randomInt(rng, 1, 8);
  let present = (1 << slots) - 1;
  for (let k = randomInt(rng, 0, 2); k > 0; k--) {
    const leaves: number[] = [];
    for (let i = 0; i < slots; i++) if ((present >>> i) & 1 && (present & COVER_MASK[i]) === 0) leaves.push(i);
    if (leaves.length > 1) present &= ~(1 << leaves[randomInt(rng, 0, leaves.length - 1)]);
  }
  slots = 0;
  for (let b = present; b !== 0; b &= b - 1) slots++;
  const talonCount = randomInt(rng, 0, 6);
  const cards: number[] = [];
  const used = new Set<number>();
  const draw = (rank: number): boolean => {
    const free = [0, 1, 2, 3].map((suit) => rank * 4 + suit).filter((c) => !used.has(c));
    if (free.length === 0) return false;
    const c = free[randomInt(rng, 0, free.length - 1)];
    used.add(c);
    cards.push(c);
    return true;
  };
  while (cards.length < slots + talonCount) {
    if (randomInt(rng, 0, 5) === 0) draw(12);
    else {
      const r = randomInt(rng, 0, 5);
      if (draw(r)) draw(11 - r);
    }
  }
  shuffleInPlace(rng, cards);
  const codes = cards.map(cardCode);
  const pyramid: Record<number, string> = {};
  let at = 0;
  for (let i = 0; i < 28; i++) if ((present >>> i) & 1) pyramid[i] = codes[at++];
  const talon = codes.slice(at);
  const inWaste = randomInt(rng, 0, talon.length);
  const waste = talon.slice(0, inWaste);
  const stock = talon.slice(inWaste);
  const faceUp = o.stockTopPlayable && stock.length > 0;
  const passes = o.passes === 'unlimited' ? 3 : o.passes;
  return {
    pyramid,
    waste,
    stockTop: faceUp ? stock[0] : null,
    stock: faceUp ? stock.slice(1) : stock,
    pass: randomInt(rng, 1, passes),
    steps: 60,
  };
}

const OPTION_SETS: Partial<PyramidOptions>[] = [
  {},
  { passes: 1 },
  { passes: 2, goal: 'pyramid' },
  { passes: 'unlimited' },
  { passes: 'unlimited', goal: 'pyramid', stockWastePair: false },
  { stockTopPlayable: false },
  { stockWastePair: false },
  { overlapPairs: true },
  { overlapPairs: true, passes: 1, goal: 'pyramid' },
  { overlapPairs: true, stockTopPlayable: false, passes: 'unlimited' },
];

describe('the solver', () => {
  it.each(OPTION_SETS)('agrees with a brute force over the engine on small positions: %j', (options) => {
    const rng = createRng(99);
    const positions = scaled(60, 10);
    let won = 0;
    for (let k = 0; k < positions; k++) {
      const env = make('pyramid', { ...options, maxSteps: 100_000 });
      env.reset({ seed: 0 });
      const layout = smallLayout(rng, env.options as unknown as PyramidOptions);
      const at = envAt(layout, { ...options, maxSteps: 100_000 });
      const expected = at.running ? bruteForce(at) : at.outcome().won;
      for (const prune of [true, false]) {
        const solver = new PyramidSolver(solverRules(at.options as unknown as PyramidOptions), 16, prune);
        const p = loadState(solver, at.rawState as PyramidState);
        expect(solver.solve(p.present, p.talon, p.cursor, p.pass), `${JSON.stringify(layout)} prune ${prune}`).toBe(
          expected,
        );
      }
      won += expected ? 1 : 0;
    }
    // Both answers come up.
    expect(won).toBeGreaterThan(0);
    expect(won).toBeLessThan(positions);
  });

  it('gives the same answers with its shortcuts as without, on whole deals', () => {
    for (const id of ['pyramid', 'pyramid-classic', 'pyramid-relaxed', 'pyramid-unlimited']) {
      const env = make(id);
      const rules = solverRules(env.options as unknown as PyramidOptions);
      const fast = new PyramidSolver(rules, 18);
      const plain = new PyramidSolver(rules, 20, false);
      let compared = 0;
      for (let seed = 0; seed < scaled(8, 3); seed++) {
        env.reset({ seed });
        let p = loadState(fast, env.rawState as PyramidState);
        const answer = fast.solve(p.present, p.talon, p.cursor, p.pass);
        p = loadState(plain, env.rawState as PyramidState);
        const check = plain.solve(p.present, p.talon, p.cursor, p.pass, 250_000);
        if (plain.aborted && !check) continue;
        expect(check, `${id} seed ${seed}`).toBe(answer);
        compared++;
      }
      expect(compared, id).toBeGreaterThan(0);
    }
  });
});

describe('the oracle', () => {
  it.each(['pyramid', 'pyramid-classic', 'pyramid-relaxed', 'pyramid-unlimited'])(
    '%s: wins exactly the deals the solver says are won, move by move',
    (id) => {
      const env = make(id);
      const solver = new PyramidSolver(solverRules(env.options as unknown as PyramidOptions));
      const oracle = new OracleAgent();
      let wins = 0;
      const deals = scaled(40, 8);
      for (let seed = 0; seed < deals; seed++) {
        env.reset({ seed });
        const p = loadState(solver, env.rawState as PyramidState);
        const solvable = solver.solve(p.present, p.talon, p.cursor, p.pass);
        oracle.reset();
        while (env.running) env.step(oracle.act(env));
        expect(env.outcome().won, `${id} seed ${seed}`).toBe(solvable);
        wins += solvable ? 1 : 0;
      }
      if (id !== 'pyramid-classic') expect(wins).toBeGreaterThan(0);
    },
  );
});

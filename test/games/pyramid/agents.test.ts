// The Pyramid agents: every one plays whole games under every preset, the same for a seed; `pimc`
// is fair (permuting the stock's unseen cards never changes its choice or scores, where the same
// check catches the oracle); the kit names them; and a deal whose outcome depends on the order of
// the moves.
import { describe, expect, it } from 'vitest';
import { agentsFor, createAgent } from '../../../src/agents/index.js';
import { kitOf } from '../../../src/agents/modules.js';
import type { Agent } from '../../../src/agents/agent.js';
import type { Env } from '../../../src/env/env.js';
import { make } from '../../../src/env/registry.js';
import { createRng, randomInt, shuffleInPlace } from '../../../src/env/rng.js';
import { PYRAMID_AGENTS, PYRAMID_KIT } from '../../../src/games/pyramid/agents/index.js';
import { OracleAgent } from '../../../src/agents/triangle/oracle.js';
import { PimcAgent } from '../../../src/agents/triangle/pimc.js';
import { TriangleSolver as PyramidSolver } from '../../../src/agents/triangle/solver.js';
import { loadState } from '../../../src/agents/triangle/deal.js';
import { pyramidSolverRules as solverRules } from '../../../src/games/pyramid/agents/index.js';
import { pyramidGame, type PyramidOptions, type PyramidState } from '../../../src/games/pyramid/engine.js';
import { pyramid } from '../../../src/games/pyramid/index.js';
import { scaled } from '../../helpers/scale.js';
import { STOCK, king, pair, slotOf } from './helpers.js';

const IDS = pyramid.ids.map((p) => p.id);
const NAMES = ['random', 'first', 'greedy', 'pimc', 'oracle'];

function play(env: Env, agent: Agent, seed: number): number[] {
  env.reset({ seed });
  agent.reset(seed);
  const actions: number[] = [];
  while (env.running) {
    const a = agent.act(env);
    actions.push(a);
    env.step(a);
  }
  return actions;
}

describe('the agents', () => {
  it('are listed for every Pyramid id, the oracle as not fair', () => {
    for (const id of IDS) expect(agentsFor(id).map((a) => a.name)).toEqual(NAMES);
    expect(agentsFor('pyramid').find((a) => a.name === 'oracle')).toMatchObject({ fair: false });
    expect(kitOf(pyramidGame)).toBe(PYRAMID_KIT);
    expect(PYRAMID_KIT.simpleBaseline).toBe('greedy');
    expect(PYRAMID_KIT.searches).toEqual(['pimc']);
    expect(PYRAMID_AGENTS.filter((s) => s.fair).map((s) => s.name)).toEqual(['greedy', 'pimc']);
  });

  it.each(IDS)('%s: each plays whole games, the same for a seed', (id) => {
    for (const name of NAMES) {
      for (let seed = 0; seed < 2; seed++) {
        const env = make(id);
        const first = play(env, createAgent(name, id), seed);
        expect(env.running).toBe(false);
        const outcome = env.outcome();
        const again = play(env, createAgent(name, id), seed);
        expect(again, `${name} seed ${seed}`).toEqual(first);
        expect(env.outcome()).toEqual(outcome);
      }
    }
  });

  it('score every legal move, best first, agreeing with their own choice', () => {
    const env = make('pyramid');
    env.reset({ seed: 6 });
    const rng = createRng(6);
    let compared = 0;
    while (env.running && compared < 6) {
      if (env.legalCount > 1) {
        for (const name of ['greedy', 'pimc', 'oracle']) {
          const agent = createAgent(name, 'pyramid');
          agent.reset(6);
          const scores = agent.score!(env);
          expect(scores.actions.map((s) => s.action).sort((a, b) => a - b)).toEqual(env.legalActions());
          for (let i = 1; i < scores.actions.length; i++)
            expect(scores.actions[i].score).toBeLessThanOrEqual(scores.actions[i - 1].score);
          if (name !== 'pimc') expect(agent.act(env)).toBe(scores.actions[0].action);
        }
        compared++;
      }
      env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]);
    }
    expect(compared).toBe(6);
  });
});

/** The env with the stock's face-down cards in another order (first pass: they are unseen). */
function withUnseenPermuted(env: Env, seed: number): Env {
  const copy = env.clone();
  const state = env.getState();
  const game = state.game as { stock: string[] };
  const stock = [...game.stock];
  shuffleInPlace(createRng(seed), stock);
  if (stock.every((c, i) => c === game.stock[i])) stock.reverse();
  copy.setState({ ...state, game: { ...game, stock } });
  return copy;
}

describe('fairness', () => {
  const POSITIONS = scaled(8, 4);

  it.each([...IDS, 'pyramid-classic-closed'])(
    `%s: permuting the unseen stock cards never changes pimc's choice or scores (${POSITIONS} positions)`,
    (name) => {
      const id = name === 'pyramid-classic-closed' ? 'pyramid-classic' : name;
      const options = name === 'pyramid-classic-closed' ? { stockTopPlayable: false } : {};
      let compared = 0;
      for (let k = 0; compared < POSITIONS && k < 400; k++) {
        const env = make(id, options);
        env.reset({ seed: 300 + k });
        const rng = createRng(k);
        for (let s = randomInt(rng, 0, 15); s > 0 && env.running; s--)
          env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]);
        const game = env.getState().game as { stock: string[]; pass: number };
        if (!env.running || env.legalCount < 2 || game.pass > 1 || new Set(game.stock.map((c) => c[0])).size < 2)
          continue;
        const permuted = withUnseenPermuted(env, k);
        const [a, b] = [new PimcAgent(), new PimcAgent()];
        a.reset(11);
        b.reset(11);
        expect(b.act(permuted), `${name} k ${k}`).toBe(a.act(env));
        expect(b.score(permuted)).toEqual(a.score(env));
        compared++;
      }
      expect(compared).toBe(POSITIONS);
    },
  );

  it('the same check catches the oracle, which reads the stock order', () => {
    let differs = 0;
    for (let k = 0; k < 200 && differs === 0; k++) {
      const env = make('pyramid-classic');
      env.reset({ seed: 500 + k });
      const rng = createRng(k);
      for (let s = randomInt(rng, 0, 10); s > 0 && env.running; s--)
        env.step(env.legal[randomInt(rng, 0, env.legalCount - 1)]);
      if (!env.running || env.legalCount < 2) continue;
      const scores = (e: Env) => JSON.stringify(new OracleAgent().score(e).actions);
      differs += scores(withUnseenPermuted(env, k)) !== scores(env) ? 1 : 0;
    }
    expect(differs).toBeGreaterThan(0);
  });
});

describe('decisions', () => {
  // Seed 4's deal, found by playing the oracle until a move of one of its positions wins and another loses.
  const DEAL =
    '6C TC 8H AS 4D 7H QH TD JS 5H 9H AD 3S QD 6H AH TS 7S JH 3D KH 5D 8S 5S 2C 8D 3C KD KS 5C 2H 3H KC 2S TH QS ' +
    'JC 2D 6D 8C 4C AC 9S 7D JD 9D 4S 9C 6S 7C 4H QC';

  it('the order of the moves decides a game: from one position one pair wins and another loses', () => {
    // After the two kings (K♦ at the bottom right, K♠ on the stock), 8♠ may go with 5♦ beside it or
    // with the 5♣ now on the stock: the first keeps the deal winnable, the second does not.
    const line = (first: number) => {
      const env = make('pyramid');
      env.reset({ deck: DEAL });
      env.step(king(slotOf(6, 6)));
      env.step(king(STOCK));
      expect(env.isLegal(first)).toBe(true);
      const text = env.describeAction(first);
      env.step(first);
      const solver = new PyramidSolver(solverRules(env.options as unknown as PyramidOptions));
      const p = loadState(solver, env.rawState as PyramidState);
      const solvable = solver.solve(p.present, p.talon, p.cursor, p.pass);
      const oracle = new OracleAgent();
      while (env.running) env.step(oracle.act(env));
      return { text, solvable, won: env.outcome().won };
    };
    expect(line(pair(slotOf(6, 0), slotOf(6, 1)))).toEqual({ text: 'remove 5♦ + 8♠', solvable: true, won: true });
    expect(line(pair(slotOf(6, 1), STOCK))).toEqual({ text: 'remove 8♠ + 5♣', solvable: false, won: false });
  });
});

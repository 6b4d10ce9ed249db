// Elevens' agents: the solver against an exhaustive search, whole games for every agent on every
// id (legal moves, the same game for the same seed), the fair search's fairness (the unseen cards'
// order never changes what it plays or says), the oracle as an upper bound, and the hints.
import { describe, expect, it } from 'vitest';
import { DECK_SIZE } from '../../../src/env/cards.js';
import type { Env } from '../../../src/env/env.js';
import { agentsFor, createAgent } from '../../../src/agents/index.js';
import { createHinter } from '../../../src/hints/hint.js';
import { make } from '../../../src/env/registry.js';
import type { Agent } from '../../../src/agents/agent.js';
import { elevensOf } from '../../../src/games/elevens/engine.js';
import { ELEVENS_AGENTS, ELEVENS_KIT } from '../../../src/games/elevens/agents/index.js';
import { elevens } from '../../../src/games/elevens/index.js';
import { OracleAgent } from '../../../src/games/elevens/agents/oracle.js';
import { PatientAgent } from '../../../src/games/elevens/agents/patient.js';
import { PimcAgent } from '../../../src/games/elevens/agents/pimc.js';
import { DECISION, ElevensSolver, SAFE_CLASS, moveClass, nextMove } from '../../../src/games/elevens/agents/solver.js';
import { scaled } from '../../helpers/scale.js';
import { gameJSON, randomPolicy } from '../helpers.js';
import { endsFrom } from './helpers.js';

/** The fewest cards left over every end an exhaustive search reaches from the env's state. */
function exhaustiveBest(env: Env): number {
  return Math.min(...[...endsFrom(env)].map((e) => (JSON.parse(e) as { cardsLeft: number }).cardsLeft));
}

/** An agent's game on a seeded deal: its moves and outcome. */
function gameOf(id: string, agent: Agent, seed: number): { moves: number[]; cardsLeft: number } {
  const env = make(id as 'elevens');
  env.reset({ seed });
  agent.reset(seed);
  const moves: number[] = [];
  while (env.running) {
    const a = agent.act(env);
    expect(env.isLegal(a), `${agent.name} seed ${seed}: ${a}`).toBe(true);
    moves.push(a);
    env.step(a);
  }
  return { moves, cardsLeft: env.outcome().cardsLeft };
}

describe('elevens: the solver', () => {
  const cases: [string, object, number, number][] = [
    ['elevens-too', {}, 52, 100],
    ['elevens-too', { suits: 'same' }, 52, 100],
    ['elevens-too', { grid: 15 }, 14, 20],
    ['suit-elevens', {}, 8, 25],
    ['elevens-reserve', {}, 30, 40],
    ['elevens', {}, 52, 100],
  ];
  it.each(cases)(
    '%s %j: its optimum is the best end of an exhaustive search, from random positions %i cards from the end',
    (id, options, stockLeft, deals) => {
      let searched = 0;
      for (let seed = 0; seed < scaled(deals, 5); seed++) {
        const env = make(id as 'elevens', options);
        env.reset({ seed: 3000 + seed });
        // Random moves (a card set aside too early included) to the start.
        const choose = randomPolicy(seed);
        while (env.running && DECK_SIZE - elevensOf(env)!.state.stockPos > stockLeft) env.step(choose(env));
        const solver = new ElevensSolver(env.options as never);
        expect(solver.cardsLeft(elevensOf(env)!.state), `seed ${3000 + seed}`).toBe(exhaustiveBest(env));
        searched++;
      }
      expect(searched).toBe(scaled(deals, 5));
    },
  );

  it('moves of one class are worth the same on the true deal (what pimc values once a class)', () => {
    let compared = 0;
    for (const id of ['suit-elevens', 'elevens-too', 'elevens-reserve'] as const) {
      for (let seed = 0; seed < scaled(40, 8); seed++) {
        const env = make(id);
        env.reset({ seed });
        const choose = randomPolicy(seed);
        const solver = new ElevensSolver(env.options as never);
        while (env.running) {
          const state = elevensOf(env)!.state;
          const byClass = new Map<number, number>();
          for (const action of env.legalActions()) {
            const value = solver.cardsLeftAfter(state, action);
            const seen = byClass.get(moveClass(state, action));
            if (seen !== undefined) {
              expect(value, `${id} seed ${seed}: ${env.describeAction(action)}`).toBe(seen);
              compared++;
            } else byClass.set(moveClass(state, action), value);
          }
          const safe = byClass.get(SAFE_CLASS);
          if (safe !== undefined) expect(safe).toBe(solver.cardsLeft(state));
          env.step(choose(env));
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('reads the stock as it lies and leaves the state alone', () => {
    const env = make('suit-elevens');
    env.reset({ seed: 43 });
    const before = JSON.stringify(env.getState());
    new ElevensSolver(env.options as never).cardsLeft(elevensOf(env)!.state);
    expect(JSON.stringify(env.getState())).toBe(before);
  });
});

describe('elevens: the agents play', () => {
  it('the catalogue lists random, first, patient, pimc and oracle on every id; the kit names the baselines', () => {
    for (const { id } of elevens.ids)
      expect(agentsFor(id).map((a) => [a.name, a.fair])).toEqual([
        ['random', true],
        ['first', true],
        ['patient', true],
        ['pimc', true],
        ['oracle', false],
      ]);
    expect(ELEVENS_AGENTS.map((a) => a.name)).toEqual(['patient', 'pimc', 'oracle']);
    expect(ELEVENS_KIT.simpleBaseline).toBe('patient');
    expect(ELEVENS_KIT.searches).toEqual(['pimc']);
  });

  it.each(elevens.ids.map((i) => i.id))(
    '%s: every agent plays whole games, legal moves only, the same game for the same seed',
    (id) => {
      for (const name of ['patient', 'pimc', 'oracle']) {
        for (let seed = 0; seed < 8; seed++) {
          const a = gameOf(id, createAgent(name, id), seed);
          const b = gameOf(id, createAgent(name, id), seed);
          expect(b, `${name} seed ${seed}`).toEqual(a);
        }
      }
    },
  );

  it('the oracle is an upper bound: never more cards left than patient or pimc, deal for deal', () => {
    for (const id of ['suit-elevens', 'elevens-too']) {
      const oracle = new OracleAgent();
      const patient = new PatientAgent();
      const pimc = new PimcAgent(16);
      for (let seed = 0; seed < scaled(60, 10); seed++) {
        const best = gameOf(id, oracle, seed).cardsLeft;
        const env = make(id as 'elevens');
        env.reset({ seed });
        expect(best, `${id} seed ${seed}`).toBe(
          new ElevensSolver(env.options as never).cardsLeft(elevensOf(env)!.state),
        );
        expect(gameOf(id, patient, seed).cardsLeft).toBeGreaterThanOrEqual(best);
        expect(gameOf(id, pimc, seed).cardsLeft).toBeGreaterThanOrEqual(best);
      }
    }
  });

  it("patient is Elevens Too's optimum, deal for deal, as the oracle plays it", () => {
    for (let seed = 0; seed < scaled(300, 20); seed++)
      expect(gameOf('elevens-too', new PatientAgent(), seed).cardsLeft).toBe(
        gameOf('elevens-too', new OracleAgent(), seed).cardsLeft,
      );
  });

  it('pimc plays the oracle’s suit at the decision of the explicit Suit Elevens deal (its samples agree there)', () => {
    const deck =
      '9D 9S 5D 4C 9H 7S 3C QC 8D KH 7C AC AH 9C 6C JC AD 7H 8C QH TH TC 6H AS TD 5C 2S 5S QS 8H 2D 6S TS 7D 2C ' +
      '3S 4S KC 3D 4D KD 3H 8S 4H 6D KS JH JS 2H QD 5H JD';
    const env = make('suit-elevens');
    env.reset({ deck });
    env.step(env.legal[0]);
    expect(nextMove(elevensOf(env)!.state)).toBe(DECISION);
    const pimc = new PimcAgent();
    pimc.reset(1);
    expect(pimc.act(env)).toBe(new OracleAgent().act(env));
  });
});

describe('elevens: pimc is fair', () => {
  /** The same state with the stock in another order. */
  function withStock(env: Env, order: (stock: string[]) => string[]): Env {
    const other = make(env.id as 'elevens', env.options as never);
    const state = env.getState();
    const g = gameJSON(env);
    other.setState({ ...state, game: { ...g, stock: order(g.stock) } });
    return other;
  }

  it('permuting the unseen cards never changes its move or its scores (Suit Elevens and Elevens Too positions)', () => {
    let decisions = 0;
    for (const id of ['suit-elevens', 'elevens-too'] as const) {
      for (let seed = 0; seed < scaled(30, 6); seed++) {
        const env = make(id);
        env.reset({ seed });
        const play = new PatientAgent();
        while (env.running) {
          const state = elevensOf(env)!.state;
          if (nextMove(state) === DECISION || env.legalCount > 1) {
            if (nextMove(state) === DECISION) decisions++;
            const views = [
              env,
              withStock(env, (s) => [...s].reverse()),
              withStock(env, (s) => [...s.slice(1), ...s.slice(0, 1)]),
            ];
            const acts = views.map((v) => {
              const agent = new PimcAgent(16);
              agent.reset(seed);
              return agent.act(v);
            });
            expect(new Set(acts).size, `${id} seed ${seed}`).toBe(1);
            const scores = views.map((v) => {
              const agent = new PimcAgent(16);
              agent.reset(seed);
              return JSON.stringify(agent.score(v));
            });
            expect(new Set(scores).size).toBe(1);
          }
          env.step(play.act(env));
        }
      }
    }
    expect(decisions).toBeGreaterThan(0);
  });

  it('act and score agree, whatever was asked before', () => {
    const env = make('suit-elevens');
    env.reset({ seed: 43 });
    const agent = new PimcAgent();
    agent.reset(5);
    while (env.running && nextMove(elevensOf(env)!.state) !== DECISION) env.step(agent.act(env));
    const scored = agent.score(env);
    expect(scored.kind).toBe('win-probability');
    expect(scored.actions.map((a) => a.action).sort((a, b) => a - b)).toEqual(env.legalActions());
    const fresh = new PimcAgent();
    fresh.reset(5);
    expect(fresh.act(env)).toBe(agent.act(env));
  });
});

describe('elevens: hints', () => {
  it('the book rule: every move leads to the same end, said so', () => {
    const env = make('elevens');
    env.reset({ seed: 3 });
    expect(env.running).toBe(true);
    const result = createHinter().hint(env);
    expect(result.sameOutcome).toBe(true);
    expect(result.source).toBe('none needed: every legal move leads to the same end');
  });

  it('Elevens Too: patient ranks them (the exact optimum); Suit Elevens: pimc, by win chance', () => {
    const too = make('elevens-too');
    too.reset({ seed: 2 });
    const t = createHinter().hint(too);
    expect(t.sameOutcome).toBe(false);
    expect(t.source).toBe('patient (the exact optimum: a face card goes aside only when its set goes out at once)');
    const suit = make('suit-elevens');
    suit.reset({
      deck:
        '9D 9S 5D 4C 9H 7S 3C QC 8D KH 7C AC AH 9C 6C JC AD 7H 8C QH TH TC 6H AS TD 5C 2S 5S QS 8H 2D 6S TS 7D 2C ' +
        '3S 4S KC 3D 4D KD 3H 8S 4H 6D KS JH JS 2H QD 5H JD',
    });
    suit.step(suit.legal[0]);
    const s = createHinter().hint(suit);
    expect(s.source).toBe('pimc (a search that plays out many guesses of the unseen cards)');
    expect(s.hints[0]).toMatchObject({
      action: 108,
      scoreKind: 'win-probability',
      text: 'set J♣ aside',
      cards: [{ place: 'slot', index: 3, code: 'JC' }],
    });
    expect(s.hints.map((h) => h.action).sort((a, b) => a - b)).toEqual(suit.legalActions());
  });
});

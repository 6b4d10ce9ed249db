// Ties in hint lists: among moves of equal value the one that ends the turn ranks first, for
// every source, and a player following the default Four Ten hints walks no more than `bottom`.
import { POINTS_LESS_FAULT_COST } from '../../src/games/four-ten/agents/expectimax.js';
import { describe, expect, it } from 'vitest';
import type { ActionScores } from '../../src/agents/agent.js';
import { createHinter } from '../../src/hints/hint.js';
import { createAgent } from '../../src/agents/index.js';
import { preferFewerMoves, sameScore } from '../../src/hints/tie-break.js';
import { END_TURN, FIRST_EXCHANGE } from '../../src/games/four-ten/engine.js';
import type { Env } from '../../src/env/env.js';
import { make } from '../../src/env/registry.js';
import type { Agent } from '../../src/agents/agent.js';

/** A Four Ten game in the middle of a turn, `bottom` playing until "end turn" and two exchanges are legal. */
function midTurn(seed: number): Env {
  const env = make('four-ten');
  env.reset({ seed });
  const bottom = createAgent('bottom', 'four-ten', {});
  while (env.running && !(env.isLegal(END_TURN) && env.legalCount > 2)) env.step(bottom.act(env));
  expect(env.running).toBe(true);
  return env;
}

/** Whether taking `action` in `env` ends the round (the next move is a new round's placement). */
function endsRound(env: Env, action: number): boolean {
  const next = env.clone();
  next.step(action);
  return !next.running || !next.isLegal(END_TURN);
}

const env = midTurn(11);
const [EXCHANGE, EXCHANGE2] = env
  .legalActions()
  .filter((a) => a >= FIRST_EXCHANGE && a < END_TURN && !endsRound(env, a));

describe('preferFewerMoves', () => {
  it('puts "end turn" before an exchange of the same value, keeping the agent order otherwise', () => {
    expect(EXCHANGE2).toBeDefined();
    const ranked: ActionScores = {
      kind: 'heuristic',
      actions: [
        { action: EXCHANGE2, score: 2 },
        { action: EXCHANGE, score: 2 },
        { action: END_TURN, score: 2 },
      ],
    };
    expect(preferFewerMoves(env, ranked).map((a) => a.action)).toEqual([END_TURN, EXCHANGE2, EXCHANGE]);
  });

  it('leaves a better exchange first, and other engines alone', () => {
    const ranked: ActionScores = {
      kind: 'heuristic',
      actions: [
        { action: EXCHANGE, score: 2 },
        { action: END_TURN, score: 1.5 },
      ],
    };
    expect(preferFewerMoves(env, ranked).map((a) => a.action)).toEqual([EXCHANGE, END_TURN]);
    const decadeEnv = make('decade');
    decadeEnv.reset({ seed: 1 });
    const decade: ActionScores = {
      kind: 'heuristic',
      actions: [
        { action: 20, score: 1 },
        { action: 0, score: 1 },
      ],
    };
    expect(preferFewerMoves(decadeEnv, decade)).toBe(decade.actions);
  });

  it('counts an exchange that ends the round as ending the turn: the agent order decides between them', () => {
    let scoring: { env: Env; action: number } | null = null;
    for (let seed = 0; seed < 200 && !scoring; seed++) {
      const e = midTurn(seed);
      const action = e.legalActions().find((a) => a >= FIRST_EXCHANGE && a < END_TURN && endsRound(e, a));
      if (action !== undefined) scoring = { env: e, action };
    }
    expect(scoring).not.toBeNull();
    const { env: e, action } = scoring!;
    const ranked: ActionScores = {
      kind: 'heuristic',
      actions: [
        { action, score: 2 },
        { action: END_TURN, score: 2 },
      ],
    };
    expect(preferFewerMoves(e, ranked).map((a) => a.action)).toEqual([action, END_TURN]);
  });

  it('counts a hundredth of a round or a point as equal, probabilities only when equal', () => {
    const rounds: ActionScores = {
      kind: 'value',
      unit: 'minus-rounds-left',
      actions: [
        { action: EXCHANGE, score: -4.314 },
        { action: END_TURN, score: -4.3188 },
      ],
    };
    expect(preferFewerMoves(env, rounds).map((a) => a.action)).toEqual([END_TURN, EXCHANGE]);
    expect(sameScore(rounds, -4.3, -4.32)).toBe(false);
    expect(sameScore({ kind: 'value', unit: 'points' }, 10, 10.009)).toBe(true);
    // expectimax's points net of fault cost tie as points do.
    expect(sameScore({ kind: 'value', unit: POINTS_LESS_FAULT_COST }, 10, 10.009)).toBe(true);
    const win: ActionScores = {
      kind: 'win-probability',
      actions: [
        { action: EXCHANGE, score: 1 - 1e-12 },
        { action: END_TURN, score: 1 - 2e-12 },
      ],
    };
    expect(preferFewerMoves(env, win).map((a) => a.action)).toEqual([EXCHANGE, END_TURN]);
  });
});

describe('hint() ties', () => {
  it('ranks "end turn" first when an agent scores it level with exchanges, for any agent', () => {
    // An agent that scores every move the same and lists end turn last (as ranking by id does).
    const flat: Agent = {
      name: 'flat',
      fair: true,
      reset: () => {},
      act: (e) => e.legal[0],
      score: (e) => ({
        kind: 'value',
        unit: 'points',
        actions: [...e.legalActions()].map((action) => ({ action, score: 3 })),
      }),
    };
    const result = createHinter({ agent: flat, details: false }).hint(env);
    expect(result.hints[0].action).toBe(END_TURN);
    expect(result.hints).toHaveLength(env.legalCount);
  });
});

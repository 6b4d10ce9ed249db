/**
 * What Elevens' agents share: reading the engine from an env, and `patient`'s choice at a
 * decision, which the searches also take on a tie.
 */
import type { Env } from '../../../env/env.js';
import { TengymError } from '../../../env/errors.js';
import { elevensOf, type ElevensOptions, type ElevensState } from '../engine.js';
import { checkPlaying } from '../../../agents/agent.js';
import { DECISION, DOOMED, NONE, decisionMoves, faceCardsOnGrid, nextMove } from './solver.js';

/** The engine state and options of a running Elevens env; a caller's mistake otherwise, named. */
export function elevensEnv(env: Env, agent: string): { state: ElevensState; options: ElevensOptions } {
  checkPlaying(env, agent);
  const view = elevensOf(env);
  if (view === null)
    throw new TengymError(
      'bad-argument',
      `agent "${agent}" plays Elevens (elevens, elevens-reserve, elevens-too, suit-elevens), not ${env.id}`,
    );
  return view;
}

/**
 * `patient`'s move: the move that needs no search (a pair, a set, a card that fits the reserves,
 * a set that completes at once); at a decision the suit with the most face cards on the grid (the
 * set closest to going out), the lowest suit on a tie; where every move ends the same, the lowest id.
 */
export function patientMove(env: Env, state: ElevensState): number {
  const move = nextMove(state);
  if (move >= 0) return move;
  if (move === DOOMED || move === NONE) return env.legal[0];
  return patientChoice(state, decisionMoves(state, []));
}

/** Among a decision's moves (one per suit, in suit order), the one whose suit has the most face cards on the grid. */
export function patientChoice(state: ElevensState, moves: readonly number[]): number {
  let best = moves[0];
  let most = -1;
  for (const move of moves) {
    const n = faceCardsOnGrid(state, state.slotCard[move - state.rules.asideBase] & 3);
    if (n > most) {
      most = n;
      best = move;
    }
  }
  return best;
}

export { DECISION };

// A game played through its history (GameStates), whose undo is a player's: what the games' undo tests drive.
import type { Env } from '../../src/env/env.js';
import { GameStates } from '../../src/hints/hint.js';

/** `env`'s game from its state now: `step` plays and records a move, `undo` takes one back (`GameStates.undo`). */
export function withHistory(env: Env): { states: GameStates; step: (action: number) => void; undo: () => void } {
  const states = new GameStates(env);
  return {
    states,
    step: (action) => void states.step(env, action),
    undo: () => states.undo(env),
  };
}

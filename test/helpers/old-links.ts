// A link's `moves` as the play page wrote them before its undo went by decision: action ids, `fN` for N forced moves
// in a row, and `u` for an undo of one step, after which that page waited for the player, a forced move included.
// The page's tests and the link reader's tests build such links from choices, and keep the position they gave.
import { GameStates, type Env, type EnvState } from '../../src/index.js';

/**
 * Plays `choices` on `env`, just dealt: at each position the player plays at, `first` or `last` (of the legal moves)
 * or an action id, the forced moves after it played and written `fN`; `u` takes one step back. Returns the link's moves
 * and the state they give.
 */
export function oldLink(
  env: Env,
  choices: readonly (number | 'first' | 'last' | 'u')[],
): { moves: string; state: EnvState } {
  const played = new GameStates(env);
  const tokens: string[] = [];
  const forced = () => {
    let n = 0;
    while (env.running && env.legalCount === 1) {
      played.step(env, env.legal[0]);
      n++;
    }
    if (n > 0) tokens.push(`f${n}`);
  };
  forced();
  for (const entry of choices) {
    const choice = entry === 'first' ? env.legal[0] : entry === 'last' ? env.legal[env.legalCount - 1] : entry;
    tokens.push(String(choice));
    if (choice === 'u') {
      played.undo(env);
      continue;
    }
    if (!env.isLegal(choice))
      throw new Error(`${choice} is not legal in ${env.id} at ${JSON.stringify(env.getState().game)}`);
    played.step(env, choice);
    forced();
  }
  return { moves: tokens.join('.'), state: env.getState() };
}

/**
 * A link's `moves` read into the game's steps, apart from the page so that Node tests read links of every form. The
 * tokens are the game's steps from the deal: action ids, `fN` for N forced moves in a row, and `u`, which takes back
 * one step and spends an undo (links written before the page's undo went back to the player's last decision: the
 * page writes none now, and reads them as they were played).
 */
import type { Env, EnvState } from '../src/index.js';

/** What a link's moves come to: the steps left from the deal, the undos its `u`s spent, and the first bad move. */
export interface LinkSteps {
  steps: number[];
  undone: number;
  /** The number of the first move that cannot be played (counted as the player made them, `u` included), or null. */
  bad: number | null;
  /**
   * Whether the last move played was a `u`: the page that wrote the link waited there, a forced move included; after
   * any other the forced moves play on.
   */
  endsInUndo: boolean;
}

/**
 * Plays `moves` on `env`, dealt, up to the first that cannot be played there, with `undosLeft` undos to spend. Moves
 * are counted as the player made them, each `u` included; forced moves are not counted, and of a run of them the ones
 * that were the only legal move are kept. Leaves `env` at the position reached.
 */
export function linkSteps(env: Env, moves: string, undosLeft: number): LinkSteps {
  const steps: number[] = [];
  const states: EnvState[] = [env.getState()];
  const step = (action: number) => {
    env.step(action);
    steps.push(action);
    states.push(env.getState());
  };
  let undone = 0;
  let counted = 0;
  let endsInUndo = false;
  const stop = (bad: number | null): LinkSteps => ({ steps, undone, bad, endsInUndo });
  for (const token of moves === '' ? [] : moves.split('.')) {
    if (/^f[1-9]\d{0,5}$/.test(token)) {
      for (let n = Number(token.slice(1)); n > 0; n--) {
        if (!env.running || env.legalCount !== 1) return stop(counted + 1);
        step(env.legal[0]);
        endsInUndo = false;
      }
      continue;
    }
    counted++;
    if (token === 'u' && undone < undosLeft && steps.length > 0) {
      steps.pop();
      states.pop();
      env.setState(states[states.length - 1]);
      undone++;
      endsInUndo = true;
    } else if (/^\d{1,6}$/.test(token) && env.running && env.isLegal(Number(token))) {
      step(Number(token));
      endsInUndo = false;
    } else return stop(counted);
  }
  return stop(null);
}

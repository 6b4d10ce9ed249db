/**
 * A fast test that a deal of one straight line with forced discards cannot be won, for `pickDeal` to spare the exact
 * solver most losing deals (`GameKit.cannotWin`): decade-max3's deals are won about once in 6,000, and the solver
 * takes about 3 ms a deal, where this test takes microseconds.
 *
 * Why it is fast: on one straight line, with discards forced, the line holds no run when a card is drawn (else the
 * player would have had to discard), so every run after a draw ends at the drawn card, and what is left once it is
 * discarded is a part of a line that held none: the next move is a draw. The game is a stack: each card drawn is
 * pushed, and then one run that ends with it may be popped, the player choosing among the runs that end there. A
 * search over those choices alone (a few a deal) decides the deal. The deal's first cards are the exception (a run
 * may lie anywhere among them): each run the env offers there is tried on a copy.
 *
 * It says "lost" only where the search found no way to clear the line; a search that runs past its budget says
 * nothing. Deals it passes are still decided by the solver.
 */
import {
  CARD_VALUE,
  DRAW,
  decadeOf,
  maxRunLength,
  runTotals,
  type DecadeOptions,
  type DecadeState,
} from '../engine.js';
import { DECK_SIZE } from '../../../env/cards.js';
import type { Env } from '../../../env/env.js';

/** Search nodes before the test gives up (it then says nothing of the deal). */
const NODE_BUDGET = 100_000;

/**
 * True when the game at env's state (a fresh deal, or any later state) cannot be won, on one straight line with
 * forced discards where discarded cards leave the game; false when it can, or when the test cannot tell.
 */
export function surelyLost(env: Env): boolean {
  const decade = decadeOf(env);
  if (decade === null) return false;
  const o = decade.options;
  return o.stacks === 1 && !o.loop && o.discard === 'forced' && o.pickedUp === 'discard' && !mayWin(env);
}

/** Whether env's state may be won: a run pending (the deal's first cards may hold one anywhere) tried on a copy. */
function mayWin(env: Env): boolean {
  if (!env.running) return env.outcome().won;
  if (env.isLegal(DRAW)) return stackMayWin(decadeOf(env)!);
  return env.legalActions().some((action) => {
    const next = env.clone();
    next.step(action);
    return mayWin(next);
  });
}

/** Whether a state whose line holds no run may be won: the stack search over the stock's cards. */
function stackMayWin({ state, options }: { state: DecadeState; options: DecadeOptions }): boolean {
  const good = runTotals(options);
  const maxRun = maxRunLength(options);
  const cards = state.stockLen;
  const stock = (k: number) => CARD_VALUE[state.stock[(state.stockHead + k) % DECK_SIZE]];
  // The line as a stack of values: line[0..top).
  const line = new Int32Array(DECK_SIZE);
  let top = state.len[0];
  for (let i = 0; i < top; i++) line[i] = CARD_VALUE[state.table[i]];
  let nodes = 0;

  /** Whether the line as it stands, the next card stock(next), may be cleared (true past the budget). */
  const draw = (next: number): boolean => {
    if (++nodes > NODE_BUDGET) return true;
    if (next === cards) return top === 0;
    line[top++] = stock(next);
    let mayClear = false;
    let runs = 0;
    let sum = 0;
    for (let length = 1; length <= maxRun && length <= top && !mayClear; length++) {
      sum += line[top - length];
      if (sum >= good.length) break;
      if (length < options.minRun || good[sum] !== 1) continue;
      // Pop the run, search on, and put it back.
      runs++;
      const run = line.slice(top - length, top);
      top -= length;
      mayClear = draw(next + 1);
      line.set(run, top);
      top += length;
    }
    // No run: the card stays.
    if (runs === 0) mayClear = draw(next + 1);
    top--;
    return mayClear;
  };
  return draw(0);
}

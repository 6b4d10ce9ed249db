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
 *
 * A line dealt whole (`dealAll`, no stock) is decided exactly by an interval search (`openLineClears`), in
 * milliseconds, where the solver took up to a minute to exhaust a losing deal.
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
 * forced discards where discarded cards leave the game, or on a line dealt whole; false when it can, or when the
 * test cannot tell.
 */
export function surelyLost(env: Env): boolean {
  const decade = decadeOf(env);
  if (decade === null) return false;
  const { state, options: o } = decade;
  if (o.stacks !== 1 || o.loop || o.pickedUp !== 'discard') return false;
  if (o.dealAll === true && state.stockLen === 0) {
    const values = Array.from(state.table.subarray(0, state.len[0]), (card) => CARD_VALUE[card]);
    return !openLineClears(values, o.minRun, maxRunLength(o), runTotals(o), o.win === 'one-left');
  }
  return o.discard === 'forced' && !mayWin(env);
}

/**
 * Whether a line with no stock can be cleared (with `oneLeft`, all but one card) by discarding runs of adjacent
 * cards of `minRun` to `maxRun` cards whose total is good, an exact interval search. Cards i … j − 1 clear when the
 * run that takes card i runs from i to some e, the stretches between its cards cleared before it, and e + 1 … j − 1
 * clear by themselves: no run can reach past a card of a run still there. Each run's possible totals are bits (two
 * words: totals up to 63), a set per last card and count of cards. About n³ · maxRun steps: milliseconds for 52 cards.
 */
export function openLineClears(
  values: readonly number[],
  minRun: number,
  maxRun: number,
  good: Uint8Array,
  oneLeft = false,
): boolean {
  const n = values.length;
  const width = n + 1;
  // clears[a * width + b]: cards a … b − 1 can all be discarded (an empty stretch can).
  const clears = new Uint8Array(width * width);
  for (let a = 0; a <= n; a++) clears[a * width + a] = 1;
  let goodLo = 0;
  let goodHi = 0;
  for (let t = 1; t < good.length && t < 64; t++) {
    if (good[t] !== 1) continue;
    if (t < 32) goodLo |= 1 << t;
    else goodHi |= 1 << (t - 32);
  }
  const most = Math.min(maxRun, n);
  // The totals a run from card i can have with card p its last and m cards, as bits: [p * (most + 1) + m].
  const lo = new Int32Array(n * (most + 1));
  const hi = new Int32Array(n * (most + 1));
  // runsTo[e]: a run from card i may end at card e.
  const runsTo = new Uint8Array(n);
  for (let i = n - 1; i >= 0; i--) {
    lo.fill(0);
    hi.fill(0);
    runsTo.fill(0);
    lo[i * (most + 1) + 1] = 1 << values[i];
    for (let p = i; p < n; p++) {
      for (let m = 1; m <= most; m++) {
        const at = p * (most + 1) + m;
        const sumsLo = lo[at];
        const sumsHi = hi[at];
        if (sumsLo === 0 && sumsHi === 0) continue;
        if (m >= minRun && ((sumsLo & goodLo) !== 0 || (sumsHi & goodHi) !== 0)) runsTo[p] = 1;
        if (m === most) continue;
        // The next card of the run: any q whose stretch from p + 1 clears first.
        for (let q = p + 1; q < n; q++) {
          if (clears[(p + 1) * width + q] === 0) continue;
          const v = values[q];
          const next = q * (most + 1) + m + 1;
          lo[next] |= sumsLo << v;
          hi[next] |= (sumsHi << v) | (sumsLo >>> (32 - v));
        }
      }
    }
    for (let j = i + 1; j <= n; j++) {
      for (let e = i; e < j; e++) {
        if (runsTo[e] === 1 && clears[(e + 1) * width + j] === 1) {
          clears[i * width + j] = 1;
          break;
        }
      }
    }
  }
  if (clears[n] === 1) return true;
  if (!oneLeft) return false;
  for (let k = 0; k < n; k++) if (clears[k] === 1 && clears[(k + 1) * width + n] === 1) return true;
  return false;
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

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
 * may lie anywhere among them), and are searched as any line is.
 *
 * It says "lost" only where the search found no way to clear the line; a search that runs past its budget says
 * nothing. Deals it passes are still decided by the solver.
 */
import { CARD_VALUE, decadeOf, maxRunLength, runTotals, type DecadeOptions } from '../engine.js';
import type { Env } from '../../../env/env.js';

/** Search nodes before the test gives up (it then says nothing of the deal). */
const NODE_BUDGET = 100_000;

/** Whether the test holds under these options: one straight line, forced discards, discarded cards leave the game. */
export function stackLineRules(o: DecadeOptions): boolean {
  return o.stacks === 1 && !o.loop && o.discard === 'forced' && o.pickedUp === 'discard';
}

/**
 * True when the game at env's state (a fresh deal, or any later state) cannot be won under options that
 * `stackLineRules` holds for; false when it can, or when the test cannot tell.
 */
export function surelyLost(env: Env): boolean {
  const decade = decadeOf(env);
  if (decade === null || !stackLineRules(decade.options) || !env.running) return false;
  const { state, options } = decade;
  const line: number[] = [];
  for (let i = 0; i < state.len[0]; i++) line.push(CARD_VALUE[state.table[i]]);
  const stock: number[] = [];
  for (let i = 0; i < state.stockLen; i++)
    stock.push(CARD_VALUE[state.stock[(state.stockHead + i) % state.stock.length]]);
  const search = new StackSearch(stock, runTotals(options), options.minRun, maxRunLength(options));
  const result = search.fromAnyLine(line);
  return result === 'lost';
}

type Verdict = 'won' | 'lost' | 'unknown';

class StackSearch {
  private nodes = 0;
  /** The line as a stack of values: line[0..top). */
  private readonly line = new Int32Array(64);
  private top = 0;

  constructor(
    private readonly stock: readonly number[],
    private readonly good: Uint8Array,
    private readonly minRun: number,
    private readonly maxRun: number,
  ) {}

  /** A line that may hold runs anywhere (the deal's first cards): each run is tried, then the stack search. */
  fromAnyLine(line: readonly number[]): Verdict {
    if (++this.nodes > NODE_BUDGET) return 'unknown';
    let unknown = false;
    let anyRun = false;
    for (let st = 0; st + this.minRun <= line.length; st++) {
      let sum = 0;
      for (let i = st; i < line.length && i - st + 1 <= this.maxRun; i++) {
        sum += line[i];
        if (sum >= this.good.length) break;
        if (i - st + 1 < this.minRun || this.good[sum] !== 1) continue;
        anyRun = true;
        const v = this.fromAnyLine([...line.slice(0, st), ...line.slice(i + 1)]);
        if (v === 'won') return 'won';
        if (v === 'unknown') unknown = true;
      }
    }
    if (anyRun) return unknown ? 'unknown' : 'lost';
    // No run: the line is a stack from here on.
    this.top = 0;
    for (const v of line) this.line[this.top++] = v;
    return this.draw(0);
  }

  /** The line holds no run; the next card is stock[next]. */
  private draw(next: number): Verdict {
    if (++this.nodes > NODE_BUDGET) return 'unknown';
    if (next === this.stock.length) return this.top === 0 ? 'won' : 'lost';
    // Each draw takes at most maxRun − 1 of the cards already down off the line.
    if (this.top > (this.stock.length - next) * (this.maxRun - 1)) return 'lost';
    this.line[this.top++] = this.stock[next];
    let unknown = false;
    let anyRun = false;
    let sum = 0;
    for (let length = 1; length <= this.maxRun && length <= this.top; length++) {
      sum += this.line[this.top - length];
      if (sum >= this.good.length) break;
      if (length < this.minRun || this.good[sum] !== 1) continue;
      anyRun = true;
      // Pop the run, search on, and put it back.
      const saved = this.line.slice(this.top - length, this.top);
      this.top -= length;
      const v = this.draw(next + 1);
      this.line.set(saved, this.top);
      this.top += length;
      if (v === 'won') {
        this.top--;
        return 'won';
      }
      if (v === 'unknown') unknown = true;
    }
    let v: Verdict;
    if (anyRun) v = unknown ? 'unknown' : 'lost';
    else v = this.draw(next + 1);
    this.top--;
    return v;
  }
}

/**
 * The exact fair optimum of a decade position: an expectimax over what a fair player knows (the
 * table, the unseen cards' composition and, with 'deck-bottom', the order of the cards it saw go
 * under the stock), a draw of an unseen card averaged over the unseen values by their counts,
 * the player's moves maximised, memoized on that knowledge. Draws in another order that leave
 * the same table meet again in the memo, which is what lets it solve stocks a tree cannot (on
 * `decade-loop` about 8 unseen cards in a hint's few milliseconds, a dozen in seconds). Used by the learned search's
 * endgame (learned-search.ts, `endgamePositions`) and by the measurement of the fair optimum
 * (research/decade-reduced-room.ts), whose tests check it against a brute-force expectimax on the env.
 */
import { DRAW, DECADE_ACTIONS } from '../engine.js';
import { DECK_SIZE, Position, type Rules } from './position.js';

/** Thrown inside a solve that passes its budget (caught in valuesAfter). */
const OVER_BUDGET = new Error('fair solve over its position budget');

/** counts[v] = how many of the top `unseen` stock cards of p have value v. */
function countUnseen(p: Position, unseen: number, counts: Int32Array): void {
  counts.fill(0);
  for (let i = 0; i < unseen; i++) counts[p.stock[(p.head + i) % DECK_SIZE]]++;
}

/**
 * A position's win chance under fair optimal play: the top `unseen` stock cards are unseen, the ones under them known.
 */
export class FairSolver {
  /** Positions valued since the last `clear`, and how many `valuesAfter` may value before it gives up. */
  private valued = 0;
  private budget = Infinity;
  /** Distinct positions valued so far. */
  get size(): number {
    return this.memo.reduce((sum, m) => sum + m.size, 0);
  }
  /** Sharded by the key's last character: one Map holds at most 2^24 entries. */
  private readonly memo: Map<string, number>[] = Array.from({ length: 64 }, () => new Map<string, number>());
  private readonly inProgress = new Set<string>();
  /** Per depth: a position, its move list, and the unseen values' counts at its chance node. */
  private readonly levels: { p: Position; moves: Int32Array; counts: Int32Array }[] = [];
  private readonly counts = new Int32Array(11);

  constructor(readonly rules: Rules) {}

  /** Forgets every value (to bound memory: the values are exact whether kept or found again). */
  clear(): void {
    for (const m of this.memo) m.clear();
    this.valued = 0;
  }

  private level(d: number): { p: Position; moves: Int32Array; counts: Int32Array } {
    while (this.levels.length <= d)
      this.levels.push({
        p: new Position(this.rules.stacks),
        moves: new Int32Array(DECADE_ACTIONS),
        counts: new Int32Array(11),
      });
    return this.levels[d];
  }

  /**
   * The win chance of `p` under fair optimal play; its top `unseen` stock cards are unseen (their order is ignored).
   */
  value(p: Position, unseen: number): number {
    this.level(0).p.copyFrom(p);
    return this.search(0, unseen);
  }

  /**
   * The win chance after each of moves[0..n-1] in `p` under fair optimal play, into out[0..n-1],
   * valuing at most `budget` new positions (the values already held are free); false, with out
   * unfinished, when that is not enough. The values held stay true either way.
   */
  valuesAfter(p: Position, unseen: number, moves: Int32Array, n: number, out: Float64Array, budget: number): boolean {
    this.budget = this.valued + budget;
    try {
      for (let i = 0; i < n; i++) out[i] = this.valueAfter(p, unseen, moves[i]);
      return true;
    } catch (e) {
      if (e !== OVER_BUDGET) throw e;
      this.inProgress.clear();
      return false;
    } finally {
      this.budget = Infinity;
    }
  }

  /** The win chance after `action` in `p` under fair optimal play (p is not modified). */
  valueAfter(p: Position, unseen: number, action: number): number {
    const at = this.level(0).p;
    at.copyFrom(p);
    return this.afterMove(0, unseen, action);
  }

  private key(p: Position, unseen: number): string {
    const c = this.counts;
    countUnseen(p, unseen, c);
    const parts: number[] = [p.current, unseen];
    for (let v = 1; v <= 10; v++) parts.push(c[v]);
    for (let k = 0; k < p.stacks; k++) {
      parts.push(100 + p.len[k]);
      for (let i = 0; i < p.len[k]; i++) parts.push(p.vals[k * DECK_SIZE + i]);
    }
    for (let i = unseen; i < p.stockLen; i++) parts.push(p.stock[(p.head + i) % DECK_SIZE]);
    return String.fromCharCode(...parts);
  }

  /** The value of level d's position, which it may change. */
  private search(d: number, unseen: number): number {
    const { p, moves } = this.level(d);
    const n = p.generate(this.rules, moves);
    if (n === 0) return p.won(this.rules) ? 1 : 0;
    const key = this.key(p, unseen);
    const shard = this.memo[(key.charCodeAt(key.length - 1) * 7 + key.length) & 63];
    const known = shard.get(key);
    if (known !== undefined) return known;
    // A position met again on the path ('deck-bottom' only): going round would end truncated.
    if (this.inProgress.has(key)) return 0;
    if (++this.valued > this.budget) throw OVER_BUDGET;
    this.inProgress.add(key);
    let best = 0;
    for (let i = 0; i < n && best < 1; i++) {
      this.level(d + 1).p.copyFrom(p);
      const v = this.afterMove(d + 1, unseen, moves[i]);
      if (v > best) best = v;
    }
    this.inProgress.delete(key);
    shard.set(key, best);
    return best;
  }

  /** The value of playing `action` in level d's position (which it changes). */
  private afterMove(d: number, unseen: number, action: number): number {
    const { p, counts: c } = this.level(d);
    if (action !== DRAW || unseen === 0) {
      p.apply(this.rules, action);
      return this.search(d, unseen);
    }
    // A chance node: each unseen value, weighted by how many of it are unseen.
    countUnseen(p, unseen, c);
    const child = this.level(d + 1).p;
    let sum = 0;
    for (let v = 1; v <= 10; v++) {
      if (c[v] === 0) continue;
      child.copyFrom(p);
      // Bring a card of value v to the top of the unseen ones, then draw it.
      for (let i = 0; i < unseen; i++) {
        const at = (child.head + i) % DECK_SIZE;
        if (child.stock[at] === v) {
          child.stock[at] = child.stock[child.head];
          child.stock[child.head] = v;
          break;
        }
      }
      child.apply(this.rules, DRAW);
      sum += c[v] * this.search(d + 1, unseen - 1);
    }
    return sum / unseen;
  }
}

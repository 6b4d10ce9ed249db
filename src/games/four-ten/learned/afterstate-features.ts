/**
 * Afterstate features of Four Ten (`four-ten`): what a learned value network sees, and what
 * each legal action expands to (learned/afterstate-agent.ts). Browser-safe.
 *
 * A position is the hands, the stock's composition and whether the turn is still open (after
 * a placement or an exchange the player may exchange on; after ending the turn the next card
 * is drawn), plus the game: points still needed and safeties left. The network gives P(win)
 * and the cost: the rounds still to play, this one included, a lost game counting
 * `LOSS_ROUNDS` (10) more, / 10. An action's score is minus its cost: the agent plays for fewer
 * rounds and risks the game only for far fewer of them. P(win) is learned beside it but does not
 * decide: near 1 almost everywhere, its errors would swamp the differences of a tenth of a
 * round that separate good moves.
 *
 * What each legal action leads to, from the rules (the engine's check, `judgeHands`): the
 * hands after it (the seen card placed; a hidden card, or a replacement's next card: each
 * value the stock holds, weighted by its count; an exchange), and then
 * - a change that scores, faults or uses the round's last card ends the round: the position is
 *   then the next round's start (empty hands, full stock) at the points and safeties it leaves,
 *   reached after one round (offset 0.1), or exactly a win (one round, cost 0.1) or a bust (cost
 *   0.1 + 1);
 * - otherwise the turn is open, and the player will exchange on to the best configuration in
 *   reach and end the turn there: a choice (`beginChoice`) between ending the turn now and every
 *   configuration a breadth-first search over further exchanges reaches (never one seen this
 *   turn), each a turn's start, and the exchanges that end the round. In the exchange phase each
 *   exchange's choice holds the configurations it reaches first.
 * So the network values only two kinds of position: a turn's start (the next card is drawn next)
 * and a round's start. An open turn's value is the best of a set, which a network learns far
 * less precisely than a turn's start (played with exact values, both give the same moves; with
 * a trained network, valuing a placement by its open turn lost four times as much as valuing it
 * by its search). Valuing an exchange as the turn ended right after it (climbing one exchange at
 * a time) played the exact values half a round a game slower.
 * Options that reach the same position share its row (`sameAs`, `distinctRow`): about half of a
 * replacement's options repeat one, and the network values, and training teaches, each position once.
 * Nothing reads the stock's order.
 *
 * ## Features (Float32Array of 245 per position)
 *
 * | index      | meaning |
 * |------------|---------|
 * | [0, 60)    | hand h (0 Hand, 1 Home, 2 Shadow) holds c cards of value v: one-hot at h*20 + (v−1)*5 + c |
 * | [60, 111)  | hand h's value (sum, 0..16): one-hot at 60 + h*17 + sum |
 * | [111, 147) | the stock holds c cards of value v (0..8): one-hot at 111 + (v−1)*9 + c |
 * | 147        | stock size / 32 |
 * | [148, 198) | points still needed n = gameTarget − points: one-hot at 148 + min(n, 50) − 1 |
 * | 198        | n / gameTarget |
 * | [199, 203) | safeties left s: one-hot at 199 + min(s, 3) |
 * | 203        | s / the `safeties` option (0 when it is 0) |
 * | [204, 228) | the next card placed at once, by the check: value v into hand h scores at 204 + (h*4 + v−1)*2, faults at + 1 (0 for a full hand) |
 * | [228, 232) | the next card's chance of value v: stock count / stock size |
 * | [232, 236) | value v scores in some hand |
 * | [236, 240) | value v faults in every hand with room (0 when none has room) |
 * | 240        | the next card's chance to score at once |
 * | 241        | the next card's chance to fault whatever hand it goes to |
 * | [242, 245) | hand h is full (4 cards) |
 *
 * The features from 204 on follow from the others; spelled out, they spare the network from
 * learning the check's comparisons between hands, where most of a turn start's value lies.
 */
import type { Env } from '../../../env/env.js';
import type { Outcome } from '../../../env/game.js';
import {
  END_TURN,
  FIRST_EXCHANGE,
  FIRST_REPLACE,
  fourTenGame,
  fourTenOf,
  type FourTenOptions,
  type FourTenState,
} from '../engine.js';
import {
  FAULTS,
  NOTHING,
  PER_VALUE,
  POW5,
  SCORES,
  STOCK_CODES,
  exchangedKey,
  judgeHands,
  keyDigit,
  stockCode,
} from '../hands.js';
import {
  AfterstateExpansion,
  doubled,
  type AfterstateFeatures,
  type FeatureLayout,
} from '../../../agents/afterstate.js';

export const FOUR_TEN_LAYOUT: FeatureLayout = {
  size: 245,
  encoding: 'four-ten/2',
  tieWeight: 0,
  oldest: 0,
  cost: 'rounds',
};

/** The cost of one round (the network's cost is rounds / 10). */
export const ROUND_COST = 0.1;
/** A lost game costs as much as this many more rounds. */
export const LOSS_ROUNDS = 10;

const SUM_AT = 60;
const STOCK_AT = 111;
const STOCK_SIZE_AT = 147;
const NEED_AT = 148;
const NEED_SCALED_AT = 198;
const SAFETIES_AT = 199;
const SAFETIES_SCALED_AT = 203;
const PLACED_AT = 204;
const CHANCE_AT = 228;
const SCORES_SOMEWHERE_AT = 232;
const FAULTS_EVERYWHERE_AT = 236;
const CHANCE_SCORES_AT = 240;
const CHANCE_FAULTS_AT = 241;
const FULL_AT = 242;

/** Why afterstate values cannot play these Four Ten options, or null when they can. */
export function fourTenUnsupported(o: FourTenOptions): string | null {
  if (o.handTarget > 16) return 'afterstate values need handTarget ≤ 16 (the most four cards can make)';
  return null;
}

/**
 * The exact value of a finished game: won or not, and the last round, plus the loss's cost when lost (a bust, or the
 * round cap).
 */
function outcomeValue(outcome: Outcome, into: Float64Array): void {
  const won = outcome.won;
  into[0] = won ? 1 : 0;
  into[1] = (won ? 1 : 1 + LOSS_ROUNDS) * ROUND_COST;
}

/** Hands, stock and game of one position, as the features' writer reads them. */
interface Position {
  counts: ArrayLike<number>;
  sums: ArrayLike<number>;
  stock: ArrayLike<number>;
  points: number;
  safeties: number;
}

/** Writes the features of a position at out[offset …]. */
export function writeFourTenFeatures(p: Position, o: FourTenOptions, out: Float32Array, offset: number): void {
  out.fill(0, offset, offset + FOUR_TEN_LAYOUT.size);
  for (let i = 0; i < 12; i++) out[offset + (i >> 2) * 20 + (i & 3) * 5 + p.counts[i]] = 1;
  let stockSize = 0;
  for (let h = 0; h < 3; h++) out[offset + SUM_AT + h * 17 + Math.min(p.sums[h], 16)] = 1;
  for (let v = 0; v < 4; v++) {
    out[offset + STOCK_AT + v * 9 + p.stock[v]] = 1;
    stockSize += p.stock[v];
  }
  out[offset + STOCK_SIZE_AT] = stockSize / 32;
  const need = Math.max(1, o.gameTarget - p.points);
  out[offset + NEED_AT + Math.min(need, 50) - 1] = 1;
  out[offset + NEED_SCALED_AT] = need / o.gameTarget;
  out[offset + SAFETIES_AT + Math.min(p.safeties, 3)] = 1;
  out[offset + SAFETIES_SCALED_AT] = o.safeties > 0 ? p.safeties / o.safeties : 0;
  // The next card, placed at once.
  let room = 0;
  for (let h = 0; h < 3; h++) {
    const cards = p.counts[h * 4] + p.counts[h * 4 + 1] + p.counts[h * 4 + 2] + p.counts[h * 4 + 3];
    if (cards >= 4) out[offset + FULL_AT + h] = 1;
    else room |= 1 << h;
  }
  let chanceScores = 0;
  let chanceFaults = 0;
  for (let v = 1; v <= 4; v++) {
    let scores = 0;
    let faults = 0;
    for (let h = 0; h < 3; h++) {
      if ((room & (1 << h)) === 0) continue;
      const verdict = judgeHands(
        p.sums[0] + (h === 0 ? v : 0),
        p.sums[1] + (h === 1 ? v : 0),
        p.sums[2] + (h === 2 ? v : 0),
        o,
      );
      if (verdict === SCORES) {
        out[offset + PLACED_AT + (h * 4 + v - 1) * 2] = 1;
        scores = 1;
      } else if (verdict === FAULTS) {
        out[offset + PLACED_AT + (h * 4 + v - 1) * 2 + 1] = 1;
        faults++;
      }
    }
    const everywhere = room !== 0 && faults === (room & 1) + ((room >> 1) & 1) + ((room >> 2) & 1) ? 1 : 0;
    const chance = stockSize > 0 ? p.stock[v - 1] / stockSize : 0;
    out[offset + CHANCE_AT + v - 1] = chance;
    out[offset + SCORES_SOMEWHERE_AT + v - 1] = scores;
    out[offset + FAULTS_EVERYWHERE_AT + v - 1] = everywhere;
    chanceScores += scores * chance;
    chanceFaults += everywhere * chance;
  }
  out[offset + CHANCE_SCORES_AT] = chanceScores;
  out[offset + CHANCE_FAULTS_AT] = chanceFaults;
}

const EMPTY_HANDS = new Uint8Array(12);
const NO_SUMS = new Int32Array(3);
const FULL_STOCK = new Uint8Array(4).fill(PER_VALUE);

/** Writes the features of a round's start (empty hands, full stock) at these points and safeties. */
export function writeRoundStart(
  points: number,
  safeties: number,
  o: FourTenOptions,
  out: Float32Array,
  offset: number,
): void {
  writeFourTenFeatures({ counts: EMPTY_HANDS, sums: NO_SUMS, stock: FULL_STOCK, points, safeties }, o, out, offset);
}

/** How a round ends, as `roundEndCode` codes it (≥ 0: the next round's start, points·1024 + safeties). */
const WON = -1;
const BUST = -2;

/**
 * Where a round that ends with this verdict leaves the game (`verdict` the check's, NOTHING for
 * the bottom of the deck, with hands totalling `total`), from these points and safeties: WON,
 * BUST, or the next round's start as points·1024 + safeties.
 */
export function roundEndCode(
  verdict: number,
  total: number,
  points: number,
  safeties: number,
  o: FourTenOptions,
): number {
  let next: number;
  if (verdict === SCORES) next = points + o.handTarget;
  else if (verdict === FAULTS) {
    if (safeties > 0) return points * 1024 + safeties - 1;
    if (points < total) return BUST;
    return (points - total) * 1024;
  } else next = points + total;
  return next >= o.gameTarget ? WON : next * 1024 + safeties;
}

/**
 * The cost of a round that ends with `roundEndCode`'s code, the next round's start valued at `startCost` when the game
 * goes on.
 */
export function roundEndCost(code: number, startCost: number): number {
  return code === WON ? ROUND_COST : code === BUST ? (1 + LOSS_ROUNDS) * ROUND_COST : ROUND_COST + startCost;
}

/** The positions a Four Ten state's legal actions lead to (see the module comment). Reused across calls. */
export class FourTenExpansion extends AfterstateExpansion {
  /**
   * Per row, what it is (for exact targets): the engine key of a turn start's configuration
   * (−1 for other rows) and its stock (Σ count of v · 9^(v−1)), and 1 + roundEnd's code of a
   * round start (0 for other rows).
   */
  rowKey: Int32Array<ArrayBuffer> = new Int32Array(64);
  rowStock: Int32Array<ArrayBuffer> = new Int32Array(64);
  rowStart: Int32Array<ArrayBuffer> = new Int32Array(64);
  /** The hands and stock being changed, restored after each outcome. */
  private readonly counts = new Uint8Array(12);
  private readonly sums = new Int32Array(3);
  private readonly stock = new Uint8Array(4);
  private readonly position: Position = {
    counts: this.counts,
    sums: this.sums,
    stock: this.stock,
    points: 0,
    safeties: 0,
  };
  private options!: FourTenOptions;
  private k = 0;
  /**
   * Exchange search: every configuration met, with the group (an index into its starts) that first reached it (−1: seen
   * this turn).
   */
  private readonly firstReach = new Map<number, number>();
  private queue: Int32Array<ArrayBuffer> = new Int32Array(1024);
  private queueGroup: Int32Array<ArrayBuffer> = new Int32Array(1024);
  /** Exchanges from the decision to each queued configuration (breadth-first: never more than needed). */
  private queueSteps: Int32Array<ArrayBuffer> = new Int32Array(1024);
  private queueLength = 0;
  /**
   * The rows written so far in this expansion, by what they are (`distinctRow`), to share the features of equal ones.
   */
  private readonly rowOf = new Map<number, number>();
  /** Round ends one exchange away, as (group, roundEnd code, exchanges to it, that one included) triples. */
  private exits: Int32Array<ArrayBuffer> = new Int32Array(384);
  private exitCount = 0;

  constructor() {
    super(FOUR_TEN_LAYOUT);
  }

  expand(env: Env): void {
    this.clear();
    this.rowOf.clear();
    const four = fourTenOf(env);
    if (!four) throw new Error(`${env.id} is not a Four Ten env`);
    const s = four.state;
    this.options = four.options;
    this.counts.set(s.counts);
    this.sums.set(s.sums);
    this.stock.set(s.stockCounts);
    this.position.points = s.points;
    this.position.safeties = s.safeties;
    const n = env.legalCount;
    this.actionCount = n;
    if (n > 0 && env.legal[0] >= FIRST_EXCHANGE) {
      this.expandExchanges(env, s);
      return;
    }
    for (let k = 0; k < n; k++) {
      const action = env.legal[k];
      this.k = k;
      this.beginAction(k);
      if (action < FIRST_REPLACE) {
        if (s.drawn > 0) {
          this.add(action, s.drawn);
          this.outcome(1);
          this.remove(action, s.drawn);
        } else {
          this.drawInto(action);
        }
      } else {
        const r = action - FIRST_REPLACE;
        const h = r >> 2;
        const u = (r & 3) + 1;
        this.remove(h, u);
        this.drawInto(h);
        this.add(h, u);
      }
      this.endAction(k);
    }
  }

  /**
   * The exchange phase: ending the turn now is the current configuration at a turn's start; an
   * exchange is the choice of what exchanging on from it can reach. One breadth-first search
   * from the current configuration finds every choice's options; each reached configuration
   * belongs to the exchange that first reached it.
   */
  private expandExchanges(env: Env, s: FourTenState): void {
    const n = env.legalCount;
    this.firstReach.clear();
    for (let i = 0; i < s.seenCount; i++) this.firstReach.set(s.seen[i], -1);
    this.queueLength = 0;
    this.exitCount = 0;
    for (let k = 0; k < n; k++) {
      const action = env.legal[k];
      if (action < END_TURN) this.step(s.key, action - FIRST_EXCHANGE, k, 1);
    }
    this.search();
    for (let k = 0; k < n; k++) {
      this.beginAction(k);
      if (env.legal[k] === END_TURN) this.turnStartRow(s.key, 1);
      else {
        this.beginChoice(1);
        this.addOptions(k);
      }
      this.endAction(k);
    }
    // Back to the current hands, for anything after.
    this.decode(s.key);
  }

  /**
   * The open turn at the current hands (just changed by a card), reached with probability p: ending the turn here, or
   * any configuration exchanges reach.
   */
  private openTurn(p: number): void {
    const key = this.key();
    this.firstReach.clear();
    this.firstReach.set(key, -1);
    this.queueLength = 0;
    this.exitCount = 0;
    this.queue[0] = key;
    this.queueGroup[0] = 0;
    this.queueSteps[0] = 0;
    this.queueLength = 1;
    this.search();
    this.beginChoice(p);
    this.addOptions(0);
    this.decode(key);
  }

  /** Breadth-first search over exchanges from the queue's configurations, each searched for the group it belongs to. */
  private search(): void {
    for (let i = 0; i < this.queueLength; i++) {
      const key = this.queue[i];
      const group = this.queueGroup[i];
      const steps = this.queueSteps[i] + 1;
      for (let e = 0; e < 32; e++) this.step(key, e, group, steps);
    }
  }

  /** The current choice's options: group g's configurations in the queue, as turn starts, and its exits. */
  private addOptions(g: number): void {
    const F = this.layout.size;
    for (let j = 0; j < this.queueLength; j++) {
      if (this.queueGroup[j] !== g) continue;
      const key = this.queue[j];
      this.decode(key);
      const row = this.addOption(0, this.queueSteps[j]);
      this.rowKey[row] = key;
      if (this.distinctRow(row, key * STOCK_CODES + this.rowStock[row]))
        writeFourTenFeatures(this.position, this.options, this.rows, row * F);
    }
    for (let j = 0; j < this.exitCount; j++) {
      if (this.exits[j * 3] !== g) continue;
      const code = this.exits[j * 3 + 1];
      const steps = this.exits[j * 3 + 2];
      if (code >= 0) {
        const row = this.addOption(ROUND_COST, steps);
        this.rowStart[row] = code + 1;
        if (this.distinctRow(row, -1 - code))
          writeRoundStart(code >> 10, code & 1023, this.options, this.rows, row * F);
      } else this.exactOption(code === WON ? 1 : 0, roundEndCost(code, 0), steps);
    }
  }

  /**
   * Exchange e from configuration `key`, the `steps`-th exchange of group g's search: a round end
   * becomes one of g's exits (each once, at its first and so nearest find), a configuration not
   * met before joins the queue.
   */
  private step(key: number, e: number, g: number, steps: number): void {
    const next = exchangedKey(key, e);
    if (next < 0 || this.firstReach.has(next)) return;
    this.decode(next);
    const code = this.roundEnd(false);
    if (code !== null) {
      for (let j = 0; j < this.exitCount; j++) if (this.exits[j * 3] === g && this.exits[j * 3 + 1] === code) return;
      if ((this.exitCount + 1) * 3 > this.exits.length) this.exits = doubled(this.exits);
      this.exits[this.exitCount * 3] = g;
      this.exits[this.exitCount * 3 + 1] = code;
      this.exits[this.exitCount * 3 + 2] = steps;
      this.exitCount++;
      return;
    }
    this.firstReach.set(next, g);
    if (this.queueLength === this.queue.length) {
      this.queue = doubled(this.queue);
      this.queueGroup = doubled(this.queueGroup);
      this.queueSteps = doubled(this.queueSteps);
    }
    this.queue[this.queueLength] = next;
    this.queueGroup[this.queueLength] = g;
    this.queueSteps[this.queueLength] = steps;
    this.queueLength++;
  }

  /** The engine key of the working hands: Σ counts[i]·5^i. */
  private key(): number {
    let key = 0;
    for (let i = 0; i < 12; i++) key += this.counts[i] * POW5[i];
    return key;
  }

  /** Sets the working hands to the configuration of an engine key. */
  private decode(key: number): void {
    this.sums.fill(0);
    for (let i = 0; i < 12; i++) {
      const c = keyDigit(key, i);
      this.counts[i] = c;
      this.sums[i >> 2] += c * ((i & 3) + 1);
    }
  }

  /** A position of one row: the configuration of `key` at a turn's start, with probability p. */
  private turnStartRow(key: number, p: number): void {
    this.decode(key);
    const row = this.addRow(p);
    this.rowKey[row] = key;
    if (this.distinctRow(row, key * STOCK_CODES + this.rowStock[row]))
      writeFourTenFeatures(this.position, this.options, this.rows, row * this.layout.size);
  }

  /**
   * Whether `row` is the first of this expansion to be `id` (a turn start: key · STOCK_CODES + stock
   * code; a round start: −1 − its code; the points and safeties are the expansion's): true, and
   * its features are to be written; false, and it shares an earlier row's (`sameFeatures`).
   */
  private distinctRow(row: number, id: number): boolean {
    const first = this.rowOf.get(id);
    if (first === undefined) {
      this.rowOf.set(id, row);
      return true;
    }
    this.sameFeatures(row, first);
    return false;
  }

  protected override addOption(offset = 0, steps = 0): number {
    const row = super.addOption(offset, steps);
    if (row >= this.rowKey.length) {
      this.rowKey = doubled(this.rowKey);
      this.rowStock = doubled(this.rowStock);
      this.rowStart = doubled(this.rowStart);
    }
    this.rowKey[row] = -1;
    this.rowStock[row] = stockCode(this.stock);
    this.rowStart[row] = 0;
    return row;
  }

  /** Minus the cost: P(win) does not decide (see the module comment). */
  override score(value: Float64Array): number {
    return -value[1];
  }

  /** Hints show minus the rounds still to play, a lost game counting 10 more. */
  override readonly scoreKind = 'value';
  override readonly scoreUnit = 'minus-rounds-left';
  override reportedScore(value: Float64Array): number {
    return -value[1] / ROUND_COST;
  }

  private add(h: number, v: number): void {
    this.counts[h * 4 + v - 1]++;
    this.sums[h] += v;
  }

  private remove(h: number, v: number): void {
    this.counts[h * 4 + v - 1]--;
    this.sums[h] -= v;
  }

  /** The next (unseen) card goes into hand h: every value the stock holds, weighted by its count. */
  private drawInto(h: number): void {
    let size = 0;
    for (let v = 0; v < 4; v++) size += this.stock[v];
    for (let v = 1; v <= 4; v++) {
      const c = this.stock[v - 1];
      if (c === 0) continue;
      this.stock[v - 1]--;
      this.add(h, v);
      this.outcome(c / size);
      this.remove(h, v);
      this.stock[v - 1]++;
    }
  }

  /**
   * How the current hands end the round, if they do: WON, BUST, or the next round's start
   * (points·1024 + safeties); null when the round goes on. The check first, then the bottom of the
   * deck when the change used a card.
   */
  private roundEnd(usedCard: boolean): number | null {
    const verdict = judgeHands(this.sums[0], this.sums[1], this.sums[2], this.options);
    if (verdict === NOTHING && !(usedCard && this.stock[0] + this.stock[1] + this.stock[2] + this.stock[3] === 0))
      return null;
    return roundEndCode(
      verdict,
      this.sums[0] + this.sums[1] + this.sums[2],
      this.position.points,
      this.position.safeties,
      this.options,
    );
  }

  /** Where a card just placed (or drawn into a hand) leads, with probability `p`: a round's end, or the open turn. */
  private outcome(p: number): void {
    const code = this.roundEnd(true);
    if (code === null) this.openTurn(p);
    else if (code === WON || code === BUST) {
      if (code === WON) this.exactWin[this.k] += p;
      this.exactCost[this.k] += p * roundEndCost(code, 0);
    } else {
      const row = this.addRow(p, ROUND_COST);
      this.rowStart[row] = code + 1;
      if (this.distinctRow(row, -1 - code))
        writeRoundStart(code >> 10, code & 1023, this.options, this.rows, row * this.layout.size);
    }
  }
}

export const FOUR_TEN_FEATURES: AfterstateFeatures<FourTenOptions> = {
  game: fourTenGame,
  unsupported: fourTenUnsupported,
  layout: () => FOUR_TEN_LAYOUT,
  expansion: () => new FourTenExpansion(),
  outcomeValue,
};

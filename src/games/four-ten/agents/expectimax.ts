/**
 * `expectimax`: expectimax over the stock's known composition for the rest of this turn and
 * the next `depth` draws, with the solved prospects (prospects.ts) as the leaf value.
 *
 * Decision nodes are the player's placements, replacements and exchanges (a turn's exchanges
 * reach any configuration of the current one's component that neither faults nor scores, or
 * score from one); chance nodes draw from the stock's value counts, which shrink along the
 * path, never from its order. A value is the round's expected points (Hand = handTarget pays
 * handTarget, the bottom of the deck pays Hand + Home + Shadow, both capped at the points
 * still needed to win) minus a fault's cost × the fault probability: handTarget (a round's
 * worth) while a safety is left, ten times that without one (the fault is then paid in points
 * or busts). The leaf, after the last searched draw, is the prospects table: the same value
 * solved for a deck of independent uniform cards, so the search corrects the table where the
 * real composition differs.
 *
 * Cost: with the default depth 1, about 0.05–0.1 ms per move on one core (a few hundred leaf
 * lookups), plus about 0.1 s per prospects table the first time a cap or fault cost is met
 * (a few dozen per process). Depth 2 costs about ten times more and measured no better.
 *
 * `score(env)` gives every legal action's value, best first (kind 'value', unit
 * 'points-less-fault-cost': the round's expected points less the fault's cost times its chance,
 * as this search expects its own play to bring them; not the round's points a hint's sentence
 * gives, which are the exact solver's play of the rest of the round); ties go to ending the turn,
 * then to the lower id. Deterministic: `reset(seed)` changes nothing, there is nothing random to seed.
 */
import type { Env } from '../../../env/env.js';
import { TengymError } from '../../../env/errors.js';
import { checkPlaying, type ActionScores, type ScoreUnit, type ScoredAction } from '../../../agents/agent.js';
import {
  FAULTS,
  MS_COUNTS,
  MS_SIZE,
  NOTHING,
  SCORES,
  addCard,
  afterExchange,
  configCards,
  configHand,
  removeCard,
  STOCK_CODES,
  stockCode,
} from '../hands.js';
import {
  END_TURN,
  FIRST_EXCHANGE,
  FOUR_TEN_DECK_SIZE,
  FourTenBaseline,
  bestFirst,
  surelyScores,
  cardsDrawn,
  exchangeReach,
  legalList,
  readPosition,
  replaceParts,
  type Position,
} from './common.js';
import type { Staged } from '../../../agents/staged.js';
import { capFor, cappedPoints, prospects, prospectsStaged, type ProspectValues, type Prospects } from './prospects.js';

export interface ExpectimaxSettings {
  /** Draws after this turn's searched exactly (0: this turn only). */
  depth: number;
  /** Points a fault is worth losing while a safety is left (a safety's price). */
  faultCost: number;
  /** Same with no safety left: the fault is paid in points, or busts the game. */
  lastFaultCost: number;
  /** False: the bottom of the deck is worth nothing (to measure what playing for it brings). */
  bottom: boolean;
}

/**
 * What `expectimax`'s values measure: the round's expected points less the fault's cost times its
 * chance, as the search expects its own play to bring them (not the round's points a hint's sentence
 * gives, the exact solver's play); a hundredth of a point is below what hints show, and ties there.
 */
export const POINTS_LESS_FAULT_COST: ScoreUnit = {
  name: 'points-less-fault-cost',
  label: "points net of fault cost, by the source's own play",
  near: 0.01,
};
/**
 * Defaults: one draw searched; a fault costs a round's worth of points (handTarget), ten rounds' worth with no safety
 * left.
 */
export function expectimaxDefaults(handTarget: number): ExpectimaxSettings {
  return { depth: 1, faultCost: handTarget, lastFaultCost: 10 * handTarget, bottom: true };
}

/** `drawInto`'s hand for a card seen before it is placed (drawVisible). */
const SEEN = -1;

export class ExpectimaxAgent extends FourTenBaseline {
  readonly name: string = 'expectimax';
  protected readonly settings: ExpectimaxSettings;
  private table!: Prospects;
  private readonly memo = new Map<number, number>();
  /** Leaf evaluations of the last decision (for cost measurements). */
  nodes = 0;

  /** `options`: the env's (defaults are filled in). */
  constructor(options: object = {}, settings: Partial<ExpectimaxSettings> = {}) {
    super(options);
    this.settings = { ...expectimaxDefaults(this.rules.handTarget), ...settings };
    if (!Number.isInteger(this.settings.depth) || this.settings.depth < 0 || this.settings.depth > 3) {
      throw new TengymError('bad-argument', `expectimax: depth ${this.settings.depth} is not supported (0, 1, 2 or 3)`);
    }
  }

  /** The prospects `score` reads in this position: built in slices where a hint with a time budget asks for them. */
  tablesFor(env: Env): Staged<Prospects> {
    checkPlaying(env, this.name);
    return prospectsStaged(this.rules, this.valuesFor(readPosition(env)));
  }

  score(env: Env): ActionScores {
    checkPlaying(env, this.name);
    const p = readPosition(env);
    this.table = prospects(this.rules, this.valuesFor(p));
    this.memo.clear();
    this.nodes = 0;
    const actions = legalList(env).map((action): ScoredAction => ({ action, score: this.actionValue(p, action) }));
    return {
      kind: 'value',
      unit: POINTS_LESS_FAULT_COST,
      actions: bestFirst(actions, (a) => surelyScores(this.rules, p, a)),
    };
  }

  /** The round values for this position: points capped at those still needed. */
  protected valuesFor(p: Position): ProspectValues {
    const need = this.gameTarget - p.points;
    const faultCost = p.safeties > 0 ? this.settings.faultCost : this.settings.lastFaultCost;
    return cappedPoints(capFor(this.rules, need), faultCost, this.settings.bottom);
  }

  private actionValue(p: Position, action: number): number {
    const n = cardsDrawn(p);
    const d = this.settings.depth;
    if (p.phase === 'place') {
      if (p.drawn > 0) return this.afterCard(addCard(p.config, action, p.drawn), n, p.stock, d);
      return this.drawInto(p.config, action, 0, n, p.stock, d);
    }
    if (p.phase === 'replace') {
      const [h, v] = replaceParts(action);
      return this.drawInto(p.config, h, v, n, p.stock, d);
    }
    if (action === END_TURN) return this.turnStart(p.config, n, p.stock, d);
    return this.exchangeValue(p, afterExchange(p.config, action - FIRST_EXCHANGE), n, d);
  }

  /**
   * An exchange of this turn to c: its check, then the best of what the turn can still reach without a seen
   * configuration.
   */
  private exchangeValue(p: Position, c: number, n: number, d: number): number {
    const verdict = this.table.graph.verdict[c];
    if (verdict !== NOTHING) return this.terminal(c, verdict);
    const reach = exchangeReach(this.table.graph.verdict, c, p.seen);
    let best = reach.scores ? this.table.gain(this.rules.handTarget) : -Infinity;
    for (const x of reach.configs) best = Math.max(best, this.turnStart(x, n, p.stock, d));
    return best;
  }

  private terminal(c: number, verdict: number): number {
    return verdict === SCORES
      ? this.table.gain(this.rules.handTarget)
      : verdict === FAULTS
        ? this.table.values.fault
        : this.table.bottom(c);
  }

  /**
   * A card of the stock, n cards drawn before it: into hand h (after removing a `out` from it when out > 0), or with h
   * `SEEN` seen first, then placed in the best hand.
   */
  private drawInto(c: number, h: number, out: number, n: number, stock: number[], d: number): number {
    const base = out > 0 ? removeCard(c, h, out) : c;
    let size = 0;
    let sum = 0;
    for (let w = 1; w <= 4; w++) {
      const k = stock[w - 1];
      if (k === 0) continue;
      size += k;
      stock[w - 1]--;
      const value =
        h === SEEN ? this.bestPlacement(c, w, n + 1, stock, d) : this.afterCard(addCard(base, h, w), n + 1, stock, d);
      sum += k * value;
      stock[w - 1]++;
    }
    return sum / size;
  }

  /** Configuration c right after a card, n cards drawn: check, bottom, or the turn's exchanges. */
  private afterCard(c: number, n: number, stock: number[], d: number): number {
    const verdict = this.table.graph.verdict[c];
    if (verdict !== NOTHING) return this.terminal(c, verdict);
    if (n === FOUR_TEN_DECK_SIZE) return this.terminal(c, NOTHING);
    if (d === 0) {
      this.nodes++;
      return this.table.exchangePhase(c, n);
    }
    const g = this.table.graph;
    const k = g.component[c];
    let best = g.scores[k] ? this.table.gain(this.rules.handTarget) : -Infinity;
    for (const m of g.members[k]) best = Math.max(best, this.turnStart(m, n, stock, d));
    return best;
  }

  /** Ending the turn at c (non-terminal), n cards drawn: the next turn, searched `d` draws deep. */
  private turnStart(c: number, n: number, stock: number[], d: number): number {
    if (d === 0) {
      this.nodes++;
      return this.table.turnStart(c, n);
    }
    const key = (c * STOCK_CODES + stockCode(stock)) * 4 + d;
    const cached = this.memo.get(key);
    if (cached !== undefined) return cached;
    let best = -Infinity;
    if (configCards(c) === 12) {
      for (let h = 0; h < 3; h++) {
        const m = configHand(c, h);
        for (let v = 1; v <= 4; v++)
          if (MS_COUNTS[m * 4 + v - 1] > 0) best = Math.max(best, this.drawInto(c, h, v, n, stock, d - 1));
      }
    } else if (this.rules.drawVisible) {
      best = this.drawInto(c, SEEN, 0, n, stock, d - 1);
    } else {
      for (let h = 0; h < 3; h++)
        if (MS_SIZE[configHand(c, h)] < 4) best = Math.max(best, this.drawInto(c, h, 0, n, stock, d - 1));
    }
    this.memo.set(key, best);
    return best;
  }

  /** A seen card of value w placed in the best hand of c, n cards drawn with it. */
  private bestPlacement(c: number, w: number, n: number, stock: number[], d: number): number {
    let best = -Infinity;
    for (let h = 0; h < 3; h++)
      if (MS_SIZE[configHand(c, h)] < 4) best = Math.max(best, this.afterCard(addCard(c, h, w), n, stock, d));
    return best;
  }
}

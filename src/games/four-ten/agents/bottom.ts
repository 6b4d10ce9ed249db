/**
 * `bottom`: the safe greedy that also plays for the bottom of the deck.
 *
 * Safety first, exactly as `greedy`: only the moves with the least fault probability (over the
 * stock's composition, this move only) are considered, so it never faults when a safe move
 * exists. Among those it takes the move with the best prospects (prospects.ts: the round's
 * expected points, solved, with the bottom of the deck paying Hand + Home + Shadow) instead of a
 * fixed preference, so taking 10 now is weighed against playing on: with Hand 9, Home 10 and a
 * Shadow of three small cards, replacing Shadow's largest card can never fault or score, and
 * the round is certain to reach a bottom worth more than 10. Points are capped at those still
 * needed to win (at 40 points a 10 is as good as a 28-point bottom, and sooner).
 *
 * One step, no search: a move's value is its verdict, or the prospects after it (over the
 * stock's composition for the card it draws); an exchange's value is the best the turn can still
 * reach after it. Its scores (kind 'heuristic') are that value minus 100,000 × fault probability.
 */
import type { Env } from '../../../env/env.js';
import { checkPlaying, type ActionScores, type ScoredAction } from '../../../agents/agent.js';
import { FAULTS, NOTHING, addCard, afterExchange, removeCard } from '../hands.js';
import {
  END_TURN,
  FIRST_EXCHANGE,
  FourTenBaseline,
  cardsDrawn,
  exchangeReach,
  legalList,
  readPosition,
  replaceParts,
  bestFirst,
  surelyScores,
  type Position,
} from './common.js';
import type { Staged } from '../../../agents/staged.js';
import { capFor, cappedPoints, prospects, prospectsStaged, type ProspectValues, type Prospects } from './prospects.js';

/**
 * Larger than any spread of values (points ≤ 48, a fault ≥ −10 × handTarget) over the smallest fault probability step
 * (1/32).
 */
const SAFETY_FIRST = 100_000;

/** A move's fault probability and expected value. */
interface Judged {
  fault: number;
  value: number;
}

export class BottomAgent extends FourTenBaseline {
  readonly name: string = 'bottom';
  /**
   * False: the bottom pays nothing, which leaves the safe greedy with the prospects as its tie-break (for
   * measurements).
   */
  private readonly playsBottom: boolean;
  protected table!: Prospects;

  /** `options`: the env's (defaults are filled in). */
  constructor(options: object = {}, playsBottom = true) {
    super(options);
    this.playsBottom = playsBottom;
  }

  score(env: Env): ActionScores {
    checkPlaying(env, this.name);
    return this.scorePosition(readPosition(env), legalList(env));
  }

  /** The prospects `score` reads in this position: built in slices where a hint with a time budget asks for them. */
  tablesFor(env: Env): Staged<Prospects> {
    checkPlaying(env, this.name);
    return prospectsStaged(this.rules, this.valuesAt(readPosition(env)));
  }

  /** A fault costs a round's worth of points; safety first makes the exact price matter little. */
  private valuesAt(p: Position): ProspectValues {
    return cappedPoints(capFor(this.rules, this.gameTarget - p.points), this.rules.handTarget, this.playsBottom);
  }

  /** `score` for a position and its legal ids, without an env (`bottom-direct` plays turns ahead with it). */
  protected scorePosition(p: Position, legal: readonly number[]): ActionScores {
    this.table = prospects(this.rules, this.valuesAt(p));
    const actions = legal.map((action): ScoredAction => {
      const j = this.judgeAction(p, action);
      return { action, score: j.value - SAFETY_FIRST * j.fault };
    });
    return { kind: 'heuristic', actions: bestFirst(actions, (a) => surelyScores(this.rules, p, a)) };
  }

  private judgeAction(p: Position, action: number): Judged {
    const n = cardsDrawn(p);
    if (p.phase === 'place') {
      if (p.drawn > 0) return this.certain(addCard(p.config, action, p.drawn), n);
      return this.drawn(p, p.config, action, n);
    }
    if (p.phase === 'replace') {
      const [h, v] = replaceParts(action);
      return this.drawn(p, removeCard(p.config, h, v), h, n);
    }
    if (action === END_TURN) return { fault: 0, value: this.table.turnStart(p.config, n) };
    const c = afterExchange(p.config, action - FIRST_EXCHANGE);
    if (this.table.graph.verdict[c] !== NOTHING) return this.certain(c, n);
    const reach = exchangeReach(this.table.graph.verdict, c, p.seen);
    let value = reach.scores ? this.table.gain(this.rules.handTarget) : -Infinity;
    for (const x of reach.configs) value = Math.max(value, this.table.turnStart(x, n));
    return { fault: 0, value };
  }

  /** A configuration reached without a draw (a seen card placed, or an exchange), n cards drawn. */
  private certain(c: number, n: number): Judged {
    const v = this.table.graph.verdict[c];
    return { fault: v === FAULTS ? 1 : 0, value: this.table.afterCard(c, n) };
  }

  /** A card from the stock into hand h of `base`, n cards drawn before it. */
  private drawn(p: Position, base: number, h: number, n: number): Judged {
    let fault = 0;
    let value = 0;
    for (let w = 1; w <= 4; w++) {
      const k = p.stock[w - 1];
      if (k === 0) continue;
      const c = addCard(base, h, w);
      if (this.table.graph.verdict[c] === FAULTS) fault += k;
      value += k * this.table.afterCard(c, n + 1);
    }
    return { fault: fault / p.stockSize, value: value / p.stockSize };
  }
}

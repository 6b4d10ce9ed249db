/**
 * The prospects of a configuration: the expected points the rest of a round brings, solved
 * exactly for a simplified deck in which every card is 1, 2, 3 or 4 with chance ¼ (as if the
 * stock were reshuffled with replacement). It is the leaf value of `expectimax` and the
 * judge of `bottom`: it knows that the bottom of the deck pays Hand + Home + Shadow, and which
 * configurations can be carried there safely.
 *
 * Round values are the caller's (`ProspectValues`): what ending the round with g points is worth
 * (Hand = handTarget pays handTarget, the bottom pays Hand + Home + Shadow; the agents cap points
 * at those still needed to win) and what a fault costs (the price of a safety). The turn
 * structure is the engine's: a draw (seen before the choice with
 * `drawVisible`, after it without), or a replacement once the twelve slots are full, then any
 * path of exchanges through configurations that neither fault nor score, ending in one that
 * scores or in the turn's end.
 *
 * Solved by backward induction over the cards drawn (0–31), once per rule set and values
 * (about 0.1 s, 0.4 s the first time for a rule set; cached, under 1 MB each). Exchanges keep each hand's size and the
 * cards in play, so the configurations one turn's exchanges can reach are the connected components of the "one
 * exchange, no fault, no score" graph, computed once.
 */
import {
  FAULTS,
  FOUR_TEN_DECK_SIZE,
  MS_COUNTS,
  MS_SIZE,
  NOTHING,
  NUM_CONFIGS,
  SCORES,
  addCard,
  afterExchange,
  configCards,
  configHand,
  configTotal,
  removeCard,
} from '../hands.js';
import { Staged } from '../../../agents/staged.js';
import { verdictsStaged, type FourTenRules } from './common.js';

const SLOTS = 12;
/** About how many configurations a slice of the solve values (a millisecond or so in Node). */
const SLICE = 2048;

export interface ProspectValues {
  /** worth[g]: value of ending the round with g points gained (g = 0..48: Hand = handTarget or the bottom). */
  worth: readonly number[];
  /** Value of a fault (negative). */
  fault: number;
  /** False: the bottom of the deck pays nothing (to measure what playing for it is worth). */
  bottom?: boolean;
}

/** Points worth their number up to `cap` (the points still needed to win), a fault worth −faultCost. */
export function cappedPoints(cap: number, faultCost: number, bottom = true): ProspectValues {
  return { worth: Array.from({ length: 49 }, (_, g) => Math.min(g, cap)), fault: -faultCost, bottom };
}

/** The cap for `need` points still to win: none (Infinity) when no round can bring that many. */
export function capFor(rules: FourTenRules, need: number): number {
  return need >= 3 * Math.min(rules.handTarget, 16) ? Infinity : need;
}

/** The exchange graph of one rule set: components of the configurations that neither fault nor score. */
export class ExchangeGraph {
  /** Component of each non-terminal configuration, −1 for the others. */
  readonly component: Int32Array;
  /** 1 when some member of the component reaches a scoring configuration with one exchange. */
  readonly scores: Uint8Array;
  readonly members: Int32Array[];
  readonly verdict: Uint8Array;
  /**
   * Value-table index of each non-terminal configuration (−1 for the others): those with fewer
   * than 12 cards are numbered 0..partialSize-1, the full ones 0..fullSize-1.
   */
  readonly dense: Int32Array;
  readonly partialSize: number;
  readonly fullSize: number;
  /** The same numbering for components: full ones 0..fullComponents-1, the others 0..partialComponents-1. */
  readonly componentIndex: Int32Array;
  readonly partialComponents: number;
  readonly fullComponents: number;

  /** The graph `buildGraph` computed, field by field. */
  constructor(parts: ExchangeGraph) {
    this.component = parts.component;
    this.scores = parts.scores;
    this.members = parts.members;
    this.verdict = parts.verdict;
    this.dense = parts.dense;
    this.partialSize = parts.partialSize;
    this.fullSize = parts.fullSize;
    this.componentIndex = parts.componentIndex;
    this.partialComponents = parts.partialComponents;
    this.fullComponents = parts.fullComponents;
  }
}

/** Builds the exchange graph of a rule set, a slice at a time (`Staged`). */
function* buildGraph(rules: FourTenRules): Generator<void, ExchangeGraph> {
  const verdict = yield* verdictsStaged(rules).steps();
  const parent = new Int32Array(NUM_CONFIGS).fill(-1);
  const find = (x: number): number => {
    while (parent[x] !== x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  };
  for (let c = 0; c < NUM_CONFIGS; c++) if (verdict[c] === NOTHING) parent[c] = c;
  const reachesScore = new Uint8Array(NUM_CONFIGS);
  for (let c = 0; c < NUM_CONFIGS; c++) {
    if ((c & 4095) === 4095) yield;
    if (parent[c] < 0) continue;
    for (let e = 0; e < 32; e++) {
      const d = afterExchange(c, e);
      if (d < 0) continue;
      const v = verdict[d];
      if (v === SCORES) reachesScore[c] = 1;
      else if (v === NOTHING) {
        const ra = find(c);
        const rb = find(d);
        if (ra !== rb) parent[ra] = rb;
      }
    }
  }
  const component = new Int32Array(NUM_CONFIGS).fill(-1);
  const lists: number[][] = [];
  const ids = new Int32Array(NUM_CONFIGS).fill(-1);
  for (let c = 0; c < NUM_CONFIGS; c++) {
    if ((c & 4095) === 4095) yield;
    if (parent[c] < 0) continue;
    const r = find(c);
    if (ids[r] < 0) {
      ids[r] = lists.length;
      lists.push([]);
    }
    component[c] = ids[r];
    lists[ids[r]].push(c);
  }
  const members: Int32Array[] = [];
  const dense = new Int32Array(NUM_CONFIGS).fill(-1);
  let partialSize = 0;
  let fullSize = 0;
  const componentIndex = new Int32Array(lists.length);
  let partialComponents = 0;
  let fullComponents = 0;
  const scores = new Uint8Array(lists.length);
  for (let k = 0; k < lists.length; k++) {
    const l = lists[k];
    members.push(Int32Array.from(l));
    for (const c of l) dense[c] = configCards(c) === SLOTS ? fullSize++ : partialSize++;
    componentIndex[k] = configCards(l[0]) === SLOTS ? fullComponents++ : partialComponents++;
    scores[k] = l.some((c) => reachesScore[c] === 1) ? 1 : 0;
    if ((k & 127) === 127) yield;
  }
  return new ExchangeGraph({
    component,
    scores,
    members,
    verdict,
    dense,
    partialSize,
    fullSize,
    componentIndex,
    partialComponents,
    fullComponents,
  });
}

const graphCache = new Map<string, Staged<ExchangeGraph>>();
function exchangeGraphStaged(rules: FourTenRules): Staged<ExchangeGraph> {
  const id = `${rules.handTarget}/${rules.check}`;
  let g = graphCache.get(id);
  if (!g) graphCache.set(id, (g = new Staged(buildGraph(rules))));
  return g;
}

/** The solved prospects of one rule set and one set of values. */
export class Prospects {
  readonly rules: FourTenRules;
  readonly values: ProspectValues;
  readonly graph: ExchangeGraph;
  /**
   * Turn start at a non-terminal configuration (by graph.dense) with fewer than 12 cards (then the cards drawn = the
   * cards in hands).
   */
  private readonly startPartial: Float32Array;
  /** Turn start with full hands, by cards drawn n = 12..31: startFull[n - 12][dense]. */
  private readonly startFull: Float32Array[] = [];
  /** Best turn-start value over each component (the exchange phase), partial hands. */
  private readonly bestPartial: Float32Array;
  /** Same for full hands, by cards drawn. */
  private readonly bestFull: Float32Array[] = [];

  /** Unsolved: `solve()` fills the tables (`prospectsStaged` does both). */
  private constructor(rules: FourTenRules, values: ProspectValues, graph: ExchangeGraph) {
    this.rules = rules;
    this.values = values;
    this.graph = graph;
    this.startPartial = new Float32Array(this.graph.partialSize);
    this.bestPartial = new Float32Array(this.graph.partialComponents);
    for (let n = SLOTS; n < FOUR_TEN_DECK_SIZE; n++) {
      this.startFull.push(new Float32Array(this.graph.fullSize));
      this.bestFull.push(new Float32Array(this.graph.fullComponents));
    }
  }

  /** The solved prospects, built a slice at a time. */
  static *build(rules: FourTenRules, values: ProspectValues): Generator<void, Prospects> {
    const p = new Prospects(rules, values, yield* exchangeGraphStaged(rules).steps());
    yield* p.solve();
    return p;
  }

  /** Value of a round that ends with `points` gained. */
  gain(points: number): number {
    return this.values.worth[points];
  }

  /** Value of reaching the bottom of the deck at c. */
  bottom(c: number): number {
    return this.values.bottom === false ? 0 : this.gain(configTotal(c));
  }

  /**
   * Value of configuration c right after a card was placed or replaced, `drawn` cards into the
   * round: the check, the bottom of the deck, or the best the turn's exchanges reach.
   */
  afterCard(c: number, drawn: number): number {
    const v = this.graph.verdict[c];
    if (v === SCORES) return this.gain(this.rules.handTarget);
    if (v === FAULTS) return this.values.fault;
    if (drawn === FOUR_TEN_DECK_SIZE) return this.bottom(c);
    return this.exchangePhase(c, drawn);
  }

  /** Value of the exchange phase at c (non-terminal), the whole component reachable. */
  exchangePhase(c: number, drawn: number): number {
    const k = this.graph.componentIndex[this.graph.component[c]];
    return configCards(c) === SLOTS ? this.bestFull[drawn - SLOTS][k] : this.bestPartial[k];
  }

  /** Value of ending the turn at c (non-terminal) with `drawn` cards drawn: the next turn's start. */
  turnStart(c: number, drawn: number): number {
    const i = this.graph.dense[c];
    return configCards(c) === SLOTS ? this.startFull[drawn - SLOTS][i] : this.startPartial[i];
  }

  private *solve(): Generator<void> {
    const g = this.graph;
    // Configurations valued since the last slice ended.
    let done = 0;
    // Full hands: replacements, from the 31st card drawn back to the 12th.
    for (let n = FOUR_TEN_DECK_SIZE - 1; n >= SLOTS; n--) {
      const table = this.startFull[n - SLOTS];
      for (const members of g.members) {
        if (configCards(members[0]) !== SLOTS) continue;
        for (const c of members) table[g.dense[c]] = this.replaceValue(c, n);
        if ((done += members.length) >= SLICE) {
          done = 0;
          yield;
        }
      }
      this.fillBest(this.bestFull[n - SLOTS], table, SLOTS);
    }
    // Partial hands: placements, from 11 cards in the hands back to none.
    for (let k = SLOTS - 1; k >= 0; k--) {
      for (const members of g.members) {
        if (configCards(members[0]) !== k) continue;
        for (const c of members) this.startPartial[g.dense[c]] = this.placeValue(c, k);
        if ((done += members.length) >= SLICE) {
          done = 0;
          yield;
        }
      }
      this.fillBest(this.bestPartial, this.startPartial, k);
      yield;
    }
  }

  /** The best turn-start value of each component of configurations holding `cards` cards (by componentIndex). */
  private fillBest(best: Float32Array, start: Float32Array, cards: number): void {
    const g = this.graph;
    g.members.forEach((members, k) => {
      if (configCards(members[0]) !== cards) return;
      let b = g.scores[k] ? this.gain(this.rules.handTarget) : -Infinity;
      for (const c of members) b = Math.max(b, start[g.dense[c]]);
      best[g.componentIndex[k]] = b;
    });
  }

  /** Best replacement at full hands, n cards drawn. */
  private replaceValue(c: number, n: number): number {
    let best = -Infinity;
    for (let h = 0; h < 3; h++) {
      const m = configHand(c, h);
      for (let v = 1; v <= 4; v++) {
        if (MS_COUNTS[m * 4 + v - 1] === 0) continue;
        const base = removeCard(c, h, v);
        let sum = 0;
        for (let w = 1; w <= 4; w++) sum += this.afterCard(addCard(base, h, w), n + 1);
        best = Math.max(best, sum / 4);
      }
    }
    return best;
  }

  /** Best placement with k cards in the hands (k cards drawn). */
  private placeValue(c: number, k: number): number {
    if (this.rules.drawVisible) {
      let sum = 0;
      for (let w = 1; w <= 4; w++) {
        let best = -Infinity;
        for (let h = 0; h < 3; h++)
          if (MS_SIZE[configHand(c, h)] < 4) best = Math.max(best, this.afterCard(addCard(c, h, w), k + 1));
        sum += best;
      }
      return sum / 4;
    }
    let best = -Infinity;
    for (let h = 0; h < 3; h++) {
      if (MS_SIZE[configHand(c, h)] === 4) continue;
      let sum = 0;
      for (let w = 1; w <= 4; w++) sum += this.afterCard(addCard(c, h, w), k + 1);
      best = Math.max(best, sum / 4);
    }
    return best;
  }
}

const prospectCache = new Map<string, Staged<Prospects>>();
/** The prospects for these rules and values, solved once per process, in slices where a caller asks for them. */
export function prospectsStaged(rules: FourTenRules, values: ProspectValues): Staged<Prospects> {
  const id =
    `${rules.handTarget}/${rules.check}/${rules.drawVisible}/` +
    `${values.fault}/${values.bottom !== false}/${values.worth.join(',')}`;
  let p = prospectCache.get(id);
  if (!p) prospectCache.set(id, (p = new Staged(Prospects.build(rules, values))));
  return p;
}

/** The solved prospects for these rules and values (computed once per process). */
export const prospects = (rules: FourTenRules, values: ProspectValues): Prospects =>
  prospectsStaged(rules, values).get();

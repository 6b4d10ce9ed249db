/**
 * What every Four Ten agent shares: a compact model of a configuration (the three hands' value
 * multisets), the round's check, and a fair reading of the env.
 *
 * A hand's multiset (0–4 cards of values 1–4) is one of 70 indices; a configuration is
 * `hand * 4900 + home * 70 + shadow` (343,000 indices). Tables of sums, sizes and add/remove
 * moves make every step of a search a few array reads.
 *
 * Fairness: `readPosition` reads the hands, the drawn card, the stock's value counts, the
 * stock's size and this turn's seen configurations; never the stock's order (`deck`).
 */
import type { Env } from '../../env/env.js';
import { END_TURN, FIRST_EXCHANGE, FIRST_REPLACE, FOUR_TEN_DECK_SIZE, type FourTenState } from '../../env/games/four-ten.js';

// ---------------------------------------------------------------- multisets

/** Multisets of at most 4 cards of values 1..4. */
export const MULTISETS = 70;
/** Configurations: three multisets. */
export const CONFIGS = MULTISETS * MULTISETS * MULTISETS;
const M2 = MULTISETS * MULTISETS;

/** MS_COUNT[m*4 + v-1]: cards of value v in multiset m. */
export const MS_COUNT = new Uint8Array(MULTISETS * 4);
export const MS_SUM = new Uint8Array(MULTISETS);
export const MS_SIZE = new Uint8Array(MULTISETS);
/** MS_ADD[m*4 + v-1]: m with a v added, −1 when m holds 4 cards. */
export const MS_ADD = new Int16Array(MULTISETS * 4);
/** MS_REMOVE[m*4 + v-1]: m without one v, −1 when m holds none. */
export const MS_REMOVE = new Int16Array(MULTISETS * 4);
/** Base-5 counts key (c1 + 5c2 + 25c3 + 125c4) → multiset index. */
const MS_BY_COUNTS = new Int16Array(625).fill(-1);

{
  let m = 0;
  // Ordered by size, so the full multisets (4 cards) are 35..69.
  for (let size = 0; size <= 4; size++) {
    for (let c4 = 0; c4 <= size; c4++) {
      for (let c3 = 0; c3 + c4 <= size; c3++) {
        for (let c2 = 0; c2 + c3 + c4 <= size; c2++) {
          const c1 = size - c2 - c3 - c4;
          MS_COUNT.set([c1, c2, c3, c4], m * 4);
          MS_SUM[m] = c1 + 2 * c2 + 3 * c3 + 4 * c4;
          MS_SIZE[m] = size;
          MS_BY_COUNTS[c1 + 5 * c2 + 25 * c3 + 125 * c4] = m;
          m++;
        }
      }
    }
  }
  for (let i = 0; i < MULTISETS; i++) {
    for (let v = 0; v < 4; v++) {
      const c = Array.from(MS_COUNT.subarray(i * 4, i * 4 + 4));
      const key = c[0] + 5 * c[1] + 25 * c[2] + 125 * c[3];
      const unit = 5 ** v;
      MS_ADD[i * 4 + v] = MS_SIZE[i] < 4 ? MS_BY_COUNTS[key + unit] : -1;
      MS_REMOVE[i * 4 + v] = c[v] > 0 ? MS_BY_COUNTS[key - unit] : -1;
    }
  }
}

/** The multiset with these counts of 1, 2, 3, 4. */
export function multisetOf(c1: number, c2: number, c3: number, c4: number): number {
  return MS_BY_COUNTS[c1 + 5 * c2 + 25 * c3 + 125 * c4];
}

export function configOf(hand: number, home: number, shadow: number): number {
  return hand * M2 + home * MULTISETS + shadow;
}
export function handOf(c: number): number {
  return (c / M2) | 0;
}
export function homeOf(c: number): number {
  return ((c / MULTISETS) | 0) % MULTISETS;
}
export function shadowOf(c: number): number {
  return c % MULTISETS;
}
/** Multiset of hand h (0 Hand, 1 Home, 2 Shadow) of configuration c. */
export function partOf(c: number, h: number): number {
  return h === 0 ? handOf(c) : h === 1 ? homeOf(c) : shadowOf(c);
}
function withPart(c: number, h: number, m: number): number {
  return h === 0 ? configOf(m, homeOf(c), shadowOf(c)) : h === 1 ? configOf(handOf(c), m, shadowOf(c)) : configOf(handOf(c), homeOf(c), m);
}

export function handsTotal(c: number): number {
  return MS_SUM[handOf(c)] + MS_SUM[homeOf(c)] + MS_SUM[shadowOf(c)];
}
export function cardsIn(c: number): number {
  return MS_SIZE[handOf(c)] + MS_SIZE[homeOf(c)] + MS_SIZE[shadowOf(c)];
}
export function isFull(c: number): boolean {
  return cardsIn(c) === 12;
}

/** c with a card of value v added to hand h; −1 when h is full. */
export function addTo(c: number, h: number, v: number): number {
  const m = MS_ADD[partOf(c, h) * 4 + v - 1];
  return m < 0 ? -1 : withPart(c, h, m);
}
/** c with a card of value v removed from hand h; −1 when h holds none. */
export function removeFrom(c: number, h: number, v: number): number {
  const m = MS_REMOVE[partOf(c, h) * 4 + v - 1];
  return m < 0 ? -1 : withPart(c, h, m);
}
/** c after exchange e (0..31: side = e>>4 (Home, Shadow), Hand gives a = (e>>2&3)+1, takes b = (e&3)+1); −1 when a card is missing. */
export function afterExchange(c: number, e: number): number {
  const side = (e >> 4) + 1;
  const a = ((e >> 2) & 3) + 1;
  const b = (e & 3) + 1;
  const hand = MS_REMOVE[handOf(c) * 4 + a - 1];
  const other = MS_REMOVE[partOf(c, side) * 4 + b - 1];
  if (hand < 0 || other < 0 || a === b) return -1;
  const h2 = MS_ADD[hand * 4 + b - 1];
  const o2 = MS_ADD[other * 4 + a - 1];
  return side === 1 ? configOf(h2, o2, shadowOf(c)) : configOf(h2, homeOf(c), o2);
}

/** The engine's configuration key (counts[h*4 + v-1] as base-5 digits), to compare with its seen list. */
export function engineKey(c: number): number {
  let key = 0;
  for (let h = 0, p = 1; h < 3; h++) {
    const m = partOf(c, h);
    for (let v = 0; v < 4; v++, p *= 5) key += MS_COUNT[m * 4 + v] * p;
  }
  return key;
}

export function describeConfig(c: number): string {
  const cards = (m: number): string => {
    const out: number[] = [];
    for (let v = 1; v <= 4; v++) for (let k = 0; k < MS_COUNT[m * 4 + v - 1]; k++) out.push(v);
    return out.join(' ') || '-';
  };
  return `Hand ${cards(handOf(c))} | Home ${cards(homeOf(c))} | Shadow ${cards(shadowOf(c))}`;
}

// ---------------------------------------------------------------- rules

export interface FourTenRules {
  target: number;
  pointsFirst: boolean;
  drawVisible: boolean;
}

export function rulesOf(options: Record<string, unknown>): FourTenRules {
  return {
    target: (options.handTarget as number | undefined) ?? 10,
    pointsFirst: (options.check ?? 'points-first') === 'points-first',
    drawVisible: (options.drawVisible as boolean | undefined) ?? true,
  };
}

/** Verdicts of the check after a placement, replacement or exchange. */
export const NOTHING = 0;
export const SCORES = 1;
export const FAULTS = 2;

export function judge(rules: FourTenRules, c: number): number {
  const hand = MS_SUM[handOf(c)];
  const home = MS_SUM[homeOf(c)];
  const shadow = MS_SUM[shadowOf(c)];
  const t = rules.target;
  const scores = hand === t;
  const faults = hand > t || home > t || shadow > t || shadow > hand || home < hand;
  if (rules.pointsFirst) return scores ? SCORES : faults ? FAULTS : NOTHING;
  return faults ? FAULTS : scores ? SCORES : NOTHING;
}

/** judge() of every configuration, computed once per rule set. */
const verdictCache = new Map<string, Uint8Array>();
export function verdicts(rules: FourTenRules): Uint8Array {
  const id = `${rules.target}/${rules.pointsFirst}`;
  let table = verdictCache.get(id);
  if (!table) {
    table = new Uint8Array(CONFIGS);
    for (let c = 0; c < CONFIGS; c++) table[c] = judge(rules, c);
    verdictCache.set(id, table);
  }
  return table;
}

/**
 * What this turn's exchanges can still reach from the non-terminal configuration c (c included):
 * paths of single exchanges through configurations that neither fault nor score and were not
 * seen this turn (`seen`: engine keys). `scores` is true when one more exchange from one of them
 * scores.
 */
export function exchangeReach(verdict: Uint8Array, c: number, seen: ReadonlySet<number>): { configs: number[]; scores: boolean } {
  const configs = [c];
  const visited = new Set<number>(configs);
  let scores = false;
  for (let i = 0; i < configs.length; i++) {
    for (let e = 0; e < 32; e++) {
      const y = afterExchange(configs[i], e);
      if (y < 0 || visited.has(y) || seen.has(engineKey(y))) continue;
      if (verdict[y] === SCORES) scores = true;
      else if (verdict[y] === NOTHING) {
        visited.add(y);
        configs.push(y);
      }
    }
  }
  return { configs, scores };
}

// ---------------------------------------------------------------- reading the env

export type Phase = 'place' | 'replace' | 'exchange';

export interface Position {
  phase: Phase;
  config: number;
  /** The visible drawn card (place phase with drawVisible), else 0. */
  drawn: number;
  /** Undrawn cards of value v at [v-1]: the composition, never the order. */
  stock: number[];
  stockSize: number;
  /** This turn's seen configurations as engine keys (exchange phase). */
  seen: Set<number>;
  points: number;
  safeties: number;
}

/** The phase, from the legal list (ids 0–2 place, 3–14 replace, 15–47 exchange or end turn). */
export function phaseOf(env: Env): Phase {
  const first = env.legal[0];
  return first < FIRST_REPLACE ? 'place' : first < FIRST_EXCHANGE ? 'replace' : 'exchange';
}

/** What a fair agent may know of the env's Four Ten state. */
export function readPosition(env: Env): Position {
  const s = env.rawState as FourTenState;
  const m = (h: number): number => multisetOf(s.counts[h * 4], s.counts[h * 4 + 1], s.counts[h * 4 + 2], s.counts[h * 4 + 3]);
  const stock = [s.stockCounts[0], s.stockCounts[1], s.stockCounts[2], s.stockCounts[3]];
  const phase = phaseOf(env);
  const seen = new Set<number>();
  if (phase === 'exchange') for (let i = 0; i < s.seenCount; i++) seen.add(s.seen[i]);
  return {
    phase,
    config: configOf(m(0), m(1), m(2)),
    drawn: s.drawn,
    stock,
    stockSize: stock[0] + stock[1] + stock[2] + stock[3],
    seen,
    points: s.points,
    safeties: s.safeties,
  };
}

/** Cards drawn this round so far (in hands, out of play, or showing). */
export function cardsDrawn(p: Position): number {
  return FOUR_TEN_DECK_SIZE - p.stockSize;
}

// ---------------------------------------------------------------- action ids

export { END_TURN, FIRST_EXCHANGE, FIRST_REPLACE, FOUR_TEN_DECK_SIZE };

/** The hand and value of replacement id a. */
export function replaceParts(a: number): [number, number] {
  const i = a - FIRST_REPLACE;
  return [i >> 2, (i & 3) + 1];
}

/** The legal ids, in increasing order. */
export function legalList(env: Env): number[] {
  return Array.from(env.legal.subarray(0, env.legalCount));
}

/** Does `action` score at once, whatever card comes (a seen card into Hand, or an exchange)? */
export function surelyScores(rules: FourTenRules, p: Position, action: number): boolean {
  if (p.phase === 'place') return p.drawn > 0 && judge(rules, addTo(p.config, action, p.drawn)) === SCORES;
  if (p.phase === 'replace' || action === END_TURN) return false;
  return judge(rules, afterExchange(p.config, action - FIRST_EXCHANGE)) === SCORES;
}

/**
 * Sort helper: best first; ties go to a move that scores now (points in hand beat points to
 * come), then to ending the turn (no wandering between equally good configurations), then to
 * the lower action id (deterministic).
 */
export function bestFirst<T extends { action: number; score: number }>(items: T[], scoresNow: (action: number) => boolean = () => false): T[] {
  const rank = (a: number): number => (scoresNow(a) ? 2 : a === END_TURN ? 1 : 0);
  return items.sort((x, y) => y.score - x.score || rank(y.action) - rank(x.action) || x.action - y.action);
}

/**
 * What every Four Ten baseline shares: the rules it reads, the check of every configuration,
 * what a turn's exchanges can reach, and a fair reading of the env. The hands themselves (value
 * multisets, configuration ids, exchanges, the check) are the engine's four-ten-hands.ts.
 *
 * Fairness: `readPosition` reads the hands, the drawn card, the stock's value counts, the
 * stock's size and this turn's seen configurations; never the stock's order (`deck`).
 */
import type { Env } from '../../../env/env.js';
import { BestScoredAgent } from '../../../agents/agent.js';
import { Staged } from '../../../agents/staged.js';
import { TengymError, formatZodError } from '../../../env/errors.js';
import {
  END_TURN,
  FIRST_EXCHANGE,
  FIRST_REPLACE,
  FOUR_TEN_DECK_SIZE,
  fourTenOf,
  fourTenOptionsSchema,
  type FourTenOptions,
} from '../engine.js';
import {
  NUM_CONFIGS,
  NOTHING,
  SCORES,
  addCard,
  afterExchange,
  configOfKey,
  judgeConfig,
  keyOfConfig,
} from '../hands.js';

// ---------------------------------------------------------------- rules

/** The options a baseline reads (the check's, and whether the drawn card is seen). */
export type FourTenRules = Pick<FourTenOptions, 'handTarget' | 'check' | 'drawVisible'>;

/** Four Ten options with their defaults filled in, from an env's options or a partial object. */
export function fourTenOptionsOf(options: object): FourTenOptions {
  const parsed = fourTenOptionsSchema.safeParse(options);
  if (!parsed.success) throw new TengymError('bad-options', `bad four-ten options: ${formatZodError(parsed.error)}`);
  return parsed.data;
}

export function rulesOf(options: Pick<FourTenOptions, 'handTarget' | 'check' | 'drawVisible'>): FourTenRules {
  return { handTarget: options.handTarget, check: options.check, drawVisible: options.drawVisible };
}

/** A Four Ten baseline: it plays its best-scored move and reads the env's options (defaults filled in) once. */
export abstract class FourTenBaseline extends BestScoredAgent {
  protected readonly rules: FourTenRules;
  /** The points that win the game. */
  protected readonly gameTarget: number;

  /** `options`: the env's (defaults are filled in). */
  constructor(options: object = {}) {
    super();
    const o = fourTenOptionsOf(options);
    this.rules = rulesOf(o);
    this.gameTarget = o.gameTarget;
  }
}

/** The check of every configuration, computed once per rule set (in slices: `Staged`). */
const verdictCache = new Map<string, Staged<Uint8Array>>();
export function verdictsStaged(rules: FourTenRules): Staged<Uint8Array> {
  const id = `${rules.handTarget}/${rules.check}`;
  let table = verdictCache.get(id);
  if (!table) verdictCache.set(id, (table = new Staged(judgeAll(rules))));
  return table;
}

export const verdicts = (rules: FourTenRules): Uint8Array => verdictsStaged(rules).get();

function* judgeAll(rules: FourTenRules): Generator<void, Uint8Array> {
  const table = new Uint8Array(NUM_CONFIGS);
  for (let c = 0; c < NUM_CONFIGS; c++) {
    table[c] = judgeConfig(c, rules);
    if ((c & 8191) === 8191) yield;
  }
  return table;
}

/**
 * What this turn's exchanges can still reach from the non-terminal configuration c (c included):
 * paths of single exchanges through configurations that neither fault nor score and were not
 * seen this turn (`seen`: engine keys). `scores` is true when one more exchange from one of them
 * scores.
 */
export function exchangeReach(
  verdict: Uint8Array,
  c: number,
  seen: ReadonlySet<number>,
): { configs: number[]; scores: boolean } {
  const configs = [c];
  const visited = new Set<number>(configs);
  let scores = false;
  for (let i = 0; i < configs.length; i++) {
    for (let e = 0; e < 32; e++) {
      const y = afterExchange(configs[i], e);
      if (y < 0 || visited.has(y) || seen.has(keyOfConfig(y))) continue;
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
  const four = fourTenOf(env);
  if (!four) throw new TengymError('bad-argument', `the Four Ten baselines play four-ten, not ${env.id}`);
  const s = four.state;
  const stock = [s.stockCounts[0], s.stockCounts[1], s.stockCounts[2], s.stockCounts[3]];
  const phase = phaseOf(env);
  const seen = new Set<number>();
  if (phase === 'exchange') for (let i = 0; i < s.seenCount; i++) seen.add(s.seen[i]);
  return {
    phase,
    config: configOfKey(s.key),
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
  if (p.phase === 'place') return p.drawn > 0 && judgeConfig(addCard(p.config, action, p.drawn), rules) === SCORES;
  if (p.phase === 'replace' || action === END_TURN) return false;
  return judgeConfig(afterExchange(p.config, action - FIRST_EXCHANGE), rules) === SCORES;
}

/**
 * Sort helper: best first; ties go to a move that scores now (points in hand beat points to
 * come), then to ending the turn (no wandering between equally good configurations), then to
 * the lower action id (deterministic).
 */
export function bestFirst<T extends { action: number; score: number }>(
  items: T[],
  scoresNow: (action: number) => boolean = () => false,
): T[] {
  const rank = (a: number): number => (scoresNow(a) ? 2 : a === END_TURN ? 1 : 0);
  return items.sort((x, y) => y.score - x.score || rank(y.action) - rank(x.action) || x.action - y.action);
}

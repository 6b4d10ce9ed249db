/**
 * `lookahead` — expectimax over the next few cards. A player knows which cards are still
 * unseen (the stock's composition), so the next card's value has a known distribution.
 * For every legal action the agent looks `depth` draws ahead: at a draw it averages over
 * the value of the card drawn (each value weighted by how many such cards are unseen);
 * between draws it takes the best of its own legal moves (discards, chains of
 * discards, or drawing when discards are optional). At the horizon a position is
 * worth minus the cards on the table; a finished game is worth +100 when won and
 * −100 − cards left when lost. Ties go to `longest`'s choice.
 *
 * Why it beats longest-run-first: the longest run is not always the best cut; keeping
 * cards that the likely next cards complete into a longer run discards more later.
 * Alternatives measured and dropped: weighting the horizon by the chance that the next
 * card makes a run, or by the line's total, or a table of longest-first win rates by
 * (cards on the line, stock size) — no measurable gain; rollouts with longest-run-first —
 * weaker and dearer.
 *
 * When no card is unseen (the stock is empty or, with 'deck-bottom', its order is
 * remembered — memory.ts) the expectimax to the end is a plain search: it runs the exact
 * solver, capped at `endgameBudget` moves per action; on one straight line it values the line
 * exactly, without search (`LineSolver`), as on `decade-open` from the first move. With optional
 * discards on one straight line (`decade-optional`) it holds: draws while the stock lasts, which
 * never loses anything (hold.ts), then values the full line the same way.
 *
 * Cost is bounded: `depth` draws (3 with forced discards, 1 with optional ones, whose
 * chains of discards branch much more) and at most `maxNodes` positions per decision,
 * past which deeper positions count at their horizon value.
 */
import type { Env } from '../../../env/env.js';
import type { DecadeOptions, DecadeState } from '../engine.js';
import { createRng } from '../../../env/rng.js';
import { checkUnusedSeed, type ActionScores, type Agent } from '../../../agents/agent.js';
import { RulesCache, decadeEnv, longestRank, sortedScores } from './common.js';
import { LineSolver, holdsUntilStockEmpty, lineSolves } from './hold.js';
import { StockMemory } from './memory.js';
import { runLengthOf, runStartOf } from '../engine.js';
import { DECK_SIZE, type Position, SearchLevels, type Rules } from './position.js';
import { Solver } from './solver.js';

export interface LookaheadConfig {
  /** Draws looked ahead. */
  depth: number;
  /** Positions examined per decision before the rest count at their horizon value. */
  maxNodes: number;
  /**
   * Moves per action's search of the exact solver when no card is unseen (not where holding is free: there the line's
   * value is exact).
   */
  endgameBudget: number;
}

const WON = 100;
const LOST = -100;

export function lookaheadConfigFor(o: DecadeOptions): LookaheadConfig {
  if (o.discard === 'optional') return { depth: 1, maxNodes: 20000, endgameBudget: 20000 };
  return { depth: 3, maxNodes: 20000, endgameBudget: 20000 };
}

export class LookaheadAgent implements Agent {
  readonly name: string;
  readonly fair = true;
  private readonly config: LookaheadConfig | null;
  private readonly rulesCache = new RulesCache();
  private rules: Rules | null = null;
  private levels: SearchLevels | null = null;
  /** Unseen cards by value (1..10) and how many, updated along the search path. */
  private readonly unseen = new Int32Array(11);
  private unknownLeft = 0;
  /** Known cards under the unseen ones, in drawing order: queue[queueHead .. queueLen-1]. */
  private readonly queue = new Uint8Array(4 * DECK_SIZE);
  private queueHead = 0;
  private queueLen = 0;
  private readonly memory = new StockMemory();
  /** Unused: with nothing unseen there is nothing to shuffle (memory.fill takes one). */
  private readonly rng = createRng(0);
  private nodes = 0;
  private maxNodes = 0;
  private endgame: Solver | null = null;
  private line: LineSolver | null = null;

  constructor(config: LookaheadConfig | null = null, name = 'lookahead') {
    this.config = config;
    this.name = name;
  }

  /** Forgets the memory and the solver's table: an episode never depends on the ones before. */
  reset(seed?: number): void {
    checkUnusedSeed(seed, this.name);
    this.memory.clear();
    this.endgame?.clear();
  }

  act(env: Env): number {
    this.observe(env);
    return this.choose(env);
  }

  /** Brings the memory of the stock up to env's state ('deck-bottom'; nothing to remember otherwise). */
  observe(env: Env): void {
    const { state, options } = decadeEnv(env, this.name);
    if (options.pickedUp === 'deck-bottom') this.memory.sync(state, this.rulesCache.get(options));
  }

  private choose(env: Env): number {
    if (env.legalCount === 1) return env.legal[0];
    const values = this.values(env);
    let best = 0;
    for (let i = 1; i < env.legalCount; i++) {
      if (
        values[i] > values[best] ||
        (values[i] === values[best] && longestRank(env.legal[i]) > longestRank(env.legal[best]))
      )
        best = i;
    }
    return env.legal[best];
  }

  /**
   * Score ('heuristic', higher first): the expectimax value (about minus the cards on the
   * table `depth` draws ahead); with nothing unseen, minus the solver's value (0 = the
   * table clears); when holding, 0 for the draw and −1 for every discard.
   */
  score(env: Env): ActionScores {
    this.observe(env);
    return sortedScores('heuristic', env.legalActions(), this.values(env));
  }

  private values(env: Env): number[] {
    const { state, options } = decadeEnv(env, this.name);
    const rules = this.rulesCache.get(options);
    if (rules !== this.rules) {
      this.rules = rules;
      this.levels = new SearchLevels(rules.stacks);
      this.endgame = null;
      this.line = null;
    }
    const config = this.config ?? lookaheadConfigFor(options);
    if (holdsUntilStockEmpty(rules) && state.stockLen > 0) return this.holdValues(env);
    if (rules.deckBottom ? this.memory.unknown === 0 : state.stockLen === 0)
      return this.solvedValues(env, state, config);
    this.maxNodes = config.maxNodes;
    this.nodes = 0;
    const root = this.levels!.at(0);
    root.loadTableOnly(state);
    // The stock's values are never read here, only how many cards it holds.
    root.stockLen = state.stockLen;
    this.loadUnseen(state, rules);
    const out: number[] = [];
    for (let i = 0; i < env.legalCount; i++) out.push(this.afterAction(root, env.legal[i], config.depth, 1));
    return out;
  }

  /** Holding (hold.ts): while cards are unseen, drawing scores 0 and every discard −1. */
  private holdValues(env: Env): number[] {
    const out: number[] = [];
    for (let i = 0; i < env.legalCount; i++) out.push(env.legal[i] === 0 ? 0 : -1);
    return out;
  }

  /**
   * No card unseen: the deal is known, and minus the exact solver's value (0 = the table
   * clears) is the expectimax to the end. Without 'deck-bottom' every value stored then holds
   * for any deal (no future card is unknown), so the solver's table is kept from move to move.
   * With it, the searches count the positions the game has held as cycles (memory.ts), and
   * those grow with every move: the table is cleared for each decision.
   */
  private solvedValues(env: Env, state: DecadeState, config: LookaheadConfig): number[] {
    if (lineSolves(this.rules!)) return this.lineValues(env, state);
    const out: number[] = [];
    this.endgame ??= new Solver(this.rules!, 18);
    const root = this.levels!.at(0);
    const held = this.rules!.deckBottom ? this.memory.held : null;
    if (held !== null) {
      this.memory.fill(root, state, this.rng);
      this.endgame.clear();
    } else root.loadTableOnly(state);
    for (let i = 0; i < env.legalCount; i++)
      out.push(-this.endgame.valueAfter(root, env.legal[i], config.endgameBudget, held));
    return out;
  }

  /** `solvedValues` by `LineSolver`: minus each action's exact value, found without search. */
  private lineValues(env: Env, state: DecadeState): number[] {
    this.line ??= new LineSolver(this.rules!);
    const root = this.levels!.at(0);
    root.loadTableOnly(state);
    const out: number[] = [];
    for (let i = 0; i < env.legalCount; i++) out.push(-this.line.valueAfter(root, env.legal[i]));
    return out;
  }

  /**
   * The stock as the agent knows it: `unknownLeft` unseen cards on top (by value in
   * `unseen`), then the known queue (with 'deck-bottom': what the memory holds, and the
   * cards the search discards, which go under the stock in a known order).
   */
  private loadUnseen(state: DecadeState, rules: Rules): void {
    this.queueHead = 0;
    this.queueLen = 0;
    if (rules.deckBottom) {
      this.memory.unseenCounts(state, this.unseen);
      this.unknownLeft = this.memory.unknown;
      for (let i = 0; i < this.memory.knownCount; i++) this.queue[this.queueLen++] = this.memory.knownAt(i);
    } else {
      for (let v = 1; v <= 10; v++) this.unseen[v] = state.stockValues[v];
      this.unknownLeft = state.stockLen;
    }
  }

  /** Value of taking `action` in p (p unchanged); levels ≥ d are scratch. */
  private afterAction(p: Position, action: number, depth: number, d: number): number {
    if (action === 0) return this.chance(p, depth, d);
    const q = this.levels!.at(d);
    q.copyFrom(p);
    const queued = this.queueLen;
    if (this.rules!.deckBottom) this.pickUp(q, action);
    q.apply(this.rules!, action);
    const v = this.decide(q, depth, d + 1);
    this.queueLen = queued;
    return v;
  }

  /** With 'deck-bottom' the run's cards go under the stock (oldest position first, as the engine does). */
  private pickUp(p: Position, action: number): void {
    const start = runStartOf(action);
    const length = runLengthOf(action);
    const base = p.current * DECK_SIZE;
    const n = p.len[p.current];
    const end = start + length;
    const wrapped = end > n ? end - n : 0;
    for (let i = 0; i < wrapped; i++) this.queue[this.queueLen++] = p.vals[base + i];
    for (let i = start; i < Math.min(end, n); i++) this.queue[this.queueLen++] = p.vals[base + i];
  }

  /** Our move in p (p may be changed): the best of the legal actions. */
  private decide(p: Position, depth: number, d: number): number {
    const r = this.rules!;
    const moves = this.levels!.moves(d - 1);
    const n = p.generate(r, moves);
    if (n === 0) return p.won(r) ? WON : LOST - p.tableCount;
    if (++this.nodes > this.maxNodes) return this.horizon(p);
    if (n === 1 && moves[0] === 0) return this.chance(p, depth, d);
    let best = -Infinity;
    for (let i = 0; i < n; i++) {
      const v = this.afterAction(p, moves[i], depth, d);
      if (v > best) best = v;
    }
    return best;
  }

  private horizon(p: Position): number {
    return -p.tableCount;
  }

  /**
   * Draw from p (p unchanged): the average over the unseen values, or the known next
   * card once no unseen card is above it, or the horizon value.
   */
  private chance(p: Position, depth: number, d: number): number {
    if (depth === 0 || p.stockLen === 0) return this.horizon(p);
    const k = p.nextLiveStack(p.current);
    const q = this.levels!.at(d);
    if (this.unknownLeft === 0) {
      const v = this.queue[this.queueHead++];
      this.drawValue(p, q, k, v);
      const value = this.decide(q, depth - 1, d + 1);
      this.queueHead--;
      return value;
    }
    const total = this.unknownLeft;
    let sum = 0;
    this.unknownLeft--;
    for (let v = 1; v <= 10; v++) {
      const count = this.unseen[v];
      if (count === 0) continue;
      this.drawValue(p, q, k, v);
      this.unseen[v]--;
      sum += count * this.decide(q, depth - 1, d + 1);
      this.unseen[v]++;
    }
    this.unknownLeft++;
    return sum / total;
  }

  /** q = p after drawing a card of value v onto stack k. */
  private drawValue(p: Position, q: Position, k: number, v: number): void {
    q.copyFrom(p);
    q.steps++;
    q.stockLen--;
    q.push(k, v);
  }
}

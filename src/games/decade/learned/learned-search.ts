/**
 * Search with learned values for the decade family (browser-safe): expectimax over the next
 * draws, with a value network at the horizon.
 *
 * What a player knows of a decade position is the table and the unseen cards' composition
 * (with 'deck-bottom', also the order of the cards it saw go under the stock: memory.ts). So
 * the fair game is a Markov decision process over those, and the agent searches it: for every
 * legal action it plays the forced moves that follow, averages over the next card's values at
 * each draw (each value weighted by how many are unseen; the known next card once nothing
 * above it is unseen), takes the best of its own choices between draws, and after `depth`
 * draws asks the network for the position's value. A finished game is worth its exact result.
 * All the horizon positions of a decision are valued in one forward pass.
 *
 * Values are pairs (P(win), cards left at the end / 52), and a choice is the highest
 * P(win) − tieWeight · cards/52, as for the afterstate agent.
 *
 * Past 600 lines on purpose: the search, its forest and the agent share one position layout, and the search
 * reads top to bottom.
 */
import type { Env } from '../../../env/env.js';
import { checkNotDisposed, checkUnusedSeed, type ActionScores, type Agent } from '../../../agents/agent.js';
import { RulesCache, decadeEnv } from '../agents/common.js';
import { StockMemory } from '../agents/memory.js';
import { DRAW, runLengthOf, runStartOf, type DecadeState } from '../engine.js';
import { DECK_SIZE, Position, SearchLevels, type Rules } from '../agents/position.js';
import { type HeldPositions, Solver } from '../agents/solver.js';
import { decadeLayout, LINE, LINE_FEATURES, LINE_SIZE_AT, STOCK_AT, STOCK_SIZE_AT } from './afterstate-features.js';
import type { ModelMetadata } from '../../../agents/learned/metadata.js';
import { assertFeaturesFit, assertModelFits } from '../../../agents/learned/model-fit.js';
import type { ValueNetwork } from '../../../agents/value-network.js';
import { FairSolver } from '../agents/fair-solver.js';
import { PIMC_BUDGET, PIMC_ENDGAME_BUDGET, PimcSearch } from '../agents/pimc.js';
import { createRng, mix32 } from '../../../env/rng.js';

/** How positions are turned into the network's input. */
export interface PositionLayout {
  encoding: string;
  size: number;
  /** One-line encodings: cards shown from the left end (loop); seven stacks: cards from each end. */
  oldest: number;
  top: number;
}

/**
 * 'decade-line/1' and 'decade-loop/1': the afterstate models' one-line encoding
 * (afterstate-features.ts, where its table is), or 'decade-stacks/1' (seven stacks, below).
 */
export function positionLayout(rules: Pick<Rules, 'stacks' | 'loop'>): PositionLayout {
  if (rules.stacks === 7)
    return { encoding: 'decade-stacks/1', size: STACKS_FEATURES, oldest: STACK_BOTTOM, top: STACK_TOP };
  const line = decadeLayout(rules);
  return { encoding: line.encoding, size: line.size, oldest: line.oldest, top: LINE };
}

/**
 * What the player knows of the stock: `unknown` cards on top whose values have the counts
 * `unseen[1..10]`, then the known cards `known[head .. head+knownLen-1]` in drawing order
 * ('deck-bottom' only).
 */
export class StockKnowledge {
  readonly unseen = new Int32Array(11);
  unknown = 0;
  readonly known = new Uint8Array(4 * DECK_SIZE);
  head = 0;
  knownLen = 0;
  /**
   * With 'deck-bottom' and nothing unseen: the positions the game has held (memory.ts), which the solver counts as
   * cycles.
   */
  held: HeldPositions | null = null;

  copyFrom(k: StockKnowledge): void {
    this.held = k.held;
    this.unseen.set(k.unseen);
    this.unknown = k.unknown;
    this.known.set(k.known.subarray(k.head, k.head + k.knownLen), 0);
    this.head = 0;
    this.knownLen = k.knownLen;
  }
}

// ---- 'decade-stacks/1' ----
const STACK_SLOTS = 7;
const STACK_TOP = 8;
const STACK_BOTTOM = 3;
/** Per stack slot: alive, cards / 52, the top 8 cards and the bottom 3 (one-hot values). */
const SLOT_FEATURES = 2 + (STACK_TOP + STACK_BOTTOM) * 10;
const KNOWN_SHOWN = 10;
const STACKS_KNOWLEDGE_AT = STACK_SLOTS * SLOT_FEATURES;
const STACKS_FEATURES = STACKS_KNOWLEDGE_AT + 10 + 4 + KNOWN_SHOWN * 10;

/**
 * Writes the features of `p` with the stock as `k` knows it at out[offset …].
 *
 * One line ('decade-line/1', 'decade-loop/1'): the line from its right end (card r left of the
 * newest at r*10 + value − 1), unseen values / (4 or 16), unseen / 52, cards on the line / 52,
 * and with a loop the 13 oldest cards from the left end.
 *
 * Seven stacks ('decade-stacks/1'): the stacks in rotation from the current one (slot 0, where
 * runs are looked for; slot 1 receives the next card if live), each as alive, cards / 52, its
 * 8 top cards (newest first) and 3 bottom cards (oldest first); then unseen values / (4 or 16),
 * unseen / 52, stock / 52, cards on the table / 52, known cards / 52, and the next 10 known
 * cards under the unseen ones (one-hot values, in drawing order).
 */
export function writePositionFeatures(
  p: Position,
  k: StockKnowledge,
  out: Float32Array,
  offset: number,
  layout: PositionLayout,
): void {
  out.fill(0, offset, offset + layout.size);
  if (p.stacks === 1) {
    // As writeLineFeatures writes it from an engine state (test/games/decade/training/expert-iteration.test.ts checks
    // they agree).
    const n = p.len[0];
    for (let r = 0, i = n - 1; i >= 0 && r < LINE; i--, r++) out[offset + r * 10 + p.vals[i] - 1] = 1;
    for (let v = 1; v <= 10; v++) out[offset + STOCK_AT + v - 1] = k.unseen[v] / (v === 10 ? 16 : 4);
    out[offset + STOCK_SIZE_AT] = k.unknown / DECK_SIZE;
    out[offset + LINE_SIZE_AT] = n / DECK_SIZE;
    for (let q = 0; q < layout.oldest && q < n; q++) out[offset + LINE_FEATURES + q * 10 + p.vals[q] - 1] = 1;
    return;
  }
  for (let slot = 0; slot < STACK_SLOTS; slot++) {
    const s = (p.current + slot) % STACK_SLOTS;
    const n = p.len[s];
    const at = offset + slot * SLOT_FEATURES;
    const base = s * DECK_SIZE;
    out[at] = n > 0 ? 1 : 0;
    out[at + 1] = n / DECK_SIZE;
    for (let r = 0; r < STACK_TOP && r < n; r++) out[at + 2 + r * 10 + p.vals[base + n - 1 - r] - 1] = 1;
    for (let q = 0; q < STACK_BOTTOM && q < n; q++) out[at + 2 + (STACK_TOP + q) * 10 + p.vals[base + q] - 1] = 1;
  }
  const at = offset + STACKS_KNOWLEDGE_AT;
  for (let v = 1; v <= 10; v++) out[at + v - 1] = k.unseen[v] / (v === 10 ? 16 : 4);
  out[at + 10] = k.unknown / DECK_SIZE;
  out[at + 11] = p.stockLen / DECK_SIZE;
  out[at + 12] = p.tableCount / DECK_SIZE;
  out[at + 13] = k.knownLen / DECK_SIZE;
  for (let i = 0; i < KNOWN_SHOWN && i < k.knownLen; i++) out[at + 14 + i * 10 + k.known[k.head + i] - 1] = 1;
}

const LEAF = 0;
const EXACT = 1;
const MAX = 2;
const CHANCE = 3;

export interface SearchConfig {
  /** Draws looked ahead before the network values a position. */
  depth: number;
  /** Horizon positions per decision: past it the search looks one draw less deep. */
  maxLeaves: number;
  /** Score = P(win) − tieWeight · cards left / 52. */
  tieWeight: number;
  /**
   * Stock size at or below which a decision is searched to the game's end, every horizon a
   * game's end (exact, no network), unless that tree passes ENDGAME_NODES nodes (then `depth`
   * as usual). 0 or absent: never. With `deckBottom`, whose stock refills, any K > 0 means:
   * once no card is unseen (the whole stock's order remembered), each move's value is the
   * solver's (solver.ts, within SOLVER_BUDGET nodes a move), as `lookahead` plays there.
   */
  endgame?: number;
  /**
   * With `endgame` (one stock that does not refill): the exact fair solve (fair-solver.ts, a
   * memo where the tree has none) values each move instead of the tree, valuing at most this
   * many positions a decision; past it, `depth` as usual. 0 or absent: the tree.
   */
  endgamePositions?: number;
  /**
   * With `endgame` (one stock that does not refill): each move valued on this many deals of the
   * unseen cards in fair random orders, each solved to the game's end (`pimc`'s decision rule,
   * PimcSearch, on samples of its own), instead of the tree. 0 or absent: the tree.
   */
  endgameSamples?: number;
}

/** Nodes an exact endgame tree may take before the decision falls back to the usual depth. */
const ENDGAME_NODES = 10_000;
/** The solver's node budget per move once a 'deck-bottom' stock is all known (lookahead's). */
const SOLVER_BUDGET = 20_000;

/** Thrown inside a tree that passes its node or leaf budget (caught where the budget was set). */
const OVER_BUDGET = new Error('tree over its budget');

/**
 * The search trees of one or more positions, built into flat typed arrays (reused: after the
 * first decisions nothing is allocated), their horizon positions' features in `rows`.
 */
export class SearchForest {
  readonly layout: PositionLayout;
  /** Horizon positions' features, leaf r at rows[r*size …]. */
  rows: Float32Array<ArrayBuffer>;
  leafCount = 0;
  private nodeCount = 0;
  private childCount = 0;
  private kind = new Uint8Array(256);
  /** LEAF: its row; MAX and CHANCE: first child slot. */
  private first = new Int32Array(256);
  private count = new Int32Array(256);
  private win = new Float64Array(256);
  private cost = new Float64Array(256);
  private child = new Int32Array(256);
  private weight = new Float64Array(256);
  private readonly levels: SearchLevels;
  private readonly knowledge = new StockKnowledge();
  private depthLeft = 0;
  /** Node count past which an endgame tree is abandoned (addDecision). */
  private nodeBudget = Infinity;
  /**
   * The leaves a tree being built may reach: past it the tree is given up as soon as it is, not
   * once built (one draw deeper can hold tens of times the leaves, eight deeper more than memory).
   */
  private leafBudget = Infinity;
  /** 'deck-bottom' with an endgame: the solver of known stocks, and its scratch position. */
  private solver: Solver | null = null;
  private known: Position | null = null;
  /** `endgamePositions`: the fair solver and its scratch position. */
  private fair: FairSolver | null = null;
  private fairPosition: Position | null = null;
  /** An endgame's exact values of a decision's moves, by move: the win, and the cards left / 52. */
  private endWin = new Float64Array(16);
  private endCost = new Float64Array(16);
  /** `endgameSamples`: pimc's decision rule on sampled deals. */
  private sampler: PimcSearch | null = null;

  constructor(
    readonly rules: Rules,
    readonly config: SearchConfig,
  ) {
    this.layout = positionLayout(rules);
    this.levels = new SearchLevels(rules.stacks);
    this.rows = new Float32Array(64 * this.layout.size);
  }

  /** Forgets every tree. */
  clear(): void {
    this.nodeCount = 0;
    this.childCount = 0;
    this.leafCount = 0;
  }

  /**
   * A tree for each legal move of `p` (`moves[0..n-1]`), its root node at roots[at + i]; built
   * again one draw less deep while these trees' horizon holds more than `maxLeaves` positions.
   */
  addDecision(p: Position, moves: Int32Array, n: number, k: StockKnowledge, roots: Int32Array, at = 0): void {
    const mark = this.mark();
    const endgame = this.config.endgame ?? 0;
    if (this.endWin.length < n) {
      this.endWin = new Float64Array(n);
      this.endCost = new Float64Array(n);
    }
    if (this.rules.deckBottom && endgame > 0 && k.unknown === 0) {
      this.solveKnown(p, moves, n, k);
      this.exactRoots(n, roots, at);
      return;
    }
    const positions = this.config.endgamePositions ?? 0;
    const samples = this.config.endgameSamples ?? 0;
    const inEndgame = !this.rules.deckBottom && p.stockLen <= endgame;
    if (inEndgame && samples > 0) {
      this.solveSampled(p, moves, n, k, samples);
      this.exactRoots(n, roots, at);
      return;
    }
    if (inEndgame && positions > 0) {
      if (this.solveFair(p, moves, n, k, positions)) {
        this.exactRoots(n, roots, at);
        return;
      }
    } else if (inEndgame && p.stockLen >= this.config.depth) {
      // One draw deeper than the stock holds: every horizon is a game's end.
      this.nodeBudget = mark.nodes + ENDGAME_NODES;
      try {
        for (let i = 0; i < n; i++) roots[at + i] = this.afterMove(p, moves[i], k, p.stockLen + 1);
        return;
      } catch (e) {
        if (e !== OVER_BUDGET) throw e;
        this.reset(mark);
      } finally {
        this.nodeBudget = Infinity;
      }
    }
    for (let depth = this.config.depth; ; depth--) {
      if (
        this.withinLeaves(mark, depth, () => {
          for (let i = 0; i < n; i++) roots[at + i] = this.afterMove(p, moves[i], k, depth);
        })
      )
        return;
    }
  }

  /**
   * Runs `build` (trees `depth` draws deep from `mark`) and says whether they hold at most
   * `maxLeaves` leaves; where not, they are gone. Depth 0 (a leaf a move) always holds.
   */
  private withinLeaves(
    mark: { nodes: number; children: number; leaves: number },
    depth: number,
    build: () => void,
  ): boolean {
    this.leafBudget = depth === 0 ? Infinity : mark.leaves + this.config.maxLeaves;
    try {
      build();
      return true;
    } catch (e) {
      if (e !== OVER_BUDGET) throw e;
      this.reset(mark);
      return false;
    } finally {
      this.leafBudget = Infinity;
    }
  }

  /** Each move's root an exact node of its endgame values (`endWin`, `endCost`). */
  private exactRoots(n: number, roots: Int32Array, at: number): void {
    for (let i = 0; i < n; i++) roots[at + i] = this.exact(this.endWin[i], this.endCost[i]);
  }

  /**
   * 'deck-bottom', nothing unseen: the deal ahead is known, and each move's values are the solver's
   * value of it (0: the table clears; else 1 + the fewest cards left, or its estimate past the
   * budget), the positions the game has held counting as cycles. Those grow with every move,
   * so the solver's table is cleared for each decision.
   */
  private solveKnown(p: Position, moves: Int32Array, n: number, k: StockKnowledge): void {
    this.solver ??= new Solver(this.rules);
    this.known ??= new Position(this.rules.stacks);
    const q = this.known;
    q.copyFrom(p);
    for (let i = 0; i < k.knownLen; i++) q.stock[i] = k.known[k.head + i];
    q.head = 0;
    q.stockLen = k.knownLen;
    this.solver.clear();
    for (let i = 0; i < n; i++) {
      const v = this.solver.valueAfter(q, moves[i], SOLVER_BUDGET, k.held);
      this.endWin[i] = v === 0 ? 1 : 0;
      this.endCost[i] = v === 0 ? 0 : (v - 1) / DECK_SIZE;
    }
  }

  /**
   * One stock, at most `endgame` cards: each move's values are its exact fair win chance (no cards
   * left to break ties) when the solve values at most `positions` positions; false otherwise.
   * The memo is cleared for each decision, so a decision's answer never depends on the ones
   * before it.
   */
  private solveFair(p: Position, moves: Int32Array, n: number, k: StockKnowledge, positions: number): boolean {
    this.fair ??= new FairSolver(this.rules);
    this.fairPosition ??= new Position(this.rules.stacks);
    const q = this.fairPosition;
    q.copyFrom(p);
    // The stock as the player knows it: the unseen values, in an order the solver ignores.
    let unseen = 0;
    for (let v = 1; v <= 10; v++) for (let c = 0; c < k.unseen[v]; c++) q.stock[unseen++] = v;
    q.head = 0;
    q.stockLen = unseen;
    this.fair.clear();
    if (!this.fair.valuesAfter(q, unseen, moves, n, this.endWin, positions)) return false;
    this.endCost.fill(0, 0, n);
    return true;
  }

  /**
   * One stock, at most `endgame` cards: each move's values are its win fraction and mean cards left
   * over `samples` fair deals of the unseen cards, each solved to the end (PimcSearch). The deals
   * are drawn from what the player sees (`seenPositionHash`) and the solver's table is cleared,
   * so a decision's answer never depends on the ones before it, nor on who asks.
   */
  private solveSampled(p: Position, moves: Int32Array, n: number, k: StockKnowledge, samples: number): void {
    this.sampler ??= new PimcSearch(this.rules);
    const search = this.sampler;
    search.solver.clear();
    const hidden = p.stockLen > 0;
    const rng = createRng(seenPositionHash(p, k));
    const t = search.tally(
      moves,
      n,
      hidden ? samples : 1,
      hidden ? PIMC_BUDGET : PIMC_ENDGAME_BUDGET,
      hidden,
      rng,
      (sample, r) => sample.loadFairFrom(p, k.unseen, r),
    );
    for (let i = 0; i < n; i++) {
      const cardsLeft = (t.values[i] - (t.samples - t.wins[i])) / t.samples;
      this.endWin[i] = t.wins[i] / t.samples;
      this.endCost[i] = cardsLeft / DECK_SIZE;
    }
  }

  /** The tree of position `p` itself (a training target): its value as the search sees it. */
  addPosition(p: Position, k: StockKnowledge): number {
    const mark = this.mark();
    for (let depth = this.config.depth; ; depth--) {
      let root = -1;
      if (
        this.withinLeaves(mark, depth, () => {
          const q = this.levels.at(0);
          q.copyFrom(p);
          this.knowledge.copyFrom(k);
          this.depthLeft = depth;
          root = this.decide(0);
        })
      )
        return root;
    }
  }

  /**
   * Writes the features of the position `move` leads to from `p` (its forced discards played)
   * at out[offset …]; false, writing nothing, when the game ends there.
   */
  writeAfterMove(p: Position, move: number, k: StockKnowledge, out: Float32Array, offset: number): boolean {
    // A draw leads to a chance over the next card, not to one position.
    if (move === DRAW) return false;
    const q = this.levels.at(0);
    q.copyFrom(p);
    this.knowledge.copyFrom(k);
    this.apply(q, move);
    const moves = this.levels.moves(0);
    let n = q.generate(this.rules, moves);
    while (n === 1 && moves[0] !== 0) {
      this.apply(q, moves[0]);
      n = q.generate(this.rules, moves);
    }
    if (n === 0) return false;
    writePositionFeatures(q, this.knowledge, out, offset, this.layout);
    return true;
  }

  private mark(): { nodes: number; children: number; leaves: number } {
    return { nodes: this.nodeCount, children: this.childCount, leaves: this.leafCount };
  }

  private reset(m: { nodes: number; children: number; leaves: number }): void {
    this.nodeCount = m.nodes;
    this.childCount = m.children;
    this.leafCount = m.leaves;
  }

  private afterMove(p: Position, move: number, k: StockKnowledge, depth: number): number {
    const q = this.levels.at(0);
    q.copyFrom(p);
    this.knowledge.copyFrom(k);
    if (move === DRAW) {
      // Where drawing is a choice (optional discards), it is valued over the next card at least.
      this.depthLeft = Math.max(depth, 1);
      return this.chance(0);
    }
    this.depthLeft = depth;
    this.apply(q, move);
    return this.decide(0);
  }

  /**
   * Applies the discard `move` to q, keeping the knowledge up to date (discarded cards under the stock); draws go
   * through chance().
   */
  private apply(q: Position, move: number): void {
    if (this.rules.deckBottom) {
      const k = this.knowledge;
      const start = runStartOf(move);
      const end = start + runLengthOf(move);
      const base = q.current * DECK_SIZE;
      const n = q.len[q.current];
      for (let i = 0; i < end - n; i++) k.known[k.head + k.knownLen++] = q.vals[base + i];
      for (let i = start; i < Math.min(end, n); i++) k.known[k.head + k.knownLen++] = q.vals[base + i];
    }
    q.apply(this.rules, move);
  }

  /** The node of positions[d] with the player to move (forced moves played first). */
  private decide(d: number): number {
    const r = this.rules;
    const p = this.levels.at(d);
    const moves = this.levels.moves(d);
    let n = p.generate(r, moves);
    while (n === 1 && moves[0] !== 0) {
      this.apply(p, moves[0]);
      n = p.generate(r, moves);
    }
    if (n === 0) return this.exact(p.won(r) ? 1 : 0, p.tableCount / DECK_SIZE);
    if (this.depthLeft === 0) return this.leaf(p);
    if (n === 1) return this.chance(d);
    // The knowledge changes along each branch (discards go under the stock): saved and restored.
    const k = this.knowledge;
    const knownLen = k.knownLen;
    const node = this.node(MAX);
    const q = this.levels.at(d + 1);
    const children: number[] = [];
    for (let i = 0; i < n; i++) {
      if (moves[i] === DRAW) {
        children.push(this.chance(d));
      } else {
        q.copyFrom(p);
        this.apply(q, moves[i]);
        children.push(this.decide(d + 1));
      }
      k.knownLen = knownLen;
    }
    return this.group(node, children, null);
  }

  /** A draw from positions[d]: each unseen value, or the known next card. */
  private chance(d: number): number {
    const p = this.levels.at(d);
    const q = this.levels.at(d + 1);
    const k = this.knowledge;
    const stack = p.nextLiveStack(p.current);
    this.depthLeft--;
    let node: number;
    if (k.unknown === 0) {
      const knownLen = k.knownLen;
      const v = k.known[k.head];
      k.head++;
      k.knownLen--;
      drawValue(p, q, stack, v);
      node = this.decide(d + 1);
      k.head--;
      k.knownLen = knownLen;
    } else {
      // Discards below each branch go under the stock: what each branch adds is dropped after it.
      const knownLen = k.knownLen;
      node = this.node(CHANCE);
      const children: number[] = [];
      const weights: number[] = [];
      const total = k.unknown;
      k.unknown--;
      for (let v = 1; v <= 10; v++) {
        const c = k.unseen[v];
        if (c === 0) continue;
        drawValue(p, q, stack, v);
        k.unseen[v]--;
        children.push(this.decide(d + 1));
        weights.push(c / total);
        k.unseen[v]++;
        k.knownLen = knownLen;
      }
      k.unknown++;
      node = this.group(node, children, weights);
    }
    this.depthLeft++;
    return node;
  }

  private node(kind: number): number {
    if (this.nodeCount >= this.nodeBudget) throw OVER_BUDGET;
    if (this.nodeCount === this.kind.length) {
      this.kind = grow(this.kind);
      this.first = grow(this.first);
      this.count = grow(this.count);
      this.win = grow(this.win);
      this.cost = grow(this.cost);
    }
    const i = this.nodeCount++;
    this.kind[i] = kind;
    return i;
  }

  private exact(win: number, cost: number): number {
    const i = this.node(EXACT);
    this.win[i] = win;
    this.cost[i] = cost;
    return i;
  }

  private leaf(p: Position): number {
    if (this.leafCount >= this.leafBudget) throw OVER_BUDGET;
    const i = this.node(LEAF);
    const row = this.leafCount++;
    const F = this.layout.size;
    if ((row + 1) * F > this.rows.length) this.rows = grow(this.rows);
    writePositionFeatures(p, this.knowledge, this.rows, row * F, this.layout);
    this.first[i] = row;
    return i;
  }

  private group(node: number, children: number[], weights: number[] | null): number {
    while (this.childCount + children.length > this.child.length) {
      this.child = grow(this.child);
      this.weight = grow(this.weight);
    }
    this.first[node] = this.childCount;
    this.count[node] = children.length;
    for (let i = 0; i < children.length; i++) {
      this.child[this.childCount + i] = children[i];
      this.weight[this.childCount + i] = weights ? weights[i] : 0;
    }
    this.childCount += children.length;
    return node;
  }

  /**
   * Backs up the value of node `i` from the network's outputs on `rows` (two per leaf: win
   * logit, cards / 52, at outputs[row * 2]) into `value`: [P(win), cards / 52].
   */
  evaluate(i: number, outputs: Float32Array, value: Float64Array): void {
    this.backup(i, outputs);
    value[0] = this.win[i];
    value[1] = this.cost[i];
  }

  private backup(i: number, out: Float32Array): void {
    const kind = this.kind[i];
    if (kind === EXACT) return;
    if (kind === LEAF) {
      const r = this.first[i] * 2;
      this.win[i] = 1 / (1 + Math.exp(-out[r]));
      this.cost[i] = out[r + 1];
      return;
    }
    const from = this.first[i];
    const to = from + this.count[i];
    let win = 0;
    let cost = 0;
    let best = -Infinity;
    const tie = this.config.tieWeight;
    for (let c = from; c < to; c++) {
      const j = this.child[c];
      this.backup(j, out);
      if (kind === CHANCE) {
        win += this.weight[c] * this.win[j];
        cost += this.weight[c] * this.cost[j];
      } else {
        const score = this.win[j] - tie * this.cost[j];
        if (score > best) {
          best = score;
          win = this.win[j];
          cost = this.cost[j];
        }
      }
    }
    this.win[i] = win;
    this.cost[i] = cost;
  }
}

/** q = p after drawing a card of value v onto stack k. */
function drawValue(p: Position, q: Position, k: number, v: number): void {
  q.copyFrom(p);
  q.steps++;
  q.stockLen--;
  q.head = (q.head + 1) % DECK_SIZE;
  q.push(k, v);
}

function grow<T extends Uint8Array | Int32Array | Float64Array | Float32Array>(a: T): T {
  const b = new (a.constructor as new (n: number) => T)(a.length * 2);
  b.set(a);
  return b;
}

/**
 * The learned-search agent of the decade family: at every decision, `SearchForest`'s trees for
 * the legal moves, their horizon valued in one forward pass of the network, the best move
 * played (ties: the first legal one). With 'deck-bottom' it remembers, per env, what went under
 * the stock (memory.ts), so it must see every state of a game, as `tengym eval` shows them;
 * `actBatch` decides many games in one forward pass.
 */
export class DecadeSearchAgent implements Agent {
  readonly fair = true;
  private forest: SearchForest | null = null;
  private readonly rulesCache = new RulesCache();
  /** What each env's player remembers of the stock ('deck-bottom' only). */
  private readonly memories = new WeakMap<Env, StockMemory>();
  private readonly knowledge = new StockKnowledge();
  private position: Position | null = null;
  private roots = new Int32Array(64);
  /** Per legal action of the last decisions (all of a batch, back to back): P(win) and score. */
  private winOf = new Float64Array(64);
  private scoreOf = new Float64Array(64);
  private readonly value = new Float64Array(2);
  private disposed = false;

  constructor(
    readonly name: string,
    /** The network that values the search's horizon; the agent owns it (`dispose()` frees it). */
    readonly network: ValueNetwork,
    readonly metadata: ModelMetadata,
    readonly config: SearchConfig,
  ) {}

  reset(seed?: number): void {
    checkUnusedSeed(seed, this.name);
  }

  act(env: Env): number {
    const rules = this.prepare(env);
    if (env.legalCount === 1) return env.legal[0];
    this.forest!.clear();
    this.addDecision(env, rules, 0);
    this.valueDecisions([env], 1);
    return env.legal[bestOf(this.scoreOf, 0, env.legalCount)];
  }

  actBatch(envs: readonly Env[], count: number, out: Int32Array): void {
    checkNotDisposed(this.disposed, this.name);
    let at = 0;
    for (let j = 0; j < count; j++) {
      const rules = this.prepare(envs[j]);
      if (j === 0) this.forest!.clear();
      this.addDecision(envs[j], rules, at);
      at += envs[j].legalCount;
    }
    this.valueDecisions(envs, count);
    at = 0;
    for (let j = 0; j < count; j++) {
      out[j] = envs[j].legal[bestOf(this.scoreOf, at, envs[j].legalCount)];
      at += envs[j].legalCount;
    }
  }

  /** Every legal action with its P(win) under the search, best first (ties: legal order). */
  score(env: Env): ActionScores {
    const rules = this.prepare(env);
    const n = env.legalCount;
    this.forest!.clear();
    this.addDecision(env, rules, 0);
    this.valueDecisions([env], 1);
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => this.scoreOf[b] - this.scoreOf[a] || a - b);
    return { kind: 'win-probability', actions: order.map((i) => ({ action: env.legal[i], score: this.winOf[i] })) };
  }

  /** Brings env's memory of the stock up to its state ('deck-bottom'; nothing to remember otherwise). */
  observe(env: Env): void {
    this.prepare(env);
  }

  /** Frees the model's weights (`Agent.dispose`); a second call does nothing. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.network.dispose();
  }

  /** Checks the env, brings its memory up to date and returns its rules (`act`, `score` and `observe` start here). */
  private prepare(env: Env): Rules {
    checkNotDisposed(this.disposed, this.name);
    const { state, options } = decadeEnv(env, this.name);
    const rules = this.rulesCache.get(options);
    if (rules.deckBottom) {
      let memory = this.memories.get(env);
      if (!memory) this.memories.set(env, (memory = new StockMemory()));
      memory.sync(state, rules);
    }
    if (this.forest === null || this.forest.rules !== rules) {
      assertModelFits(this.metadata, env, `model "${this.name}"`);
      const layout = positionLayout(rules);
      assertFeaturesFit(this.metadata, this.network.inputSize, env, layout, `model "${this.name}"`, true);
      this.forest = new SearchForest(rules, this.config);
      this.position = new Position(rules.stacks);
    }
    return rules;
  }

  /** The trees of env's legal actions, roots at roots[at …]. */
  private addDecision(env: Env, rules: Rules, at: number): void {
    const { state } = decadeEnv(env, this.name);
    const n = env.legalCount;
    const p = this.position!;
    p.loadTableOnly(state);
    p.stockLen = state.stockLen;
    loadKnowledge(this.knowledge, state, rules.deckBottom ? this.memories.get(env)! : null);
    if (this.roots.length < at + n) this.roots = growTo(this.roots, at + n);
    this.forest!.addDecision(p, env.legal, n, this.knowledge, this.roots, at);
  }

  /** One forward pass for every tree, then each root's value. */
  private valueDecisions(envs: readonly Env[], count: number): void {
    const forest = this.forest!;
    const outputs = this.network.outputs(forest.rows, forest.leafCount, forest.layout.size);
    let total = 0;
    for (let j = 0; j < count; j++) total += envs[j].legalCount;
    if (this.winOf.length < total) {
      this.winOf = new Float64Array(total * 2);
      this.scoreOf = new Float64Array(total * 2);
    }
    for (let i = 0; i < total; i++) {
      forest.evaluate(this.roots[i], outputs, this.value);
      this.winOf[i] = this.value[0];
      this.scoreOf[i] = this.value[0] - this.config.tieWeight * this.value[1];
    }
  }
}

/** The index of the highest of scores[from … from+n) minus from (the first on a tie). */
function bestOf(scores: Float64Array, from: number, n: number): number {
  let best = 0;
  for (let i = 1; i < n; i++) if (scores[from + i] > scores[from + best]) best = i;
  return best;
}

function growTo(a: Int32Array<ArrayBuffer>, n: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(Math.max(n, a.length * 2));
  b.set(a);
  return b;
}

/** The stock as a player of `state` knows it: the composition, and with a memory what it remembers. */
export function loadKnowledge(k: StockKnowledge, state: DecadeState, memory: StockMemory | null): void {
  k.head = 0;
  k.knownLen = 0;
  k.held = memory?.held ?? null;
  if (memory === null) {
    for (let v = 1; v <= 10; v++) k.unseen[v] = state.stockValues[v];
    k.unknown = state.stockLen;
    return;
  }
  memory.unseenCounts(state, k.unseen);
  k.unknown = memory.unknown;
  for (let i = 0; i < memory.knownCount; i++) k.known[k.knownLen++] = memory.knownAt(i);
}

/**
 * A 32-bit hash of what a player sees at `p` (one stock): the table, the stock's size and the
 * unseen cards' composition, never the stock's order (as `seenHash` in pimc.ts is of an engine
 * state). Seeds the sampled endgame's deals.
 */
export function seenPositionHash(p: Position, k: StockKnowledge): number {
  let h = mix32(0x51ed27 ^ (p.stockLen << 8) ^ p.current);
  for (let s = 0; s < p.stacks; s++) {
    const base = s * DECK_SIZE;
    h = mix32(h ^ (0x100 + p.len[s]));
    for (let i = 0; i < p.len[s]; i++) h = mix32(h + p.vals[base + i]);
  }
  for (let v = 1; v <= 10; v++) h = mix32(h ^ ((v << 8) | k.unseen[v]));
  return h >>> 0;
}

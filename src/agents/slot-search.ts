/**
 * Agents for any game over the slot layout (src/env/layouts/slots.ts) whose moves are real decisions: where a pair
 * is taken changes what touches next (the grid games), or what the next deal brings. Written once for the layout:
 * a game's kit lists them with `slotSearchAgents(games)`.
 *
 * | agent    | fair | idea |
 * |----------|------|------|
 * | `greedy` | yes  | the removal taking the most cards, then the one leaving the most moves after it; a deal last |
 * | `pimc`   | yes  | determinized search: deals sampled orders of the unseen cards, solves each legal move on each (within a budget) and plays the move that wins the most samples |
 * | `oracle` | NO   | cheats, sees the stock order: a depth-first solve of the true deal (within a budget), the upper bound |
 *
 * The fair agents never read the stock's order. Where a move's refill draws from the stock, `greedy` plays it on a
 * copy whose stock holds the unseen cards in card order, and `pimc` on copies whose stock is its own shuffles of
 * them, from a generator seeded by the episode's seed and what the player sees.
 */
import { validateSeed, type Env } from '../env/env.js';
import { TengymError } from '../env/errors.js';
import type { AnyGame } from '../env/game.js';
import type { GameKit } from './kit.js';
import { copyState, createState, isWon, legalActions, stepState, type SlotState } from '../env/layouts/slots.js';
import { createRng, deriveSeed, mix32, shuffleInPlace } from '../env/rng.js';
import {
  BestScoredAgent,
  checkPlaying,
  checkUnusedSeed,
  type ActionScores,
  type Agent,
  type AgentSpec,
} from './agent.js';

/** The slot state of a running env of a slot game; a caller's mistake otherwise, named. */
function slotState(env: Env, agent: string): SlotState {
  checkPlaying(env, agent);
  const state = env.rawState as Partial<SlotState> | null;
  if (!('rulesOf' in env.game) || state?.slotCard === undefined)
    throw new TengymError('bad-argument', `agent "${agent}" plays games over the slot layout, not ${env.id}`);
  return state as SlotState;
}

/** Scratch states and move lists of one rule set, made once: a search allocates nothing per move. */
class Scratch {
  readonly mask: Uint8Array;
  private readonly states: SlotState[] = [];
  private readonly lists: Int32Array[] = [];

  constructor(readonly root: SlotState) {
    this.mask = new Uint8Array(root.rules.numActions);
  }

  state(depth: number): SlotState {
    while (this.states.length <= depth) this.states.push(createState(this.root.rules));
    return this.states[depth];
  }

  legal(depth: number): Int32Array {
    while (this.lists.length <= depth) this.lists.push(new Int32Array(this.root.rules.numActions));
    return this.lists[depth];
  }
}

const scratches = new WeakMap<object, Scratch>();
function scratchFor(s: SlotState): Scratch {
  let scratch = scratches.get(s.rules);
  if (scratch === undefined) {
    scratch = new Scratch(s);
    scratches.set(s.rules, scratch);
  }
  return scratch;
}

/** `dst` = `src` with the unseen cards put in card order: what a fair player may play a refill from. */
function copySeen(src: SlotState, dst: SlotState): void {
  copyState(src, dst);
  dst.deck.subarray(dst.stockPos).sort();
}

/** Cards removed by a move (`after`: the state it leads to): what `greedy` takes first. */
function removedBy(s: SlotState, action: number, after: SlotState): number {
  const r = s.rules;
  if (action < r.pairCount) return 2;
  if (action === r.dealId || action === r.drawId) return 0;
  // A card put on the group pile removes the pile's cards when they go out, else none.
  if (r.pileBase >= 0) return after.removed - s.removed;
  return 1;
}

/** Removals legal in `s` (the deal and the draw, the last ids, left out), counted on the scratch lists of `depth`. */
function removalsIn(s: SlotState, scratch: Scratch, depth: number): number {
  const list = scratch.legal(depth);
  let n = legalActions(s, null, scratch.mask, list);
  while (n > 0 && (list[n - 1] === s.rules.dealId || list[n - 1] === s.rules.drawId)) n--;
  return n;
}

/**
 * `greedy`'s rank of each legal move: 100 per card it removes, plus the removals legal after it, plus, where the
 * player deals, those legal after a deal too (each played on a copy whose unseen cards lie in card order); a deal
 * or a draw to the extra slot ranks below every removal.
 */
export function greedyRanks(s: SlotState, legal: ArrayLike<number>, n: number, out: Float64Array): void {
  const scratch = scratchFor(s);
  const after = scratch.state(0);
  const dealt = scratch.state(1);
  const dealId = s.rules.dealId;
  for (let k = 0; k < n; k++) {
    copySeen(s, after);
    stepState(after, null, legal[k]);
    const removed = removedBy(s, legal[k], after);
    let moves = removalsIn(after, scratch, 0);
    if (dealId >= 0 && legal[k] !== dealId && after.legalCount > moves) {
      copyState(after, dealt);
      stepState(dealt, null, dealId);
      moves += removalsIn(dealt, scratch, 0);
    }
    out[k] = legal[k] === dealId || legal[k] === s.rules.drawId ? moves / 1000 : 100 * removed + moves;
  }
}

function rankedScores(kind: ActionScores['kind'], legal: ArrayLike<number>, scores: Float64Array, n: number) {
  const actions = Array.from({ length: n }, (_, k) => ({ action: legal[k], score: scores[k] }));
  actions.sort((x, y) => y.score - x.score || x.action - y.action);
  return { kind, actions };
}

/** `greedy`: the removal taking the most cards, then leaving the most moves; a deal only when nothing else is left. */
export class SlotGreedyAgent extends BestScoredAgent {
  readonly name = 'greedy';

  score(env: Env): ActionScores {
    const s = slotState(env, this.name);
    const ranks = new Float64Array(env.legalCount);
    greedyRanks(s, env.legal, env.legalCount, ranks);
    return rankedScores('heuristic', env.legal, ranks, env.legalCount);
  }
}

/** A 32-bit hash of what a player sees: the slots, the stock's size and its composition, never its order. */
function seenHash(s: SlotState): number {
  let h = mix32(s.stockPos * 0x9e3779b1 + s.removed + 0x10000 * s.drawsLeft);
  for (let i = 0; i < s.rules.slots; i++) h = mix32(h + s.slotCard[i]);
  let composition = 0;
  for (let k = s.stockPos; k < s.rules.deckSize; k++) composition += Math.imul(s.deck[k] + 1, 0x2545f491) >>> 0;
  return mix32(h ^ (composition | 0)) >>> 0;
}

/** The lowest legal move that removes cards, else the lowest (a deal): the rollout policy of `pimc`. */
function rolloutMove(legal: Int32Array, n: number, dealId: number): number {
  return legal[0] === dealId && n > 1 ? legal[1] : legal[0];
}

/** Plays `s` out by `rolloutMove`; returns the cards left (0 for a win). */
function playOut(s: SlotState, scratch: Scratch): number {
  const list = scratch.legal(1);
  for (;;) {
    const n = legalActions(s, null, scratch.mask, list);
    if (n === 0) return isWon(s) ? 0 : s.rules.deckSize - s.removed;
    stepState(s, null, rolloutMove(list, n, s.rules.dealId));
  }
}

export interface SlotPimcConfig {
  /** Sampled orders of the unseen cards per decision. */
  samples: number;
  /** Positions one solve (one legal move on one sample) may visit; past it the sample's rollout decides. */
  budget: number;
}

/** The defaults: a decision in a few milliseconds. */
export const SLOT_PIMC_CONFIG: SlotPimcConfig = { samples: 8, budget: 200 };

/**
 * `pimc`: at a decision, deals `samples` shuffles of the unseen cards; on each it solves the position after every
 * legal move (the solver of `oracle`, at most `budget` positions) and, where the solve finds no win, plays the rest
 * out by the rollout policy. It plays the move that wins the most samples, then the one leaving the fewest cards on
 * average (`greedy`'s order on a tie). Once nothing is unseen a single "sample" is the true rest of the game.
 */
export class SlotPimcAgent implements Agent {
  readonly name = 'pimc';
  readonly fair = true;
  private readonly config: SlotPimcConfig;
  private seed = 0;
  private solver: SlotSolver | null = null;
  private rules: object | null = null;

  constructor(config: Partial<SlotPimcConfig> = {}) {
    this.config = { ...SLOT_PIMC_CONFIG, ...config };
  }

  reset(seed: number): void {
    this.seed = validateSeed(seed, `agent "${this.name}" seed`);
  }

  act(env: Env): number {
    slotState(env, this.name);
    if (env.legalCount === 1) return env.legal[0];
    return this.score(env).actions[0].action;
  }

  /** Score: the fraction of sampled deals in which the move still wins ('win-probability'). */
  score(env: Env): ActionScores {
    const s = slotState(env, this.name);
    const n = env.legalCount;
    const legal = Int32Array.from(env.legal.subarray(0, n));
    const scratch = scratchFor(s);
    if (this.solver === null || this.rules !== s.rules) {
      this.solver = new SlotSolver(scratch);
      this.rules = s.rules;
    }
    const sample = scratch.state(2);
    const child = scratch.state(3);
    const wins = new Float64Array(n);
    const left = new Float64Array(n);
    const samples = s.rules.deckSize - s.stockPos > 1 ? this.config.samples : 1;
    const rng = createRng(deriveSeed(this.seed, seenHash(s)));
    for (let k = 0; k < samples; k++) {
      copySeen(s, sample);
      shuffleInPlace(rng, sample.deck.subarray(sample.stockPos));
      this.solver.forget();
      for (let m = 0; m < n; m++) {
        copyState(sample, child);
        stepState(child, null, legal[m]);
        if (this.solver.solve(child, this.config.budget)) wins[m]++;
        else left[m] += playOut(child, scratch);
      }
    }
    const ties = new Float64Array(n);
    greedyRanks(s, legal, n, ties);
    const order = Array.from({ length: n }, (_, m) => m);
    order.sort((a, b) => wins[b] - wins[a] || left[a] - left[b] || ties[b] - ties[a] || legal[a] - legal[b]);
    return { kind: 'win-probability', actions: order.map((m) => ({ action: legal[m], score: wins[m] / samples })) };
  }
}

/** Positions a solve of one decision may visit (the oracle gives up on a deal past it). */
export const SLOT_SOLVE_BUDGET = 200_000;

/** A depth-first solve of the true deal: whether a position can still be won, with the lost positions remembered. */
class SlotSolver {
  nodes = 0;
  aborted = false;
  private budget = 0;
  private readonly lost = new Set<number>();

  constructor(private readonly scratch: Scratch) {}

  forget(): void {
    this.lost.clear();
  }

  /** Whether `s` can be won within `budget` positions; `aborted` when the budget ran out first. */
  solve(s: SlotState, budget: number): boolean {
    this.nodes = 0;
    this.budget = budget;
    this.aborted = false;
    return this.wins(s, 4);
  }

  private wins(s: SlotState, depth: number): boolean {
    if (isWon(s)) return true;
    if (++this.nodes > this.budget) {
      this.aborted = true;
      return false;
    }
    const key = positionKey(s);
    if (this.lost.has(key)) return false;
    const list = this.scratch.legal(depth);
    const child = this.scratch.state(depth);
    const n = legalActions(s, null, this.scratch.mask, list);
    for (let k = 0; k < n; k++) {
      copyState(s, child);
      stepState(child, null, list[k]);
      if (this.wins(child, depth + 1)) return true;
      if (this.aborted) return false;
    }
    this.lost.add(key);
    return false;
  }
}

/** A hash of the deal's order (the lost positions a solver remembers hold for one deal only). */
function dealHash(s: SlotState): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < s.deck.length; k++) h = mix32(h + s.deck[k]);
  return h >>> 0;
}

/** A 52-bit key of a position of one deal: the slots, the stock's place, the draws left, the group pile. */
function positionKey(s: SlotState): number {
  let a = s.stockPos + 0x100 * s.drawsLeft;
  let b = 0x2545f491 ^ s.stockPos;
  // What of the group pile decides the rest: its size, total and set ranks (only where the game has one).
  if (s.pileSize > 0) a = mix32(a + 0x10000 * s.pileSize + 0x100 * s.pileTotal + s.pileSets);
  for (let i = 0; i < s.rules.slots; i++) {
    a = mix32(a + s.slotCard[i]);
    b = mix32(b ^ (s.slotCard[i] + 0x100 * i));
  }
  return (a >>> 0) * 0x100000 + (b & 0xfffff);
}

/**
 * `oracle`: CHEATS, sees the stock's order. Solves the position after each legal move on the true deal and plays a
 * winning one (`greedy`'s favourite among them); where none is found within the budget, `greedy`'s move.
 */
export class SlotOracleAgent implements Agent {
  readonly name = 'oracle';
  readonly fair = false;
  private solver: SlotSolver | null = null;
  private rules: object | null = null;
  /** The deal the solver's lost positions belong to. */
  private deal = -1;

  constructor(private readonly budget = SLOT_SOLVE_BUDGET) {}

  reset(seed?: number): void {
    checkUnusedSeed(seed, this.name);
    this.solver?.forget();
    this.deal = -1;
  }

  act(env: Env): number {
    slotState(env, this.name);
    if (env.legalCount === 1) return env.legal[0];
    return this.ranked(env, true).actions[0].action;
  }

  /** Score: 1 for a move after which the deal can still be won (found within the budget), else 0; `greedy`'s order. */
  score(env: Env): ActionScores {
    return this.ranked(env, false);
  }

  /** The moves ranked; `firstWin`: stop at the first move found to win (what `act` needs). */
  private ranked(env: Env, firstWin: boolean): ActionScores {
    const s = slotState(env, this.name);
    const scratch = scratchFor(s);
    const deal = dealHash(s);
    if (this.solver === null || this.rules !== s.rules || deal !== this.deal) {
      this.solver = new SlotSolver(scratch);
      this.rules = s.rules;
      this.deal = deal;
    }
    const n = env.legalCount;
    const legal = Int32Array.from(env.legal.subarray(0, n));
    const ranks = new Float64Array(n);
    greedyRanks(s, legal, n, ranks);
    const wins = new Float64Array(n);
    const child = scratch.state(2);
    let left = this.budget;
    for (let m = 0; m < n && left > 0; m++) {
      copyState(s, child);
      stepState(child, null, legal[m]);
      wins[m] = this.solver.solve(child, left) ? 1 : 0;
      left -= this.solver.nodes;
      if (wins[m] === 1 && firstWin) break;
    }
    const order = Array.from({ length: n }, (_, m) => m);
    order.sort((a, b) => wins[b] - wins[a] || ranks[b] - ranks[a] || legal[a] - legal[b]);
    return { kind: 'win-probability', actions: order.map((m) => ({ action: legal[m], score: wins[m] })) };
  }
}

/**
 * The catalogue entries of the slot agents for these games (a game's kit lists them); `oracle: false` leaves out the
 * oracle, for games whose deals it cannot solve in time.
 */
export function slotSearchAgents(games: readonly AnyGame[], { oracle = true } = {}): AgentSpec[] {
  const agents: AgentSpec[] = [
    {
      name: 'greedy',
      description:
        'the removal that takes the most cards, then the one that leaves the most moves after it; a deal only when ' +
        'nothing else is left',
      fair: true,
      games,
      create: () => new SlotGreedyAgent(),
    },
    {
      name: 'pimc',
      description:
        'determinized search: deals sampled orders of the unseen cards, solves the position after each legal move ' +
        'on each within a budget, and plays the move that wins the most samples',
      fair: true,
      games,
      create: () => new SlotPimcAgent(),
    },
  ];
  if (!oracle) return agents;
  agents.push({
    name: 'oracle',
    description:
      "CHEATS, sees the stock order: a depth-first solve of the true deal within a budget, else greedy's move. " +
      'Not a fair agent; a bound on them only where its solves finish in the budget',
    fair: false,
    games,
    create: () => new SlotOracleAgent(),
  });
  return agents;
}

/**
 * The kit of a slot game played by these agents: `greedy` the simple baseline, `pimc` the fair search that ranks
 * hints, `oracle` the solver that sees the stock, and the ladders measured for its ids.
 */
export function slotSearchKit(game: AnyGame, ladders: GameKit['ladders']): GameKit {
  return {
    agents: slotSearchAgents([game]),
    simpleBaseline: 'greedy',
    searches: ['pimc'],
    solver: 'oracle',
    ladders,
    hintBaseline: (_env, baseline) => baseline('pimc', 'a search that plays out many guesses of the unseen cards'),
  };
}

/**
 * `pimc` — determinized search (perfect-information Monte Carlo). At a decision point
 * (more than one legal action) it deals K plausible stocks: the stock's composition,
 * which a player knows, in orders shuffled with the agent's own seeded generator (never
 * the true order: the shuffle starts from the composition in a fixed order, so the true
 * order cannot leak in). On each sampled deal it solves every legal action exactly (the
 * oracle's solver, capped at `budget` moves per action) and counts, per action, the
 * samples in which it still clears the table. It plays the action that clears in the
 * most samples; ties go to the fewest cards left on average, then to `longest`'s choice.
 *
 * With no card unseen (the stock is empty) one "sample" is the true deal: it solves it
 * once, with `endgameBudget`, and keeps the solver's table from move to move.
 *
 * Optional discards on one straight line (`decade-optional`): drawing is provably never
 * worse (hold.ts), so it draws while the stock lasts without sampling, then values the
 * full line exactly, without search (`LineSolver`) — the perfect-information optimum,
 * which a fair player can reach there. `score` still samples (each sample valued with the
 * whole stock drawn, as exactly).
 *
 * With 'deck-bottom' (Ten-Twenty-Thirty) it remembers the order in which discarded cards
 * went under the stock (memory.ts: it must see every state of the game, as `act` does in
 * an evaluation) and samples only the cards it has not seen; after one pass through the
 * deck it plays the known deal exactly, its searches counting the positions the game has
 * already held as cycles (solver.ts, `HeldPositions`), with the table cleared each decision.
 *
 * `score` is the fraction of samples in which the action clears ('win-probability'), with the
 * mean cards left over the samples (`cardsLeft`).
 *
 * The samples at a decision are drawn from a generator seeded by the episode's seed and what
 * the player sees there (the table, the stock's composition, the step, the remembered cards:
 * `seenHash`), never by the calls made before: `act` and `score` agree on a position, and a
 * hint for a position is the same whoever asks and whatever was asked before.
 */
import { validateSeed, type Env } from '../../../env/env.js';
import type { DecadeOptions, DecadeState } from '../engine.js';
import { createRng, deriveSeed, mix32, type Rng } from '../../../env/rng.js';
import type { ActionScores, Agent } from '../../../agents/agent.js';
import { RulesCache, decadeEnv, longestRank } from './common.js';
import { LineSolver, holdsUntilStockEmpty } from './hold.js';
import { StockMemory, type Remembered, type RemembersStock } from './memory.js';
import { DECK_SIZE, Position, type Rules } from './position.js';
import { type HeldPositions, Solver } from './solver.js';

export interface PimcConfig {
  /** Sampled deals per decision. */
  samples: number;
  /** Moves applied per action's search in one sample before it settles for an estimate. */
  budget: number;
  /** Moves per action's search when no card is unseen (a single, exact deal). */
  endgameBudget: number;
  /** log2 of the transposition table's size. */
  tableBits?: number;
}

/** `pimc`'s budgets on the decade family's one-stock presets (moves per action's search; with nothing unseen). */
export const PIMC_BUDGET = 20_000;
export const PIMC_ENDGAME_BUDGET = 200_000;

/** Samples and budgets by option set: chosen so a 1,000-deal evaluation takes minutes. */
export function pimcConfigFor(o: DecadeOptions): PimcConfig {
  if (o.discard === 'optional') return { samples: 24, budget: 4000, endgameBudget: 100_000 };
  if (o.pickedUp === 'deck-bottom') return { samples: 32, budget: PIMC_BUDGET, endgameBudget: PIMC_ENDGAME_BUDGET };
  return { samples: 128, budget: PIMC_BUDGET, endgameBudget: PIMC_ENDGAME_BUDGET };
}

/**
 * `pimc` as the preset plays it on these options, but with `samples` sampled deals a decision (measuring what its
 * samples are worth).
 */
export function pimcWithSamples(o: DecadeOptions, samples: number): PimcAgent {
  return new PimcAgent({ ...pimcConfigFor(o), samples }, `pimc (${samples} samples)`);
}

export interface Tally {
  /** Samples in which each legal action still clears the table. */
  wins: Float64Array;
  /** Summed solver values (0 = clears, else 1 + fewest cards left). */
  values: Float64Array;
  samples: number;
}

/**
 * pimc's decision rule on compact positions, apart from any env: the agent below plays it, and
 * measurements on decks the env does not deal (research/decade-reduced-room.ts) call it directly.
 */
export class PimcSearch {
  readonly solver: Solver;
  /** Where holding is free: each sample's line, its stock drawn, valued exactly without search. */
  private readonly line: LineSolver | null;
  private readonly sample: Position;

  constructor(
    readonly rules: Rules,
    tableBits = 18,
  ) {
    this.solver = new Solver(rules, tableBits);
    this.line = holdsUntilStockEmpty(rules) ? new LineSolver(rules) : null;
    this.sample = new Position(rules.stacks);
  }

  /**
   * Solves each of the `n` legal moves on `samples` deals, each dealt into a position by `fill`
   * (the table, and the stock in a fair order drawn from `rng`). `hidden`: some card is unseen
   * (else the one deal is the true one, and the solver keeps its table from sample to sample,
   * and from call to call unless `held`: the positions the game has held, which the searches
   * count as cycles).
   */
  tally(
    legal: ArrayLike<number>,
    n: number,
    samples: number,
    budget: number,
    hidden: boolean,
    rng: Rng,
    fill: (sample: Position, rng: Rng) => void,
    held: HeldPositions | null = null,
  ): Tally {
    const t: Tally = { wins: new Float64Array(n), values: new Float64Array(n), samples };
    for (let k = 0; k < samples; k++) {
      fill(this.sample, rng);
      if (hidden || held !== null) this.solver.clear();
      for (let i = 0; i < n; i++) {
        const v = this.solve(legal[i], budget, held);
        if (v === 0) t.wins[i]++;
        t.values[i] += v;
      }
    }
    return t;
  }

  /** Whether move i beats move j: more samples cleared, then fewer cards left on average, then `longest`'s order. */
  static better(legal: ArrayLike<number>, t: Tally, i: number, j: number): boolean {
    if (t.wins[i] !== t.wins[j]) return t.wins[i] > t.wins[j];
    if (t.values[i] !== t.values[j]) return t.values[i] < t.values[j];
    return longestRank(legal[i]) > longestRank(legal[j]);
  }

  /** The index of the best of `n` moves. */
  static best(legal: ArrayLike<number>, t: Tally, n: number): number {
    let best = 0;
    for (let i = 1; i < n; i++) if (PimcSearch.better(legal, t, i, best)) best = i;
    return best;
  }

  /** The solver's value of `action` on the current sample. */
  private solve(action: number, budget: number, held: HeldPositions | null): number {
    return this.line === null
      ? this.solver.valueAfter(this.sample, action, budget, held)
      : this.line.valueAfter(this.sample, action);
  }
}

export class PimcAgent implements Agent, RemembersStock {
  readonly name: string;
  readonly fair = true;
  private readonly config: PimcConfig | null;
  private seed = 0;
  private readonly rulesCache = new RulesCache();
  private search: PimcSearch | null = null;
  private readonly memory = new StockMemory();

  /** `config`: fixed samples and budgets; null = `pimcConfigFor` the env's options. */
  constructor(config: PimcConfig | null = null, name = 'pimc') {
    this.config = config;
    this.name = name;
  }

  /** Re-seeds, and forgets the memory and the solver's table: an episode never depends on the ones before. */
  reset(seed: number): void {
    // Its samples are drawn from streams derived from this seed: a string or NaN would act as some other seed.
    this.seed = validateSeed(seed, `agent "${this.name}" seed`);
    this.memory.clear();
    this.search?.solver.clear();
  }

  act(env: Env): number {
    const { state, options } = decadeEnv(env, this.name);
    const rules = this.rulesCache.get(options);
    if (rules.deckBottom) this.memory.sync(state, rules);
    return this.choose(env, state, rules);
  }

  private choose(env: Env, state: DecadeState, rules: Rules): number {
    if (env.legalCount === 1) return env.legal[0];
    if (state.stockLen > 0 && env.mask[0] === 1 && holdsUntilStockEmpty(rules)) return 0;
    return env.legal[PimcSearch.best(env.legal, this.tally(env), env.legalCount)];
  }

  /**
   * How many cards at the top of the stock this agent has not seen (all of it, unless it remembers picked-up cards).
   */
  unseenCount(env: Env): number {
    const { state, options } = decadeEnv(env, this.name);
    const rules = this.rulesCache.get(options);
    if (!rules.deckBottom) return state.stockLen;
    this.memory.sync(state, rules);
    return this.memory.unknown;
  }

  /** Brings the memory of the stock up to env's state ('deck-bottom'; nothing to remember otherwise). */
  observe(env: Env): void {
    const { state, options } = decadeEnv(env, this.name);
    const rules = this.rulesCache.get(options);
    if (rules.deckBottom) this.memory.sync(state, rules);
  }

  /** Remembers `remembered` at `env`'s state: a position labelled away from its game (distillation). */
  restoreMemory(env: Env, remembered: Remembered): void {
    this.memory.restore(decadeEnv(env, this.name).state, remembered);
  }

  /** Starts from what `other` remembers of the stock (a game continued from where `other` stands). */
  copyMemoryFrom(other: PimcAgent): void {
    this.memory.copyFrom(other.memory);
  }

  /** Score: the fraction of sampled deals in which the action still clears the table. */
  score(env: Env): ActionScores {
    this.observe(env);
    const t = this.tally(env);
    const order = Array.from({ length: env.legalCount }, (_, i) => i);
    order.sort((a, b) => (PimcSearch.better(env.legal, t, a, b) ? -1 : PimcSearch.better(env.legal, t, b, a) ? 1 : 0));
    // A solver value is 0 where the table clears, else 1 + the fewest cards left.
    return {
      kind: 'win-probability',
      actions: order.map((i) => ({
        action: env.legal[i],
        score: t.wins[i] / t.samples,
        expected: { cardsLeft: (t.values[i] - (t.samples - t.wins[i])) / t.samples },
      })),
      ...(t.samples > 1 ? { samples: t.samples } : {}),
    };
  }

  private tally(env: Env): Tally {
    const { state, options } = decadeEnv(env, this.name);
    const rules = this.rulesCache.get(options);
    const config = this.config ?? pimcConfigFor(options);
    if (this.search === null || this.search.rules !== rules)
      this.search = new PimcSearch(rules, config.tableBits ?? 18);
    // With nothing unseen there is one deal, and every value stored for it stays true.
    const hidden = rules.deckBottom ? this.memory.unknown > 0 : state.stockLen > 0;
    const rng = createRng(deriveSeed(this.seed, seenHash(state, rules.deckBottom ? this.memory : null)));
    const fill = rules.deckBottom
      ? (sample: Position, r: Rng) => this.memory.fill(sample, state, r)
      : (sample: Position, r: Rng) => sample.loadFair(state, r);
    // Once nothing is unseen the game can come back to where it has been: the searches count those positions as cycles.
    const held = rules.deckBottom && !hidden ? this.memory.held : null;
    return this.search.tally(
      env.legal,
      env.legalCount,
      hidden ? config.samples : 1,
      hidden ? config.budget : config.endgameBudget,
      hidden,
      rng,
      fill,
      held,
    );
  }
}

/**
 * A 32-bit hash of what a player sees in `state`: every stack's cards, the current stack, the
 * step, the stock's size and composition, and with 'deck-bottom' the cards remembered under
 * the unseen ones. Never the stock's order.
 */
export function seenHash(state: DecadeState, memory: StockMemory | null): number {
  let h = mix32(Math.imul(state.steps + 1, 0x9e3779b1) ^ (state.current << 8) ^ state.stockLen);
  for (let k = 0; k < state.numStacks; k++) {
    const base = k * DECK_SIZE;
    h = mix32(h ^ (0x100 + state.len[k]));
    for (let i = 0; i < state.len[k]; i++) h = mix32(h + state.table[base + i]);
  }
  for (let v = 1; v <= 10; v++) h = mix32(h ^ ((v << 8) | state.stockValues[v]));
  if (memory) for (let i = 0; i < memory.knownCount; i++) h = mix32(h + 0x200 + memory.knownAt(i));
  return h >>> 0;
}

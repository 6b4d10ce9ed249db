/**
 * Afterstate values without TensorFlow.js (browser-safe, and light enough for an app that loads no
 * model): the layout of a game's position features, the expansion of an env's legal actions into
 * rows of features, how a network's outputs on those rows become one score per action, and what a
 * game gives for them (`AfterstateFeatures`, with the training targets of `AfterstateTargets`).
 * The agent that runs a network over the rows is learned/afterstate-agent.ts; each game's features
 * are in its folder (src/games/<game>/learned/).
 *
 * A network gives two numbers per position: the logit of winning from there, and a cost. An action
 * leads, by chance, to one of several outcomes (a draw: one per value, with its probability; a move
 * without chance: one outcome of probability 1). An outcome is
 * - sure: known exactly without the network (a move that ends the game), added to the action's
 *   exactWin / exactCost, probability-weighted;
 * - a position (a row): its network value;
 * - a choice (every configuration a run of moves can reach, ending the turn there): the player will
 *   take the best of its options, each a row or an exact result.
 * A position is a choice of one option, so every row belongs to one choice ("group") and
 *
 *   value(action) = [exactWin, exactCost] + Σ_groups weight · best option of the group,
 *
 * an option being [σ(logit), offset + cost output] of its row, or the group's exact result, and
 * the best one the highest `score` (P(win) − tieWeight · cost, unless the expansion overrides it).
 * A row's offset is the cost already paid on the way to it.
 */
import type { Env } from '../env/env.js';
import type { AnyGame, GameOptions, Outcome } from '../env/game.js';
import type { ScoreKind, ValueUnit } from './agent.js';
import type { ValueNetwork } from './value-network.js';
/** Features per position and their format (recorded in a model's metadata). */
export interface FeatureLayout {
  size: number;
  encoding: string;
  /** Score = P(win) − tieWeight · cost (unless the expansion overrides `score`). */
  tieWeight: number;
  /** Decade loop only: oldest cards shown from the left end (else 0). */
  oldest: number;
  /** The name of the network's cost head: what the cost counts (network.ts `buildAfterstateNet`). */
  cost: 'cards' | 'rounds';
}

/**
 * A search deeper than the expansion (Four Ten: four-ten/learned-lookahead.ts), used at decision time
 * by a model whose metadata names it (`search`): it values the expansion's rows itself, from the
 * network's values of the positions it reaches, all asked for at once so that one forward pass
 * (shared with other decisions in `actBatch`) values them.
 */
export interface AfterstateSearch {
  /**
   * Whether it values this decision (else the expansion's rows are the network's); when it does, the rows it needs
   * valued are rows[0 … rowCount · size).
   */
  ask(env: Env, x: AfterstateExpansion): boolean;
  readonly rows: Float32Array;
  readonly rowCount: number;
  /**
   * The outputs for every row of the expansion `ask` was given, as `ExpansionBatch.run` gives them; `out` holds the
   * network's outputs of the rows `ask` wrote.
   */
  answer(x: AfterstateExpansion, out: Float32Array): Float32Array;
}

/** A game's search as its models' metadata name it, made once per env (it keeps values across a game's decisions). */
export interface AfterstateSearchSpec<O extends object = GameOptions> {
  /** The name a model's metadata gives it (`search`). */
  readonly name: string;
  create(options: O): AfterstateSearch;
}

/**
 * One game's afterstate features (decade/afterstate-features.ts, four-ten/afterstate-features.ts), for its options O.
 */
export interface AfterstateFeatures<O extends object = GameOptions> {
  /** The engine whose positions they describe. */
  readonly game: AnyGame;
  /** Why they cannot describe the game with these options, or null when they can. */
  unsupported(options: O): string | null;
  /** The layout of the features under these options (their size, encoding name and tie weight). */
  layout(options: O): FeatureLayout;
  /** A new expansion for positions of this layout. */
  expansion(layout: FeatureLayout): AfterstateExpansion;
  /** [won, cost] of a finished game, in the network's terms (what its outputs estimate). */
  outcomeValue(outcome: Outcome, into: Float64Array): void;
  /** The search its models can play with (from-model.ts adds it). */
  readonly search?: AfterstateSearchSpec<O>;
}

export abstract class AfterstateExpansion {
  /** Feature rows, row k at rows[k*layout.size …]. */
  rows: Float32Array<ArrayBuffer>;
  rowCount = 0;
  /** Per legal action k: its first row and row count, its first group and group count (each contiguous). */
  firstRow = new Int32Array(64);
  rowsOf = new Int32Array(64);
  firstGroup = new Int32Array(64);
  groupsOf = new Int32Array(64);
  /** Per legal action: its sure outcomes (outcomes that end the game), probability-weighted. */
  exactWin = new Float32Array(64);
  exactCost = new Float32Array(64);
  groupCount = 0;
  /** Per group: its probability within its action, first row and row count, and its exact option if it has one. */
  groupWeight = new Float32Array(64);
  groupFirstRow = new Int32Array(64);
  groupRows = new Int32Array(64);
  groupExact = new Uint8Array(64);
  groupExactWin = new Float32Array(64);
  groupExactCost = new Float32Array(64);
  groupExactSteps = new Int32Array(64);
  /**
   * Per row: its group's probability, the cost paid before reaching it, and the player's moves before it (Four Ten:
   * exchanges).
   */
  weight = new Float32Array(64);
  offset = new Float32Array(64);
  steps = new Int32Array(64);
  /**
   * Per row: the first row with the same features (itself when there is none). Many options
   * reach the same position (a Four Ten replacement's ~300 rows hold ~150 distinct ones): the
   * network values each distinct row once (`ExpansionBatch`) and training teaches it once.
   */
  sameAs = new Int32Array(64);
  /** Per distinct row: its place in the last `ExpansionBatch` forward pass. */
  batchIndex = new Int32Array(64);
  actionCount = 0;
  /**
   * The moves the last `actionValue` needs before its best options are reached (Four Ten: the
   * exchanges to the configuration it ends the turn at), the most over its groups. Among equal
   * scores the fewest moves rank first, so that a player following the top move ends the turn
   * as soon as walking on gains nothing.
   */
  actionSteps = 0;
  /**
   * Whether equal scores go to the option fewest moves away (hints: `score`), or, as `act` and
   * training play, to the first (so that a model's play, its evaluation and a retrain from its
   * config stay what they were, bit for bit).
   */
  nearestOnTies = false;
  private bestSteps = 0;
  private readonly value = new Float64Array(2);
  private readonly option = new Float64Array(2);
  private readonly best = new Float64Array(2);

  constructor(readonly layout: FeatureLayout) {
    this.rows = new Float32Array(64 * layout.size);
  }

  /** Rows for every legal action of `env` (replacing the previous expansion). */
  abstract expand(env: Env): void;

  /** Starts an expansion: no rows, no groups. */
  protected clear(): void {
    this.rowCount = 0;
    this.groupCount = 0;
  }

  /** Starts legal action k's outcomes (call in legal order). */
  protected beginAction(k: number): void {
    if (this.firstRow.length <= k) {
      this.firstRow = doubled(this.firstRow);
      this.rowsOf = doubled(this.rowsOf);
      this.firstGroup = doubled(this.firstGroup);
      this.groupsOf = doubled(this.groupsOf);
      this.exactWin = doubled(this.exactWin);
      this.exactCost = doubled(this.exactCost);
    }
    this.firstRow[k] = this.rowCount;
    this.firstGroup[k] = this.groupCount;
    this.exactWin[k] = 0;
    this.exactCost[k] = 0;
  }

  /** Ends legal action k's outcomes. */
  protected endAction(k: number): void {
    this.rowsOf[k] = this.rowCount - this.firstRow[k];
    this.groupsOf[k] = this.groupCount - this.firstGroup[k];
  }

  /** Starts a choice reached with probability `weight`: the rows added until the next one are its options. */
  protected beginChoice(weight: number): void {
    const g = this.groupCount++;
    if (g >= this.groupWeight.length) {
      this.groupWeight = doubled(this.groupWeight);
      this.groupFirstRow = doubled(this.groupFirstRow);
      this.groupRows = doubled(this.groupRows);
      this.groupExact = doubled(this.groupExact);
      this.groupExactWin = doubled(this.groupExactWin);
      this.groupExactCost = doubled(this.groupExactCost);
      this.groupExactSteps = doubled(this.groupExactSteps);
    }
    this.groupWeight[g] = weight;
    this.groupFirstRow[g] = this.rowCount;
    this.groupRows[g] = 0;
    this.groupExact[g] = 0;
  }

  /**
   * An exact option [won, cost] of the current choice, `steps` moves away (only the best-scoring one is kept, the
   * nearest on a tie).
   */
  protected exactOption(won: number, cost: number, steps = 0): void {
    const g = this.groupCount - 1;
    this.option[0] = won;
    this.option[1] = cost;
    if (this.groupExact[g]) {
      this.best[0] = this.groupExactWin[g];
      this.best[1] = this.groupExactCost[g];
      const option = this.score(this.option);
      const best = this.score(this.best);
      if (option < best || (option === best && (!this.nearestOnTies || steps >= this.groupExactSteps[g]))) return;
    }
    this.groupExact[g] = 1;
    this.groupExactWin[g] = won;
    this.groupExactCost[g] = cost;
    this.groupExactSteps[g] = steps;
  }

  /**
   * A row that is an option of the current choice, reached after paying `offset` and `steps` moves; returns its index
   * (fill rows[index*size …]).
   */
  protected addOption(offset = 0, steps = 0): number {
    const g = this.groupCount - 1;
    const row = this.rowCount++;
    if (this.rowCount * this.layout.size > this.rows.length) this.rows = doubled(this.rows);
    if (this.rowCount > this.weight.length) {
      this.weight = doubled(this.weight);
      this.offset = doubled(this.offset);
      this.steps = doubled(this.steps);
      this.sameAs = doubled(this.sameAs);
      this.batchIndex = doubled(this.batchIndex);
    }
    this.weight[row] = this.groupWeight[g];
    this.offset[row] = offset;
    this.steps[row] = steps;
    this.sameAs[row] = row;
    this.groupRows[g]++;
    return row;
  }

  /**
   * Row `row` has the features of the earlier row `first`: copies them, and the network's outputs for it are first's.
   */
  protected sameFeatures(row: number, first: number): void {
    const F = this.layout.size;
    this.rows.copyWithin(row * F, first * F, (first + 1) * F);
    this.sameAs[row] = first;
  }

  /** A position reached with probability `weight` after paying `offset` (a choice of one row); returns its index. */
  protected addRow(weight: number, offset = 0): number {
    this.beginChoice(weight);
    return this.addOption(offset);
  }

  /**
   * [P(win), cost] of legal action k from the network's outputs on the rows (`outputs[row*2]`
   * the win logit, `outputs[row*2+1]` the cost).
   */
  actionValue(k: number, outputs: Float32Array, into: Float64Array): void {
    let win = this.exactWin[k];
    let cost = this.exactCost[k];
    let steps = 0;
    const end = this.firstGroup[k] + this.groupsOf[k];
    for (let g = this.firstGroup[k]; g < end; g++) {
      this.bestOption(g, outputs, this.best);
      win += this.groupWeight[g] * this.best[0];
      cost += this.groupWeight[g] * this.best[1];
      if (this.bestSteps > steps) steps = this.bestSteps;
    }
    this.actionSteps = steps;
    into[0] = win;
    into[1] = cost;
  }

  /** [P(win), cost] of group g's best-scoring option (the fewest steps away on a tie; its steps: `bestSteps`). */
  private bestOption(g: number, outputs: Float32Array, into: Float64Array): void {
    let best = -Infinity;
    this.bestSteps = 0;
    if (this.groupExact[g]) {
      into[0] = this.groupExactWin[g];
      into[1] = this.groupExactCost[g];
      best = this.score(into);
      this.bestSteps = this.groupExactSteps[g];
    }
    const option = this.option;
    const end = this.groupFirstRow[g] + this.groupRows[g];
    for (let row = this.groupFirstRow[g]; row < end; row++) {
      option[0] = 1 / (1 + Math.exp(-outputs[row * 2]));
      option[1] = this.offset[row] + outputs[row * 2 + 1];
      const score = this.score(option);
      if (score > best || (score === best && this.nearestOnTies && this.steps[row] < this.bestSteps)) {
        best = score;
        into[0] = option[0];
        into[1] = option[1];
        this.bestSteps = this.steps[row];
      }
    }
  }

  /** One action's score from [P(win), cost]: what the agent maximises. */
  score(value: Float64Array): number {
    return value[0] - this.layout.tieWeight * value[1];
  }

  /** What a hint shows for an action (ranked by `score`): by default its P(win). */
  readonly scoreKind: ScoreKind = 'win-probability';
  readonly scoreUnit: ValueUnit | undefined = undefined;
  reportedScore(value: Float64Array): number {
    return value[0];
  }

  /**
   * The index k of the legal action with the highest score (on a tie: the first, or with `nearestOnTies` the fewest
   * steps, then the first).
   */
  bestIndex(outputs: Float32Array): number {
    let best = 0;
    let bestScore = -Infinity;
    let bestSteps = 0;
    for (let k = 0; k < this.actionCount; k++) {
      this.actionValue(k, outputs, this.value);
      const score = this.score(this.value);
      if (score > bestScore || (score === bestScore && this.nearestOnTies && this.actionSteps < bestSteps)) {
        bestScore = score;
        bestSteps = this.actionSteps;
        best = k;
      }
    }
    return best;
  }
}

/** A typed array of twice the length holding a's values (the buffers above grow by doubling). */
export function doubled<T extends Int32Array<ArrayBuffer> | Float32Array<ArrayBuffer> | Uint8Array<ArrayBuffer>>(
  a: T,
): T {
  const b = new (a.constructor as new (n: number) => T)(a.length * 2);
  b.set(a);
  return b;
}

/** Where a target strategy's samples go: copy i's pending samples, and their targets once known. */
export interface SampleSink {
  /**
   * A sample of copy i: the row rows[offset … offset + features), with a cost target of its own, or NaN for the
   * cost its samples are closed with.
   */
  add(i: number, rows: Float32Array, offset: number, cost?: number): void;
  /**
   * Copy i's pending samples learn [won, cost] (a sample's own cost target instead, where it has one) and join the
   * replay ring.
   */
  close(i: number, won: number, cost: number): void;
}

/**
 * Where the afterstate learner's training targets come from, for one game and kind of target: it
 * sees every decision of every copy before and after its move, hands the learner samples (feature
 * rows, some with a cost target of their own), and closes them with the targets [won, cost] they learn.
 */
export interface TargetStrategy {
  /**
   * Copy i at a decision, before its move: the samples the decision makes. `outputs` are the
   * network's on x's rows, `chosen` the legal index played, `explore` whether ε chose it.
   */
  beforeMove(
    i: number,
    env: Env,
    x: AfterstateExpansion,
    outputs: Float32Array,
    chosen: number,
    explore: boolean,
  ): void;
  /** After copy i's move and the forced moves after it; `ended`: the outcome of the episode the move ended, or null. */
  afterMove(i: number, env: Env, ended: Outcome | null): void;
  /** After every copy moved: what waits for the network's values gets them (one forward pass). */
  endRound(network: ValueNetwork): void;
  /** Its part of a checkpoint (JSON). */
  getState(): Record<string, unknown>;
  setState(json: Record<string, unknown>): void;
}

/** What a game's target strategy is made from: the features' layout, the copies, the learner's sink, the env. */
export interface TargetContext {
  layout: FeatureLayout;
  numEnvs: number;
  sink: SampleSink;
  env: { readonly id: string; readonly options: Readonly<Record<string, unknown>> };
  /** Where a strategy that solves before the first step (minutes) says how far it got ("120 round solves …"). */
  onSolve?: (progress: string) => void;
  /**
   * Checks and reads a checkpoint's part (the trainer's zod reader, which names the file in its errors): what a
   * strategy's `setState` passes its schema through.
   */
  parseSaved<T>(
    schema: { safeParse(json: unknown): { success: true; data: T } | { success: false; error: unknown } },
    json: unknown,
  ): T;
}

/**
 * A game's afterstate training targets by kind (`targets: 'play'`, the game's own play; `'solver'`,
 * an exact solver's values where the game has one), each made once per training run.
 */
export type AfterstateTargets = Partial<Record<'play' | 'solver', (context: TargetContext) => TargetStrategy>>;

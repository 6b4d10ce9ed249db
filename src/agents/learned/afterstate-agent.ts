/**
 * Afterstate agents (browser-safe): a learned value network plays by valuing the position each
 * legal action leads to (its "afterstate", as in TD-Gammon) and playing the best. This file holds
 * what every game shares: the expansion of an env's legal actions into rows of features, how the
 * network's outputs on those rows become one score per action, the batched forward pass, and
 * the agent. Each game's features are a file of its own (`AfterstateFeatures`):
 *
 * | game | features | cost (second output) | file |
 * |------|----------|----------------------|------|
 * | one-line decade family | 'decade-line/1' (532), 'decade-loop/1' (662) | cards left at the end / 52 | src/agents/decade/afterstate-features.ts |
 * | Four Ten | 'four-ten/2' (245) | rounds still to play / 10 | src/agents/four-ten/afterstate-features.ts |
 *
 * from-model.ts says which game has which features; training is src/train/algorithms/afterstate.ts.
 *
 * A network of network.ts's `buildAfterstateNet` gives two numbers per position: the logit
 * of winning from there, and a cost. An action leads, by chance, to one of several outcomes (a
 * draw: one per value, with its probability; a move without chance: one outcome of probability 1).
 * An outcome is
 * - sure: known exactly without the network (a move that ends the game), added to the
 *   action's exactWin / exactCost, probability-weighted;
 * - a position (a row): its network value;
 * - a choice (Four Ten: every configuration a run of exchanges can reach, ending the turn
 *   there): the player will take the best of its options, each a row or an exact result.
 * A position is a choice of one option, so every row belongs to one choice ("group") and
 *
 *   value(action) = [exactWin, exactCost] + Σ_groups weight · best option of the group,
 *
 * an option being [σ(logit), offset + cost output] of its row, or the group's exact result,
 * and the best one the highest `score` (P(win) − tieWeight · cost; Four Ten: −cost). A row's
 * offset is the cost already paid on the way to it (Four Ten: a round that ends before the
 * position, which is then the next round's start).
 */
import * as tf from './tf.js';
import type { Env } from '../../env/env.js';
import { TengymError } from '../../env/errors.js';
import type { AnyGame, Outcome } from '../../env/game.js';
import {
  checkNotDisposed,
  checkPlaying,
  checkUnusedSeed,
  type ActionScores,
  type Agent,
  type ScoreKind,
  type ScoredAction,
  type ValueUnit,
} from '../agent.js';
import { assertFeaturesFit, assertModelFits, type ModelMetadata } from './metadata.js';
import { inPasses } from './network.js';

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
export interface AfterstateSearchSpec<O extends object = object> {
  readonly name: Extract<ModelMetadata['search'], string>;
  create(options: O): AfterstateSearch;
}

/**
 * One game's afterstate features (decade/afterstate-features.ts, four-ten/afterstate-features.ts), for its options O.
 */
export interface AfterstateFeatures<O extends object = object> {
  /** The engine whose positions they describe. */
  readonly game: AnyGame;
  /** Why they cannot describe the game with these options, or null when they can. */
  unsupported(options: O): string | null;
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

/**
 * The network's [win logit, cost] of every row of several expansions, in one forward pass over
 * their distinct rows (`sameAs`): `run` returns them concatenated in the expansions' order,
 * row r of an expansion at outputs[(rows of the expansions before it + r) * 2]. Reuses its buffers.
 */
export class ExpansionBatch {
  private rows = new Float32Array(0);
  private outputs = new Float32Array(0);

  run(model: tf.LayersModel, expansions: readonly AfterstateExpansion[]): Float32Array {
    if (expansions.length === 0) return this.outputs.subarray(0, 0);
    const F = expansions[0].layout.size;
    let total = 0;
    let distinct = 0;
    for (const x of expansions) {
      total += x.rowCount;
      for (let r = 0; r < x.rowCount; r++) if (x.sameAs[r] === r) distinct++;
    }
    if (this.rows.length < distinct * F) this.rows = new Float32Array(distinct * F * 2);
    if (this.outputs.length < total * 2) this.outputs = new Float32Array(total * 4);
    let u = 0;
    for (const x of expansions) {
      for (let r = 0; r < x.rowCount; r++) {
        if (x.sameAs[r] !== r) continue;
        this.rows.set(x.rows.subarray(r * F, (r + 1) * F), u * F);
        x.batchIndex[r] = u++;
      }
    }
    const values = distinct > 0 ? afterstateOutputs(model, this.rows, distinct, F) : new Float32Array(0);
    let at = 0;
    for (const x of expansions) {
      for (let r = 0; r < x.rowCount; r++, at++) {
        const j = x.batchIndex[x.sameAs[r]];
        this.outputs[at * 2] = values[j * 2];
        this.outputs[at * 2 + 1] = values[j * 2 + 1];
      }
    }
    return this.outputs.subarray(0, total * 2);
  }
}

/** The network's [win logit, cost] of rows[0 … count) of `size` features (batched forward passes). */
export function afterstateOutputs(
  model: tf.LayersModel,
  rows: Float32Array,
  count: number,
  size: number,
): Float32Array {
  return inPasses(rows, count, size, 2, (part, n) => {
    const out = tf.tidy(() => {
      const y = model.apply(tf.tensor2d(part.subarray(0, n * size), [n, size]), { training: false }) as tf.Tensor[];
      return tf.concat(y, 1);
    });
    const values = out.dataSync() as Float32Array;
    out.dispose();
    return values;
  });
}

/** What the agent keeps per env: the layout, an expansion of its own once `actBatch` met it, and its search. */
interface CheckedEnv {
  layout: FeatureLayout;
  own: AfterstateExpansion | null;
  search: AfterstateSearch | null;
}

/**
 * An agent that plays the legal action of the highest afterstate score (the first legal
 * one on a tie). Its scores (`score`) are its expansion's: win probabilities in the decade
 * family, minus the rounds still to play in Four Ten; with the search its metadata names
 * (`search`), the expansion's rows are valued by that search. `actBatch` values the decisions of
 * many games in one forward pass (two with a search: the decisions it values, and the others).
 */
export class AfterstateAgent implements Agent {
  readonly fair = true;
  private expansion: AfterstateExpansion | null = null;
  /** The forward pass over the expansion's distinct rows (its buffers reused). */
  private readonly batch = new ExpansionBatch();
  private readonly batched: AfterstateExpansion[] = [];
  private readonly value = new Float64Array(2);
  /** Envs checked against the model. */
  private readonly checked = new WeakMap<Env, CheckedEnv>();
  private readonly search: AfterstateSearchSpec | null;
  /** actBatch: which decisions the search values, and their rows together. */
  private searched = new Uint8Array(16);
  private searchRows = new Float32Array(0);
  private readonly noRows = new Float32Array(0);
  private disposed = false;

  constructor(
    readonly name: string,
    readonly model: tf.LayersModel,
    readonly metadata: ModelMetadata,
    readonly features: AfterstateFeatures,
  ) {
    const wanted = metadata.search;
    if (wanted !== undefined && features.search?.name !== wanted) {
      throw new TengymError(
        'bad-argument',
        `model "${name}": its metadata asks for search ${JSON.stringify(wanted)}, which ` +
          `${features.game.name}'s afterstate values do not have` +
          (features.search ? ` (they have '${features.search.name}')` : ''),
      );
    }
    this.search = wanted === undefined ? null : features.search!;
  }

  reset(seed?: number): void {
    checkUnusedSeed(seed, this.name);
  }

  act(env: Env): number {
    checkNotDisposed(this.disposed, this.name);
    checkPlaying(env, this.name);
    this.check(env);
    if (env.legalCount === 1) return env.legal[0];
    const outputs = this.evaluate(env);
    return env.legal[this.expansion!.bestIndex(outputs)];
  }

  /** The decisions of envs[0 … count) valued in one forward pass over all their positions. */
  actBatch(envs: readonly Env[], count: number, out: Int32Array): void {
    checkNotDisposed(this.disposed, this.name);
    const flat = this.batched;
    flat.length = 0;
    if (this.searched.length < count) this.searched = new Uint8Array(count * 2);
    let searchRows = 0;
    let size = 0;
    for (let j = 0; j < count; j++) {
      const checked = this.check(envs[j]);
      const x = (checked.own ??= this.features.expansion(checked.layout));
      x.expand(envs[j]);
      size = x.layout.size;
      this.searched[j] = checked.search?.ask(envs[j], x) ? 1 : 0;
      if (this.searched[j]) searchRows += checked.search!.rowCount;
      else flat.push(x);
    }
    // The decisions valued by the network's rows, then those a search values, in a forward pass each.
    const outputs = this.batch.run(this.model, flat);
    if (this.searchRows.length < searchRows * size) this.searchRows = new Float32Array(searchRows * size * 2);
    for (let j = 0, at = 0; j < count; j++) {
      if (!this.searched[j]) continue;
      const search = this.checked.get(envs[j])!.search!;
      this.searchRows.set(search.rows.subarray(0, search.rowCount * size), at * size);
      at += search.rowCount;
    }
    const leaves = searchRows > 0 ? afterstateOutputs(this.model, this.searchRows, searchRows, size) : this.noRows;
    for (let j = 0, base = 0, at = 0; j < count; j++) {
      const checked = this.checked.get(envs[j])!;
      const x = checked.own!;
      let values: Float32Array;
      if (this.searched[j]) {
        const search = checked.search!;
        values = search.answer(x, leaves.subarray(at * 2));
        at += search.rowCount;
      } else {
        values = outputs.subarray(base * 2);
        base += x.rowCount;
      }
      out[j] = envs[j].legal[x.bestIndex(values)];
    }
  }

  /**
   * Every legal action with the value of where it leads (the decade family: P(win); Four Ten:
   * minus the rounds still to play, a loss counting 10), best first. Among exactly equal values
   * the move nearest its target (fewest exchanges) comes first, where `act` takes the lowest id:
   * a person following the list walks no detour (docs/decisions.md, "The first hour").
   */
  score(env: Env): ActionScores {
    checkNotDisposed(this.disposed, this.name);
    checkPlaying(env, this.name);
    this.check(env);
    const x = this.expansion!;
    // A player following the top move heads for the nearest of equal targets (docs/decisions.md, "The first hour").
    x.nearestOnTies = true;
    let scored: (ScoredAction & { rank: number; steps: number; k: number })[];
    try {
      const outputs = this.evaluate(env);
      scored = Array.from({ length: env.legalCount }, (_, k) => {
        x.actionValue(k, outputs, this.value);
        return {
          action: env.legal[k],
          score: x.reportedScore(this.value),
          rank: x.score(this.value),
          steps: x.actionSteps,
          k,
        };
      });
    } finally {
      x.nearestOnTies = false;
    }
    scored.sort((a, b) => b.rank - a.rank || a.steps - b.steps || a.k - b.k);
    const unit = x.scoreUnit;
    return {
      kind: x.scoreKind,
      ...(unit ? { unit } : {}),
      actions: scored.map(({ action, score }) => ({ action, score })),
    };
  }

  /** Frees the model's weights (`Agent.dispose`); a second call does nothing. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.model.dispose();
  }

  /** Checks once per env that the model plays it (and sets up `expansion` for its layout). */
  private check(env: Env): CheckedEnv {
    let checked = this.checked.get(env);
    if (!checked) {
      assertModelFits(this.metadata, env, `model "${this.name}"`);
      // Features of another engine than the env's can only be a caller's mistake: the model's metadata named this env.
      const why =
        this.features.game === env.game
          ? this.features.unsupported(env.options)
          : `its features are for ${this.features.game.name}, not ${env.id}`;
      if (why) throw new TengymError('bad-argument', `model "${this.name}": ${why}`);
      const layout = this.features.layout(env.options);
      assertFeaturesFit(this.metadata, this.model.inputs[0].shape[1], env, layout, `model "${this.name}"`, false);
      checked = { layout, own: null, search: this.search?.create(env.options) ?? null };
      this.checked.set(env, checked);
    }
    if (this.expansion?.layout.encoding !== checked.layout.encoding)
      this.expansion = this.features.expansion(checked.layout);
    return checked;
  }

  private evaluate(env: Env): Float32Array {
    const search = this.check(env).search;
    const x = this.expansion!;
    x.expand(env);
    if (search?.ask(env, x))
      return search.answer(
        x,
        search.rowCount > 0 ? afterstateOutputs(this.model, search.rows, search.rowCount, x.layout.size) : this.noRows,
      );
    this.batched.length = 1;
    this.batched[0] = x;
    return this.batch.run(this.model, this.batched);
  }
}

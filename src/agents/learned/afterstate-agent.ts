/**
 * The afterstate agent (browser-safe): a learned value network plays by valuing the position each
 * legal action leads to (its "afterstate", as in TD-Gammon) and playing the best. The expansion of an
 * env's legal actions into rows of features, and how outputs become one score per action, are
 * src/agents/afterstate.ts's (no TensorFlow.js there); each game's features are in its folder
 * (its kit's `afterstate.features`). Here: the batched forward pass over expansions, and the agent.
 * Training is src/train/algorithms/afterstate.ts.
 */
import * as tf from './tf.js';
import type { Env } from '../../env/env.js';
import { TengymError } from '../../env/errors.js';
import {
  checkNotDisposed,
  checkPlaying,
  checkUnusedSeed,
  type ActionScores,
  type Agent,
  type ScoredAction,
} from '../agent.js';
import type {
  AfterstateExpansion,
  AfterstateFeatures,
  AfterstateSearch,
  AfterstateSearchSpec,
  FeatureLayout,
} from '../afterstate.js';
import type { ModelMetadata } from './metadata.js';
import { assertFeaturesFit, assertModelFits } from './model-fit.js';
import { inPasses } from './network.js';

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

/**
 * Afterstate agents (browser-safe): a learned value network plays by valuing the position
 * each legal action leads to (its "afterstate", as in TD-Gammon) and playing the best. The
 * games it is written for, and how their positions are expanded and encoded:
 *
 * | game | features | cost (second output) | file |
 * |------|----------|----------------------|------|
 * | one-line decade family | 'decade-line/1' (532), 'decade-loop/1' (662) | cards left at the end / 52 | afterstate-decade.ts |
 * | Four Ten | 'four-ten/2' (245) | rounds still to play / 10 | afterstate-four-ten.ts |
 *
 * How outputs become scores is in afterstate-expansion.ts.
 */
import type * as tf from '@tensorflow/tfjs';
import type { Env } from '../../env/env.js';
import { TengymError } from '../../env/errors.js';
import type { ActionScores, Agent } from '../agent.js';
import { decadeLayout, decadeUnsupported, DecadeExpansion } from './afterstate-decade.js';
import { ExpansionBatch, type AfterstateExpansion, type FeatureLayout } from './afterstate-expansion.js';
import { FOUR_TEN_LAYOUT, FourTenExpansion, fourTenUnsupported } from './afterstate-four-ten.js';
import { assertModelFits, type ModelMetadata } from './metadata.js';

export { afterstateOutputs, AfterstateExpansion, ExpansionBatch, type FeatureLayout } from './afterstate-expansion.js';

/** Why afterstate values cannot play this game with these options, or null when they can. */
export function afterstateUnsupported(engine: string, options: Record<string, unknown>): string | null {
  if (engine === 'decade') return decadeUnsupported(options);
  if (engine === 'four-ten') return fourTenUnsupported(options);
  return `afterstate values are written for the one-line decade family and Four Ten, not ${engine}`;
}

/** The features of this game's positions. */
export function featureLayout(engine: string, options: Record<string, unknown>): FeatureLayout {
  return engine === 'four-ten' ? FOUR_TEN_LAYOUT : decadeLayout(options as { loop?: boolean });
}

/** A new expansion for positions of this layout. */
export function createExpansion(layout: FeatureLayout): AfterstateExpansion {
  return layout.encoding === FOUR_TEN_LAYOUT.encoding ? new FourTenExpansion() : new DecadeExpansion(layout);
}

/**
 * An agent that plays the legal action of the highest afterstate score (the first legal
 * one on a tie). Its scores (`score`) are its expansion's: win probabilities in the decade
 * family, minus the rounds still to play in Four Ten.
 */
export class AfterstateAgent implements Agent {
  readonly fair = true;
  private expansion: AfterstateExpansion | null = null;
  /** The forward pass over the expansion's distinct rows (its buffers reused). */
  private readonly batch = new ExpansionBatch();
  private readonly batched: AfterstateExpansion[] = [];
  private readonly value = new Float64Array(2);
  private checkedEnv: Env | null = null;

  constructor(
    readonly name: string,
    readonly model: tf.LayersModel,
    readonly metadata: ModelMetadata,
  ) {}

  reset(): void {}

  act(env: Env): number {
    this.check(env);
    if (env.legalCount === 1) return env.legal[0];
    const outputs = this.evaluate(env);
    return env.legal[this.expansion!.bestIndex(outputs)];
  }

  /**
   * Every legal action with the value of where it leads (the decade family: P(win); Four Ten:
   * minus the rounds still to play, a loss counting 10), best first (ties: the order `act` breaks them).
   */
  score(env: Env): ActionScores {
    const outputs = this.evaluate(env);
    const scored = Array.from({ length: env.legalCount }, (_, k) => {
      this.expansion!.actionValue(k, outputs, this.value);
      return { action: env.legal[k], score: this.expansion!.reportedScore(this.value), rank: this.expansion!.score(this.value), k };
    });
    scored.sort((a, b) => b.rank - a.rank || a.k - b.k);
    const unit = this.expansion!.scoreUnit;
    return { kind: this.expansion!.scoreKind, ...(unit ? { unit } : {}), actions: scored.map(({ action, score }) => ({ action, score })) };
  }

  private check(env: Env): void {
    if (this.checkedEnv === env) return;
    assertModelFits(this.metadata, env, `model "${this.name}"`);
    const why = afterstateUnsupported(env.game.name, env.options as Record<string, unknown>);
    if (why) throw new TengymError('bad-argument', `model "${this.name}": ${why}`);
    const layout = featureLayout(env.game.name, env.options as Record<string, unknown>);
    const inputSize = this.model.inputs[0].shape[1];
    if (inputSize !== layout.size || (this.metadata.features !== undefined && this.metadata.features !== layout.encoding)) {
      throw new TengymError('bad-argument', `model "${this.name}" reads ${inputSize} features (${this.metadata.features ?? 'unknown format'}); ${env.id} needs ${layout.size} (${layout.encoding})`);
    }
    if (this.expansion?.layout.encoding !== layout.encoding) this.expansion = createExpansion(layout);
    this.batched[0] = this.expansion;
    this.checkedEnv = env;
  }

  private evaluate(env: Env): Float32Array {
    this.check(env);
    const x = this.expansion!;
    x.expand(env);
    return this.batch.run(this.model, this.batched);
  }
}

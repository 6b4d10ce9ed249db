/**
 * Afterstate values for the one-line decade family (`decade`, `decade-optional`,
 * `decade-fives`, `decade-loop`, `decade-max3`): what a learned value network sees, and
 * the agent that plays by it. Browser-safe.
 *
 * A decade move is a choice between positions the player can see in full: discarding a
 * run leaves a known line (its "afterstate", as in TD-Gammon), and drawing leaves the
 * line plus one card whose value has a known distribution (the unseen cards). So the
 * agent values every legal action by the network's estimate of the position it leads to:
 * a discard by that position, a draw by the average over the next card's values,
 * weighted by how many of each are unseen, and a move that ends the game by its exact
 * result. It never reads the order of the stock.
 *
 * ## Features (Float32Array of 532 per position; 662 with `loop`)
 *
 * | index       | meaning |
 * |-------------|---------|
 * | [0, 520)    | the line from its right end: the card r places left of the newest (r = 0 is the newest; with `loop`, the top card) is the 10-way one-hot at r*10 + value − 1; zero past the line's start |
 * | [520, 530)  | unseen cards of value v = 1..10 / (4 for 1..9, 16 for 10) |
 * | 530         | unseen cards / 52 |
 * | 531         | cards on the line / 52 |
 * | [532, 662)  | `loop` only: the line from its left end, the 13 oldest cards: card q (q = 0 the oldest) at 532 + q*10 + value − 1 |
 *
 * Counting from the right end is what makes the features generalise: new cards arrive
 * at the right end, so the cards near it are the ones the next draws can complete, and
 * the same pattern there means the same thing whatever the line's length. In a loop a
 * run must hold the top card and may wrap past it onto the oldest cards (at most 13 of
 * them, a run having at most 14 cards), so those are shown from the left end too.
 *
 * ## Network outputs
 *
 * Two: the logit of winning from the position, and the cards expected to be left at the
 * end / 52. An action's score is P(win) − `CARDS_TIE_WEIGHT` × cards/52: the win
 * probability decides, and the expected cards left separate positions that are all but
 * lost.
 */
import * as tf from '@tensorflow/tfjs';
import type { Env } from '../../env/env.js';
import { TengymError } from '../../env/errors.js';
import type { CardOutcome } from '../../env/game.js';
import type { DecadeOptions, DecadeState } from '../../env/games/decade.js';
import type { ActionScores, Agent } from '../agent.js';
import { assertModelFits, type ModelMetadata } from './metadata.js';

/** Features per position, and their format (recorded in a model's metadata). */
export interface FeatureLayout {
  size: number;
  /** Oldest cards shown from the left end (`loop` only, else 0). */
  oldest: number;
  encoding: string;
}

const LINE_FEATURES = 532;
const LOOP_OLDEST = 13;

export function featureLayout(options: { loop?: boolean }): FeatureLayout {
  return options.loop ? { size: LINE_FEATURES + LOOP_OLDEST * 10, oldest: LOOP_OLDEST, encoding: 'decade-loop/1' } : { size: LINE_FEATURES, oldest: 0, encoding: 'decade-line/1' };
}
/** How much the expected cards left (as a fraction of 52) counts against P(win). */
export const CARDS_TIE_WEIGHT = 0.02;

const LINE = 52;
const STOCK_AT = 520;
const STOCK_SIZE_AT = 530;
const LINE_SIZE_AT = 531;
/** Card value: A=1 … 9, T/J/Q/K=10 (card code c: rank c >> 2). */
const VALUE = Uint8Array.from({ length: 52 }, (_, c) => Math.min((c >> 2) + 1, 10));
const DRAW = 0;

/** Why afterstate values cannot play these options, or null when they can. */
export function afterstateUnsupported(engine: string, options: Record<string, unknown>): string | null {
  if (engine !== 'decade') return `afterstate values are written for the decade family, not ${engine}`;
  const o = options as Partial<DecadeOptions>;
  if (o.stacks !== 1) return 'afterstate values need one line (stacks: 1)';
  if (o.pickedUp !== 'discard') return "afterstate values need pickedUp: 'discard' (with 'deck-bottom' the stock's order can be remembered)";
  return null;
}

/**
 * Writes the features of a one-line position, optionally with one more card of value
 * `extra` (1..10) drawn onto the right end, at out[offset …].
 */
export function writeLineFeatures(s: DecadeState, extra: number, out: Float32Array, offset: number, layout: FeatureLayout): void {
  out.fill(0, offset, offset + layout.size);
  const len = s.len[0];
  let r = 0;
  if (extra > 0) out[offset + (r++) * 10 + extra - 1] = 1;
  for (let p = len - 1; p >= 0 && r < LINE; p--, r++) out[offset + r * 10 + VALUE[s.table[p]] - 1] = 1;
  for (let v = 1; v <= 10; v++) out[offset + STOCK_AT + v - 1] = (s.stockValues[v] - (v === extra ? 1 : 0)) / (v === 10 ? 16 : 4);
  out[offset + STOCK_SIZE_AT] = (s.stockLen - (extra > 0 ? 1 : 0)) / 52;
  out[offset + LINE_SIZE_AT] = (len + (extra > 0 ? 1 : 0)) / 52;
  // The oldest cards, then (on a short line) the drawn card after them.
  for (let q = 0; q < layout.oldest && q < len + (extra > 0 ? 1 : 0); q++) {
    const value = q < len ? VALUE[s.table[q]] : extra;
    out[offset + LINE_FEATURES + q * 10 + value - 1] = 1;
  }
}

/**
 * The positions each legal action leads to, as rows of features to value in one batch.
 * `expand` fills rows for the env's legal actions; `combine` turns the network's row
 * outputs into one score per legal action. Reused across calls (no per-move objects
 * beyond growth of its buffers).
 */
export class AfterstateExpansion {
  /** Feature rows, row k at rows[k*layout.size …]. */
  rows: Float32Array;
  rowCount = 0;
  /** Per legal action k: its first row and row count (0 rows: exact value below). */
  firstRow = new Int32Array(64);
  rowsOf = new Int32Array(64);
  /** Per legal action: exact P(win) and cards/52 when the action ends the game. */
  exactWin = new Float32Array(64);
  exactCards = new Float32Array(64);
  /** Per row: its weight in its action's average (a draw's card probability; 1 for a discard). */
  weight = new Float32Array(64);
  actionCount = 0;
  private scratch: Env | null = null;
  /** The env `scratch` was last checked against. */
  private scratchOf: Env | null = null;
  private readonly value = new Float64Array(2);

  constructor(readonly layout: FeatureLayout) {
    this.rows = new Float32Array(64 * layout.size);
  }

  /** Rows for every legal action of `env` (one line of the decade family, at a decision or not). */
  expand(env: Env, append = false): void {
    if (!append) this.rowCount = 0;
    const n = env.legalCount;
    this.actionCount = n;
    if (this.firstRow.length < n) {
      this.firstRow = new Int32Array(n * 2);
      this.rowsOf = new Int32Array(n * 2);
      this.exactWin = new Float32Array(n * 2);
      this.exactCards = new Float32Array(n * 2);
    }
    const s = env.rawState as DecadeState;
    if (this.scratchOf !== env) {
      // A copy to play discards in; made again only for an env of another id or options.
      if (!this.scratch || this.scratch.id !== env.id || JSON.stringify(this.scratch.options) !== JSON.stringify(env.options)) this.scratch = env.clone();
      this.scratchOf = env;
    }
    const scratch = this.scratch!;
    for (let k = 0; k < n; k++) {
      const action = env.legal[k];
      this.firstRow[k] = this.rowCount;
      if (action === DRAW) {
        // The next card is any unseen one, each value as likely as its count.
        for (let v = 1; v <= 10; v++) {
          if (s.stockValues[v] === 0) continue;
          const row = this.addRow();
          writeLineFeatures(s, v, this.rows, row * this.layout.size, this.layout);
          this.weight[row] = s.stockValues[v] / s.stockLen;
        }
      } else {
        scratch.copyFrom(env);
        scratch.step(action);
        if (!scratch.running) {
          const o = scratch.outcome() as CardOutcome;
          this.exactWin[k] = o.won ? 1 : 0;
          this.exactCards[k] = o.cardsLeft / 52;
        } else {
          const row = this.addRow();
          writeLineFeatures(scratch.rawState as DecadeState, 0, this.rows, row * this.layout.size, this.layout);
          this.weight[row] = 1;
        }
      }
      this.rowsOf[k] = this.rowCount - this.firstRow[k];
    }
  }

  /** Appends one row of the current position itself (a training sample), returning its index. */
  addPosition(env: Env): number {
    const row = this.addRow();
    writeLineFeatures(env.rawState as DecadeState, 0, this.rows, row * this.layout.size, this.layout);
    this.weight[row] = 1;
    return row;
  }

  /**
   * Scores of legal action k: [P(win), cards/52] averaged over its rows, from the network's
   * outputs (`outputs[row*2]` the win logit, `outputs[row*2+1]` cards/52).
   */
  actionValue(k: number, outputs: Float32Array, into: Float64Array): void {
    const count = this.rowsOf[k];
    if (count === 0) {
      into[0] = this.exactWin[k];
      into[1] = this.exactCards[k];
      return;
    }
    let win = 0;
    let cards = 0;
    for (let row = this.firstRow[k]; row < this.firstRow[k] + count; row++) {
      win += this.weight[row] / (1 + Math.exp(-outputs[row * 2]));
      cards += this.weight[row] * outputs[row * 2 + 1];
    }
    into[0] = win;
    into[1] = cards;
  }

  /** The index k of the legal action with the highest score (the first on a tie), from the rows' outputs. */
  bestIndex(outputs: Float32Array): number {
    let best = 0;
    let bestScore = -Infinity;
    for (let k = 0; k < this.actionCount; k++) {
      this.actionValue(k, outputs, this.value);
      const score = afterstateScore(this.value);
      if (score > bestScore) {
        bestScore = score;
        best = k;
      }
    }
    return best;
  }

  private addRow(): number {
    const row = this.rowCount++;
    if (this.rowCount * this.layout.size > this.rows.length) {
      const rows = new Float32Array(this.rows.length * 2);
      rows.set(this.rows);
      this.rows = rows;
      const weight = new Float32Array(this.weight.length * 2);
      weight.set(this.weight);
      this.weight = weight;
    }
    return row;
  }
}

/** One action's score from [P(win), cards/52]. */
export function afterstateScore(value: Float64Array): number {
  return value[0] - CARDS_TIE_WEIGHT * value[1];
}

/** The network's [win logit, cards/52] of rows[0 … count) of `size` features (one batched forward pass). */
export function afterstateOutputs(model: tf.LayersModel, rows: Float32Array, count: number, size: number): Float32Array {
  const out = tf.tidy(() => {
    const y = model.apply(tf.tensor2d(rows.subarray(0, count * size), [count, size]), { training: false }) as tf.Tensor[];
    return tf.concat(y, 1);
  });
  const values = out.dataSync() as Float32Array;
  out.dispose();
  return values;
}

/**
 * An agent that plays the legal action of the highest afterstate score (the first legal
 * one on a tie). Its scores are the win probabilities the network gives each action.
 */
export class AfterstateAgent implements Agent {
  readonly fair = true;
  private expansion: AfterstateExpansion | null = null;
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

  /** Every legal action with the win probability of where it leads, best first (ties: the order `act` breaks them). */
  score(env: Env): ActionScores {
    const outputs = this.evaluate(env);
    const scored = Array.from({ length: env.legalCount }, (_, k) => {
      this.expansion!.actionValue(k, outputs, this.value);
      return { action: env.legal[k], score: this.value[0], rank: afterstateScore(this.value), k };
    });
    scored.sort((a, b) => b.rank - a.rank || a.k - b.k);
    return { kind: 'win-probability', actions: scored.map(({ action, score }) => ({ action, score })) };
  }

  private check(env: Env): void {
    if (this.checkedEnv === env) return;
    assertModelFits(this.metadata, env, `model "${this.name}"`);
    const why = afterstateUnsupported(env.game.name, env.options as Record<string, unknown>);
    if (why) throw new TengymError('bad-argument', `model "${this.name}": ${why}`);
    const layout = featureLayout(env.options as { loop?: boolean });
    const inputSize = this.model.inputs[0].shape[1];
    if (inputSize !== layout.size || (this.metadata.features !== undefined && this.metadata.features !== layout.encoding)) {
      throw new TengymError('bad-argument', `model "${this.name}" reads ${inputSize} features (${this.metadata.features ?? 'unknown format'}); ${env.id} needs ${layout.size} (${layout.encoding})`);
    }
    if (this.expansion?.layout.encoding !== layout.encoding) this.expansion = new AfterstateExpansion(layout);
    this.checkedEnv = env;
  }

  private evaluate(env: Env): Float32Array {
    this.check(env);
    const x = this.expansion!;
    x.expand(env);
    return x.rowCount === 0 ? new Float32Array(0) : afterstateOutputs(this.model, x.rows, x.rowCount, x.layout.size);
  }
}

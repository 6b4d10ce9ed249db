/**
 * Afterstate features of the one-line decade family (`decade`, `decade-optional`,
 * `decade-fives`, `decade-loop`, `decade-max3`): what a learned value network sees, and
 * what each legal action expands to (learned/afterstate-agent.ts). Browser-safe.
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
 * end / 52 (the cost). An action's score is P(win) − 0.02 × cards/52: the win probability
 * decides, and the expected cards left separate positions that are all but lost.
 */
import type { Env } from '../../../env/env.js';
import type { Outcome } from '../../../env/game.js';
import { CARD_VALUE, DRAW, decadeGame, decadeOf, type DecadeOptions, type DecadeState } from '../engine.js';
import { AfterstateExpansion, type AfterstateFeatures, type FeatureLayout } from '../../../agents/afterstate.js';

export const LINE_FEATURES = 532;
const LOOP_OLDEST = 13;
/** How much the expected cards left (as a fraction of 52) counts against P(win). */
const CARDS_TIE_WEIGHT = 0.02;

export function decadeLayout(options: Pick<DecadeOptions, 'loop'>): FeatureLayout {
  return options.loop
    ? {
        size: LINE_FEATURES + LOOP_OLDEST * 10,
        oldest: LOOP_OLDEST,
        encoding: 'decade-loop/1',
        tieWeight: CARDS_TIE_WEIGHT,
        cost: 'cards',
      }
    : { size: LINE_FEATURES, oldest: 0, encoding: 'decade-line/1', tieWeight: CARDS_TIE_WEIGHT, cost: 'cards' };
}

/**
 * Where the table above puts each part of a one-line position (learned-search.ts writes the same encoding from its own
 * positions).
 */
export const LINE = 52;
export const STOCK_AT = 520;
export const STOCK_SIZE_AT = 530;
export const LINE_SIZE_AT = 531;

/** Why afterstate values cannot play these decade options, or null when they can. */
export function decadeUnsupported(o: DecadeOptions): string | null {
  if (o.stacks !== 1) return 'afterstate values need one line (stacks: 1)';
  if (o.pickedUp !== 'discard')
    return "afterstate values need pickedUp: 'discard' (with 'deck-bottom' the stock's order can be remembered)";
  return null;
}

/** The exact value [won, cards left / 52] of a finished game. */
function outcomeValue(outcome: Outcome, into: Float64Array): void {
  if (!('cardsLeft' in outcome)) throw new Error('a decade outcome has cardsLeft');
  into[0] = outcome.won ? 1 : 0;
  into[1] = (outcome.cardsLeft as number) / 52;
}

/**
 * Writes the features of a one-line position, optionally with one more card of value
 * `extra` (1..10) drawn onto the right end, at out[offset …].
 */
export function writeLineFeatures(
  s: DecadeState,
  extra: number,
  out: Float32Array,
  offset: number,
  layout: FeatureLayout,
): void {
  out.fill(0, offset, offset + layout.size);
  const len = s.len[0];
  let r = 0;
  if (extra > 0) out[offset + r++ * 10 + extra - 1] = 1;
  for (let p = len - 1; p >= 0 && r < LINE; p--, r++) out[offset + r * 10 + CARD_VALUE[s.table[p]] - 1] = 1;
  for (let v = 1; v <= 10; v++)
    out[offset + STOCK_AT + v - 1] = (s.stockValues[v] - (v === extra ? 1 : 0)) / (v === 10 ? 16 : 4);
  out[offset + STOCK_SIZE_AT] = (s.stockLen - (extra > 0 ? 1 : 0)) / 52;
  out[offset + LINE_SIZE_AT] = (len + (extra > 0 ? 1 : 0)) / 52;
  // The oldest cards, then (on a short line) the drawn card after them.
  for (let q = 0; q < layout.oldest && q < len + (extra > 0 ? 1 : 0); q++) {
    const value = q < len ? CARD_VALUE[s.table[q]] : extra;
    out[offset + LINE_FEATURES + q * 10 + value - 1] = 1;
  }
}

/**
 * The positions a one-line decade position's legal actions lead to: a discard's known line
 * (played in a scratch copy of the env), a draw's line plus each unseen value, weighted by its
 * count, and a move that ends the game by its exact result. Reused across calls.
 */
export class DecadeExpansion extends AfterstateExpansion {
  private scratch: Env | null = null;
  /** The env `scratch` was last checked against. */
  private scratchOf: Env | null = null;
  private readonly exact = new Float64Array(2);

  expand(env: Env): void {
    this.clear();
    const n = env.legalCount;
    this.actionCount = n;
    const s = decadeState(env);
    if (this.scratchOf !== env) {
      // A copy to play discards in; made again only for an env of another id or options.
      if (
        !this.scratch ||
        this.scratch.id !== env.id ||
        JSON.stringify(this.scratch.options) !== JSON.stringify(env.options)
      )
        this.scratch = env.clone();
      this.scratchOf = env;
    }
    const scratch = this.scratch!;
    const F = this.layout.size;
    for (let k = 0; k < n; k++) {
      const action = env.legal[k];
      this.beginAction(k);
      if (action === DRAW) {
        // The next card is any unseen one, each value as likely as its count.
        for (let v = 1; v <= 10; v++) {
          if (s.stockValues[v] === 0) continue;
          const row = this.addRow(s.stockValues[v] / s.stockLen);
          writeLineFeatures(s, v, this.rows, row * F, this.layout);
        }
      } else {
        scratch.copyFrom(env);
        scratch.step(action);
        if (!scratch.running) {
          outcomeValue(scratch.outcome(), this.exact);
          this.exactWin[k] = this.exact[0];
          this.exactCost[k] = this.exact[1];
        } else {
          const row = this.addRow(1);
          writeLineFeatures(decadeState(scratch), 0, this.rows, row * F, this.layout);
        }
      }
      this.endAction(k);
    }
  }
}

/** The engine state of a decade env (an expansion is made for its features' game only). */
function decadeState(env: Env): DecadeState {
  const decade = decadeOf(env);
  if (!decade) throw new Error(`${env.id} is not a decade env`);
  return decade.state;
}

export const DECADE_FEATURES: AfterstateFeatures<DecadeOptions> = {
  game: decadeGame,
  unsupported: decadeUnsupported,
  layout: decadeLayout,
  expansion: (layout) => new DecadeExpansion(layout),
  outcomeValue,
};

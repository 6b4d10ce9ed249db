/**
 * The triangle layout's observation (the table in triangle-game.ts): written in full into a new buffer, then updated
 * in place after moves that only take cards away, and its bounds. The hot path (observe) allocates nothing.
 */
import { DECK_SIZE } from '../cards.js';
import type { ObservationBounds } from '../game.js';
import { observePileRow } from './piles.js';
import type { TriangleRules, TriangleState } from './triangle.js';
import { freeSlots } from './triangle-shape.js';

/** Writes the observation in full (the game's `observe` on a new buffer, or after a change it does not follow). */
function writeObservation(s: TriangleState, out: Float32Array): void {
  const r = s.rules;
  out.fill(0);
  const present = s.present;
  for (let i = 0; i < r.slots; i++) {
    if (((present >>> i) & 1) === 0) continue;
    if ((present & r.coverMask[i]) === 0) out[r.obsFree + i] = 1;
    else if ((r.faceDownMask >>> i) & 1) {
      // Face down: unseen, counted with the stock's unseen cards.
      out[r.obsStockCounts + (s.cards[i] >> 2)] += 0.25;
      continue;
    }
    out[13 * i + (s.cards[i] >> 2)] = 1;
  }
  if (r.pileCount > 0) observePileRow(r.pileRow, s.piles, out, r.obsPiles, r.obsPileHeights, -1);
  if (r.hasTalon) observeTalon(s, out);
}

/** The talon's cards in the observation: the tops, then the waste's and the stock's counts (zero before). */
function observeTalon(s: TriangleState, out: Float32Array): void {
  const r = s.rules;
  if (s.cursor > 0) out[r.obsWasteTop + (s.talon[s.cursor - 1] >> 2)] = 1;
  const faceUp = r.topPlayable && s.cursor < s.talonLen;
  if (faceUp) out[r.obsStockTop + (s.talon[s.cursor] >> 2)] = 1;
  for (let k = 0; k < s.cursor; k++) out[r.obsWasteCounts + (s.talon[k] >> 2)] += 0.25;
  for (let k = faceUp ? s.cursor + 1 : s.cursor; k < s.talonLen; k++) out[r.obsStockCounts + (s.talon[k] >> 2)] += 0.25;
}

/**
 * Updates `obsOut` in place after moves that only took cards away: the slots that left or were uncovered, the piles
 * that shrank, the talon's floats when it changed. False, having written nothing that matters, where a card left
 * while the observation showed it face down (only a state not observed after each step): the caller writes anew.
 */
function updateObservation(s: TriangleState, out: Float32Array): boolean {
  const r = s.rules;
  const was = s.obsPresent;
  const now = s.present;
  if (was !== now) {
    // Only the slots that left and those they uncovered change: the free slots before and after, as bits.
    const freeWas = freeSlots(was, r.rows);
    for (let x = was & ~now; x !== 0; x &= x - 1) {
      const i = 31 - Math.clz32(x & -x);
      if (((freeWas >>> i) & 1) === 0 && ((r.faceDownMask >>> i) & 1) === 1) return false;
      out.fill(0, 13 * i, 13 * i + 13);
      out[r.obsFree + i] = 0;
    }
    for (let x = freeSlots(now, r.rows) & ~freeWas; x !== 0; x &= x - 1) {
      const i = 31 - Math.clz32(x & -x);
      out[r.obsFree + i] = 1;
      if ((r.faceDownMask >>> i) & 1) {
        const rank = s.cards[i] >> 2;
        out[r.obsStockCounts + rank] -= 0.25;
        out[13 * i + rank] = 1;
      }
    }
  }
  const height = r.pileRow.height;
  for (let p = 0; p < r.pileCount; p++) {
    const h = s.piles.heights[p];
    if (h === s.obsHeights[p]) continue;
    const at = r.obsPiles + p * height * 13;
    out.fill(0, at, at + height * 13);
    for (let d = 0; d < h; d++) out[at + d * 13 + (s.piles.cards[p * height + h - 1 - d] >> 2)] = 1;
    out[r.obsPileHeights + p] = h / height;
  }
  if (r.hasTalon && (s.cursor !== s.obsCursor || s.talonLen !== s.obsTalonLen)) {
    // The talon's floats anew; the face-down slots' cards count with the stock's unseen ones.
    out.fill(0, r.obsWasteTop, r.obsStockSize);
    for (let x = now & r.faceDownMask; x !== 0; x &= x - 1) {
      const slot = 31 - Math.clz32(x & -x);
      if ((now & r.coverMask[slot]) !== 0) out[r.obsStockCounts + (s.cards[slot] >> 2)] += 0.25;
    }
    observeTalon(s, out);
  }
  return true;
}

/** Whether the moves since `obsOut` was written only took cards away from the triangle and the piles. */
function onlyCardsLeft(s: TriangleState): boolean {
  if ((s.present & ~s.obsPresent) !== 0) return false;
  for (let p = 0; p < s.rules.pileCount; p++) if (s.piles.heights[p] > s.obsHeights[p]) return false;
  return true;
}

/** The game's `observe`: written in full into a new buffer, then only what the moves since changed. */
export function observe(s: TriangleState, _o: unknown, out: Float32Array): void {
  const r = s.rules;
  if (s.obsOut !== out || !onlyCardsLeft(s) || !updateObservation(s, out)) writeObservation(s, out);
  s.obsOut = out;
  s.obsPresent = s.present;
  s.obsCursor = s.cursor;
  s.obsTalonLen = s.talonLen;
  if (r.pileCount > 0) s.obsHeights.set(s.piles.heights);
  if (!r.hasTalon) return;
  const at = r.obsStockSize;
  out[at] = (s.talonLen - s.cursor) / r.talonSize;
  out[at + 1] = s.cursor / r.talonSize;
  out[at + 2] = r.unlimited ? 1 : (r.passLimit - s.pass) / 2;
  out[at + 3] = s.pass > 1 ? 1 : 0;
  out[at + 4] = s.steps / r.maxSteps;
  if (r.obsPassRemoved >= 0) out[r.obsPassRemoved] = s.removed > s.passStartRemoved ? 1 : 0;
}

/**
 * Every float in [0, 1], and steps / maxSteps at most min(maxSteps, removals + (talon + 1)·passes − 1)
 * / maxSteps with finite passes: at most 4 removals a single rank, the other cards in pairs; a draw per
 * talon card a pass; a turn-over between passes.
 */
export function observationBounds(r: TriangleRules): ObservationBounds {
  const low = new Float32Array(r.observationSize);
  const high = new Float32Array(r.observationSize).fill(1);
  const alone = 4 * r.singles.length;
  const most = alone + (DECK_SIZE - alone) / 2 + (r.talonSize + 1) * r.passLimit - 1;
  if (r.hasTalon && !r.unlimited) high[r.obsSteps] = Math.min(r.maxSteps, most) / r.maxSteps;
  for (let p = 0; p < r.pileCount; p++) high[r.obsPileHeights + p] = r.pileRow.piles[p] / r.pileRow.height;
  return { low, high };
}

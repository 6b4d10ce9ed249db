/**
 * The slot layout's group pile (slots.ts has the layout; `groupPile` in slot-rules.ts declares it): any slot
 * card goes on one open pile, which goes out at a sum of number cards or as one card of each set rank. Its
 * moves, its step and its observation, on the hot path of the games that have one: nothing here allocates.
 */
import { EMPTY_RANK, NOTE_PILE_OUT, type SlotRules, type SlotState } from './slot-rules.js';

/** `pileSets`' flag for a set rank put on the pile twice: such a pile never goes out. */
export const PILE_TWICE = 0x80;

/** Whether the group pile can still go out: empty, number cards under the sum, or set ranks once each alone. */
export function pileCanGoOut(s: SlotState): boolean {
  if (s.pileSetCards === 0) return s.pileTotal < s.rules.pileSum;
  return s.pileSetCards === s.pileSize && (s.pileSets & PILE_TWICE) === 0;
}

/** Puts `card` on the group pile; when it makes the pile go out, empties the pile and returns its size, else 0. */
export function addToPile(s: SlotState, card: number): number {
  const r = s.rules;
  s.pile[s.pileSize++] = card;
  const bit = r.pileSetBit[card >> 2];
  if (bit === 0) s.pileTotal += (card >> 2) + 1;
  else {
    s.pileSets |= (s.pileSets & bit) !== 0 ? PILE_TWICE : bit;
    s.pileSetCards++;
  }
  const out =
    s.pileSetCards === 0 ? s.pileTotal === r.pileSum : s.pileSets === r.pileSetFull && s.pileSetCards === s.pileSize;
  if (!out) return 0;
  s.pileOut = s.pileSize;
  s.pileSize = 0;
  s.pileTotal = 0;
  s.pileSets = 0;
  s.pileSetCards = 0;
  s.note = NOTE_PILE_OUT;
  return s.pileOut;
}
/** Marks the group pile's moves, every card while the pile can go out; with a pile that cannot, none at all. */
export function legalPile(s: SlotState, mask: Uint8Array, legal: Int32Array, n: number): number {
  if (!pileCanGoOut(s)) {
    mask.fill(0);
    return 0;
  }
  let bits = ~s.rankSlots[EMPTY_RANK] & ((1 << s.rules.slots) - 1);
  while (bits !== 0) {
    const bit = bits & -bits;
    bits ^= bit;
    const a = s.rules.pileBase + 31 - Math.clz32(bit);
    mask[a] = 1;
    legal[n++] = a;
  }
  return n;
}

/** The pile's features: its rank counts / 4, then its number cards' total / the sum (observe zeroed them). */
export function observePile(s: SlotState, out: Float32Array): void {
  const r = s.rules;
  for (let k = 0; k < s.pileSize; k++) out[r.pileAt + (s.pile[k] >> 2)] += 0.25;
  out[r.pileAt + 13] = s.pileTotal / r.pileSum;
}

/** The pile total's highest observed value: under the sum while it can go out, plus the value that ends it. */
export function pileTotalHigh(r: SlotRules): number {
  let top = 0;
  for (let rank = 0; rank < 13; rank++) if (r.pileSetBit[rank] === 0) top = rank + 1;
  return (r.pileSum - 1 + top) / r.pileSum;
}

/**
 * "Did you mean …?" for mistyped names (env ids, option keys, flags). Browser-safe.
 */
import { showName } from './errors.js';

/** The longest word compared for a suggestion: past it a name is no typo of an id, a key or a flag. */
export const MAX_SUGGESTED_LENGTH = 64;

/**
 * Edit distance (insertions, deletions, substitutions, and swaps of two neighbours count 1), or any number above
 * `bound` once the distance is known to pass it: three rows of the matrix, and a stop as soon as a row's least value
 * passes the bound (two strings whose lengths differ by more than it are not compared at all).
 */
export function editDistance(a: string, b: string, bound = Infinity): number {
  if (Math.abs(a.length - b.length) > bound) return bound + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      row[j] = d;
      if (d < least) least = d;
    }
    if (least > bound) return bound + 1;
    [before, previous, row] = [previous, row, before];
  }
  return previous[b.length];
}

/**
 * The candidate closest to `word` (case-insensitive), when it is close enough to be a typo: at
 * most a third of the word's letters off (at least one), or `word` is a prefix of it. Null otherwise, and for a word
 * longer than `MAX_SUGGESTED_LENGTH` (a million characters cost a million-row matrix per candidate).
 */
export function closest(word: string, candidates: readonly string[]): string | null {
  if (word.length > MAX_SUGGESTED_LENGTH) return null;
  const w = word.toLowerCase();
  const allowed = Math.max(1, Math.floor(word.length / 3));
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const c of candidates) {
    if (c.length > MAX_SUGGESTED_LENGTH) continue;
    const distance = editDistance(w, c.toLowerCase(), Math.min(allowed, bestDistance));
    if (distance < bestDistance) {
      best = c;
      bestDistance = distance;
    }
  }
  if (best !== null && bestDistance <= allowed) return best;
  const prefixed = candidates.filter((c) => c.toLowerCase().startsWith(w));
  return w.length >= 3 && prefixed.length === 1 ? prefixed[0] : null;
}

/** The keys of an object schema (zod's `shape`); none for another kind of schema, whose keys are not known. */
export function schemaKeys(schema: unknown): string[] {
  return Object.keys((schema as { shape?: object }).shape ?? {});
}

/**
 * `unknown NOUN "key" (did you mean …?); LABEL: every key` for the first key of `given` that is not
 * one of `keys`, or null (null too when no keys are known).
 */
export function unknownKey(given: object, keys: readonly string[], noun: string, label: string): string | null {
  if (keys.length === 0) return null;
  const key = Object.keys(given).find((k) => !keys.includes(k));
  return key === undefined
    ? null
    : `unknown ${noun} ${showName(key)}${didYouMean(key, keys)}; ${label}: ${keys.join(', ')}`;
}

/** ` (did you mean "decade"?)`, or '' when nothing is close. */
export function didYouMean(word: string, candidates: readonly string[], quote = '"'): string {
  const c = closest(word, candidates);
  return c === null ? '' : ` (did you mean ${quote}${c}${quote}?)`;
}

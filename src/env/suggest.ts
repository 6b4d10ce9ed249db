/**
 * "Did you mean …?" for mistyped names (env ids, option keys, flags). Browser-safe.
 */

/** Edit distance (insertions, deletions, substitutions, and swaps of two neighbours count 1). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * The candidate closest to `word` (case-insensitive), when it is close enough to be a typo: at
 * most a third of the word's letters off (at least one), or `word` is a prefix of it. Null otherwise.
 */
export function closest(word: string, candidates: readonly string[]): string | null {
  const w = word.toLowerCase();
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const distance = editDistance(w, c.toLowerCase());
    if (distance < bestDistance) {
      best = c;
      bestDistance = distance;
    }
  }
  if (best !== null && bestDistance <= Math.max(1, Math.floor(word.length / 3))) return best;
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
  return key === undefined ? null : `unknown ${noun} "${key}"${didYouMean(key, keys)}; ${label}: ${keys.join(', ')}`;
}

/** ` (did you mean "decade"?)`, or '' when nothing is close. */
export function didYouMean(word: string, candidates: readonly string[], quote = '"'): string {
  const c = closest(word, candidates);
  return c === null ? '' : ` (did you mean ${quote}${c}${quote}?)`;
}

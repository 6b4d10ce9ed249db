// How much of the long random sweeps (the contract checker's games, random-game
// invariants) a run plays: all of them in `npm test`; `npm run mutate` sets
// TENGYM_TEST_SCALE=0.02, since it runs the engine tests once per mutant.
const raw = process.env.TENGYM_TEST_SCALE;
const scale = raw === undefined || raw === '' ? 1 : Number(raw);
if (!(scale > 0 && scale <= 1))
  throw new Error(`TENGYM_TEST_SCALE must be a number in (0, 1], got ${JSON.stringify(raw)}`);

/** `n` games at full scale; at least `least` in a scaled-down run. */
export function scaled(n: number, least = 20): number {
  return Math.max(Math.min(n, least), Math.round(n * scale));
}

// How much of the long random sweeps (the contract checker's games, random-game invariants, the
// agents' and solvers' sampled deals) a run plays. `npm test` plays a quarter of them by default:
// a bug that random games meet at all shows within a few hundred games, and the sweeps were most
// of the suite's time. TENGYM_TEST_SCALE=1 plays all of them (the figures in the docs were
// measured there); `npm run mutate` sets 0.02, since it runs the engine tests once per mutant.
const DEFAULT_SCALE = 0.25;
const raw = process.env.TENGYM_TEST_SCALE;
export const scale = raw === undefined || raw === '' ? DEFAULT_SCALE : Number(raw);
if (!(scale > 0 && scale <= 1))
  throw new Error(`TENGYM_TEST_SCALE must be a number in (0, 1], got ${JSON.stringify(raw)}`);

/** True when the run plays everything (TENGYM_TEST_SCALE=1): for the checks that cannot be scaled by a count. */
export const fullScale = scale === 1;

/** `n` games at full scale; at least `least` in a scaled-down run. */
export function scaled(n: number, least = 20): number {
  return Math.max(Math.min(n, least), Math.round(n * scale));
}

/**
 * The registry's size the per-id sweeps were sized for. Past it, `perId` shrinks each id's share, so that a sweep over
 * every id costs about the same however many ids the registry holds (each id's floor aside).
 */
export const IDS_SIZED_FOR = 20;

/**
 * `scaled(n, least)` for one id of a sweep over `ids` ids: below full scale, each id's share shrinks by
 * IDS_SIZED_FOR / ids once there are more ids than that. At TENGYM_TEST_SCALE=1 every id plays all `n`.
 */
export function perId(n: number, ids: number, least = 20): number {
  const share = fullScale ? 1 : Math.min(1, IDS_SIZED_FOR / ids);
  return Math.max(Math.min(n, least), Math.round(n * scale * share));
}

/**
 * The items a sweep covers where each item costs seconds (a browser game per id, a solver's deals per id): all of them
 * at full scale; below it, `count` of them spread evenly over the list, the first always among them. The registry lists
 * an engine's ids together, so an even spread reaches as many engines as it can. TENGYM_TEST_SAMPLE=K shifts the
 * spread by K places, for another sample of the same size.
 */
export function sampled<T>(items: readonly T[], count: number): T[] {
  if (fullScale || items.length <= count) return [...items];
  const shift = Number(process.env.TENGYM_TEST_SAMPLE ?? 0) || 0;
  const picks = new Set<number>();
  for (let k = 0; k < count; k++) picks.add((Math.floor((k * items.length) / count) + shift) % items.length);
  return [...picks].sort((a, b) => a - b).map((i) => items[i]);
}

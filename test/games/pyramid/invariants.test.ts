// Pyramid's legal moves against a second, plain reading of the rules from the state JSON, at every
// step of many random games under many option sets; and the observation against the JSON.
import { describe, expect, it } from 'vitest';
import { parseCardCode } from '../../../src/env/cards.js';
import { make } from '../../../src/env/registry.js';
import { createRng, randomInt } from '../../../src/env/rng.js';
import { scaled } from '../../helpers/scale.js';

interface GameJson {
  pyramid: (string | null)[];
  stockTop: string | null;
  stock: string[];
  waste: string[];
  removed: string[];
  pass: number;
  steps: number;
}

interface Options {
  passes: 1 | 2 | 3 | 'unlimited';
  goal: 'all' | 'pyramid';
  stockTopPlayable: boolean;
  stockWastePair: boolean;
  overlapPairs: boolean;
  maxSteps: number;
}

/** A card's value: A 1 … K 13. */
const value = (code: string): number => (parseCardCode(code) >> 2) + 1;

/** The pair ids of places p < q (0–27 slots, 28 the waste's top, 29 the stock's top), counted out. */
const PAIR_ID = new Map<string, number>();
for (let p = 0, id = 0; p < 30; p++) for (let q = p + 1; q < 30; q++) PAIR_ID.set(`${p},${q}`, id++);

/** The slots over slot i (row r, card c): (r+1, c) and (r+1, c+1). */
function coverers(i: number): number[] {
  let r = 0;
  while (((r + 1) * (r + 2)) / 2 <= i) r++;
  const c = i - (r * (r + 1)) / 2;
  if (r === 6) return [];
  const below = ((r + 1) * (r + 2)) / 2;
  return [below + c, below + c + 1];
}

/** The legal ids by the rules as rules.md states them, read off the state JSON. */
function referenceLegal(g: GameJson, o: Options): number[] {
  const present = (i: number) => g.pyramid[i] !== null;
  if (o.goal === 'all' ? g.removed.length === 52 : g.pyramid.every((c) => c === null)) return [];
  const free = (i: number) => present(i) && coverers(i).every((j) => !present(j));
  const available = new Map<number, string>();
  for (let i = 0; i < 28; i++) if (free(i)) available.set(i, g.pyramid[i]!);
  if (g.waste.length > 0) available.set(28, g.waste[g.waste.length - 1]);
  if (o.stockTopPlayable && g.stockTop !== null) available.set(29, g.stockTop);
  const ids: number[] = [];
  const places = [...available.keys()].sort((a, b) => a - b);
  for (const p of places) {
    for (const q of places) {
      if (q <= p || value(available.get(p)!) + value(available.get(q)!) !== 13) continue;
      if (p === 28 && q === 29 && !o.stockWastePair) continue;
      ids.push(PAIR_ID.get(`${p},${q}`)!);
    }
  }
  if (o.overlapPairs) {
    for (let i = 0; i < 28; i++) {
      const over = coverers(i).filter(present);
      if (!present(i) || over.length !== 1 || !free(over[0])) continue;
      if (value(g.pyramid[i]!) + value(g.pyramid[over[0]]!) === 13) ids.push(PAIR_ID.get(`${i},${over[0]}`)!);
    }
  }
  for (const p of places) if (value(available.get(p)!) === 13) ids.push(435 + p);
  const removals = ids.length;
  const stockLeft = (g.stockTop === null ? 0 : 1) + g.stock.length;
  if (stockLeft > 0) ids.push(465);
  else if (g.waste.length > 0 && (o.passes === 'unlimited' || g.pass < o.passes)) ids.push(466);
  if (o.passes === 'unlimited' && removals === 0 && ids.length > 0) {
    // Over: no stock or waste card a king, none pairing with a free pyramid card, and (when the two top cards pair)
    // no two pairing.
    const talon = [...g.waste, ...(g.stockTop ? [g.stockTop] : []), ...g.stock].map(value);
    const freeValues = [...available.entries()].filter(([p]) => p < 28).map(([, c]) => value(c));
    const ahead = talon.some(
      (v, k) =>
        v === 13 ||
        freeValues.includes(13 - v) ||
        (o.stockTopPlayable && o.stockWastePair && talon.some((w, j) => j !== k && v + w === 13)),
    );
    if (!ahead) return [];
  }
  if (ids.length > 0 && g.steps >= o.maxSteps) return [];
  return ids.sort((a, b) => a - b);
}

const OPTION_SETS: Partial<Options>[] = [
  {},
  { passes: 1 },
  { goal: 'pyramid' },
  { passes: 'unlimited', goal: 'pyramid', maxSteps: 300 },
  { passes: 'unlimited', maxSteps: 150 },
  { stockTopPlayable: false },
  { stockWastePair: false, passes: 2 },
  { overlapPairs: true },
  { overlapPairs: true, passes: 'unlimited', stockWastePair: false, maxSteps: 200 },
  { overlapPairs: true, stockTopPlayable: false, goal: 'pyramid', passes: 1 },
];

describe('the legal moves, read again from the rules', () => {
  it.each(OPTION_SETS)('agree with the engine at every step of random games: %j', (options) => {
    const games = scaled(60, 5);
    const rng = createRng(31);
    let steps = 0;
    for (let seed = 0; seed < games; seed++) {
      const env = make('pyramid', options);
      env.reset({ seed });
      const o = env.options as unknown as Options;
      for (;;) {
        const g = env.getState().game as GameJson;
        expect(env.legalActions(), `seed ${seed} step ${env.episodeSteps}`).toEqual(referenceLegal(g, o));
        // Every card once; the observation's stock and waste counts are the JSON's.
        expect(
          new Set([
            ...g.pyramid.filter((c) => c !== null),
            ...(g.stockTop ? [g.stockTop] : []),
            ...g.stock,
            ...g.waste,
            ...g.removed,
          ]).size,
        ).toBe(52);
        expect(Math.round(env.observation[444] * 24)).toBe((g.stockTop ? 1 : 0) + g.stock.length);
        expect(Math.round(env.observation[445] * 24)).toBe(g.waste.length);
        if (!env.running) break;
        // Removals are chosen more often than draws, so that games go deep into the pyramid.
        const legal = env.legalActions();
        const removals = legal.filter((a) => a < 465);
        const pick = removals.length > 0 && randomInt(rng, 0, 3) > 0 ? removals : legal;
        env.step(pick[randomInt(rng, 0, pick.length - 1)]);
        steps++;
      }
    }
    expect(steps).toBeGreaterThan(games * 10);
  });
});

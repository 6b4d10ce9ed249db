// The Card Merge 10 example (examples/card-merge-10/reducer.ts): an app's game layer on tengym's public API in under
// 50 lines, with no action-id scanning, no board diffing and no constants of the game's own. Bundled as an app
// bundles it (tengym/engine and tengym/games/pairing resolved to the package's source), it plays seeded games to the
// same ends as the env itself.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { make } from '../../src/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EXAMPLE = join(ROOT, 'examples', 'card-merge-10', 'reducer.ts');
const OUT = mkdtempSync(join(tmpdir(), 'tengym-example-'));
afterAll(() => rmSync(OUT, { recursive: true, force: true }));

type Reducer = typeof import('../../examples/card-merge-10/reducer.js');
type Game = import('../../examples/card-merge-10/reducer.js').Game;

/** Plays the hinted move by taps (or the deal when that is the hint). */
function playHint(r: Reducer, g: Game): Game {
  let next = r.reduce(g, { type: 'hint' });
  const slots = next.hint ?? [];
  if (slots.length === 0) return r.reduce(next, { type: 'deal' });
  for (const slot of slots) next = r.reduce(next, { type: 'tap', slot });
  return next;
}

/** The example bundled with the light runtime's entries from the source, and loaded. */
async function reducer(): Promise<Reducer> {
  const file = join(OUT, 'reducer.mjs');
  await build({
    entryPoints: [EXAMPLE],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    alias: {
      'tengym/engine': join(ROOT, 'src', 'engine.ts'),
      'tengym/games/pairing': join(ROOT, 'src', 'games', 'pairing', 'index.ts'),
    },
    outfile: file,
    logLevel: 'error',
  });
  return (await import(pathToFileURL(file).href)) as Reducer;
}

/**
 * A seeded game played by the example: the hinted move tapped card by card (the tap's lit partners checked), a deal
 * into empty slots when that is the hint, an undo every fifth move while undos last; its fingerprint is every
 * move's events and the end.
 */
function playExample(r: Reducer, seed: number, size: 13 | 15, variant: 'strict' | 'buffered'): string {
  let g = r.reduce(null, { type: 'new', seed, size, variant });
  const lines: string[] = [];
  for (let n = 0; r.outcome(g) === null; n++) {
    g = r.reduce(g, { type: 'hint' });
    const slots = g.hint ?? [];
    expect(slots, `seed ${seed} move ${n}`).not.toBeNull();
    if (slots.length === 0) g = r.reduce(g, { type: 'deal' });
    for (const [i, slot] of slots.entries()) {
      g = r.reduce(g, { type: 'tap', slot });
      if (i < slots.length - 1) expect(g.lit).toContain(slots[i + 1]);
    }
    expect(g.selected).toEqual([]);
    lines.push(`${g.events.length} ${g.events.map((e) => e.move?.label).join(', ')}`);
    if (n % 5 === 4) {
      const before = g;
      g = r.reduce(g, { type: 'undo' });
      lines.push(`undo ${g === before ? 'none' : g.events[0].placed.map((c) => c.code).join(' ')}`);
    }
  }
  return `${lines.join('\n')}\n${JSON.stringify(r.outcome(g))}`;
}

describe('examples/card-merge-10/reducer.ts', () => {
  it('is at most 50 lines without comments, reads no action ids, diffs no board, keeps no game constants', () => {
    const text = readFileSync(EXAMPLE, 'utf8');
    const code = text.split('\n').filter((line) => !/^\s*(\/\/|\/\*\*|\*)/.test(line));
    expect(code.join('\n').trimEnd().split('\n').length).toBeLessThanOrEqual(50);
    expect(text).not.toMatch(/legalActions|\.legal\b|actionCards|actionMask|getState|board\(\)|rawState/);
    expect(text).not.toMatch(/\b(DECK_SIZE|RANKS|SUITS)\b|const\s+\w+\s*=\s*\d/);
  });

  it('deals the daily and a winnable deal, keeps statistics across deals, and restores a save', async () => {
    const r = await reducer();
    let g = r.reduce(null, { type: 'new', daily: '2026-11-27' });
    while (r.outcome(g) === null) g = playHint(r, g);
    expect(Object.keys(r.stats(g).daily)).toEqual(['2026-11-27']);
    g = r.reduce(g, { type: 'new', winnable: true });
    g = playHint(r, g);
    const restored = r.reduce(null, { type: 'restore', save: JSON.parse(JSON.stringify(r.save(g))) });
    expect(restored.session.env.getState()).toEqual(g.session.env.getState());
    expect(r.stats(restored)).toEqual(r.stats(g));
    while (r.outcome(g) === null) g = playHint(r, g);
    expect(r.outcome(g)?.won).toBe(true);
    expect(r.stats(g)).toMatchObject({ games: 2, wins: 1, streak: 1 });
  });

  it.each([
    [13, 'strict'],
    [15, 'strict'],
    [13, 'buffered'],
    [15, 'buffered'],
  ] as const)('plays seeded games of %i slots, %s, to the env’s own ends', async (size, variant) => {
    const r = await reducer();
    for (let seed = 0; seed < 20; seed++) {
      const print = playExample(r, seed, size, variant);
      const env = make('tens', { tableau: size, refill: variant });
      env.reset({ seed });
      while (env.running) env.step(env.legal[0]);
      // Tens ends the same whatever the order (sameOutcome), and an undo changes no end.
      expect(JSON.parse(print.slice(print.lastIndexOf('\n') + 1))).toMatchObject(env.outcome());
    }
  });
});

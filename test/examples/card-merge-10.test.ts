// The Card Merge 10 example (examples/card-merge-10/reducer.ts): an app's game layer on tengym's public API in under
// 50 lines, with no action-id scanning, no board diffing and no constants of the game's own. Bundled as an app
// bundles it ('tengym' resolved to the package's source), it plays seeded games to the same ends as the env itself.
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

/** The example bundled with 'tengym' as the source's root, and loaded. */
async function reducer(): Promise<Reducer> {
  const file = join(OUT, 'reducer.mjs');
  await build({
    entryPoints: [EXAMPLE],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    alias: { tengym: join(ROOT, 'src', 'index.ts') },
    outfile: file,
    logLevel: 'error',
  });
  return (await import(pathToFileURL(file).href)) as Reducer;
}

/**
 * A seeded game played by the example: the hinted move, a tap's partners checked, an undo every fifth move while
 * undos last; its fingerprint is every step's events and the end.
 */
function playExample(r: Reducer, seed: number, size: 13 | 15, variant: 'strict' | 'buffered'): string {
  const env = r.initGame(seed, size, variant);
  const lines: string[] = [];
  for (let n = 0; r.outcome(env) === null; n++) {
    const scan = r.scanLegalMoves(env);
    const slots = r.hint(env) ?? [];
    if (slots.length > 0) expect(r.partners(env, slots[0])).toContain(slots[1] ?? slots[0]);
    const events = slots.length === 0 ? r.refill(env) : r.removeCards(env, slots);
    expect(events, `seed ${seed} move ${n}`).not.toBeNull();
    lines.push(`${scan.pairsTo10.length}/${scan.quartets.length} ${events?.move?.label}`);
    if (n % 5 === 4)
      lines.push(
        `undo ${
          r
            .undo(env)
            ?.placed.map((c) => c.code)
            .join(' ') ?? 'none'
        }`,
      );
  }
  return `${lines.join('\n')}\n${JSON.stringify(r.outcome(env))}`;
}

describe('examples/card-merge-10/reducer.ts', () => {
  it('is under 50 lines, and reads no action ids, diffs no board and keeps no constants of the game', () => {
    const text = readFileSync(EXAMPLE, 'utf8');
    expect(text.trimEnd().split('\n').length).toBeLessThan(50);
    expect(text).not.toMatch(/legalActions|\.legal\b|actionCards|actionMask|getState|board\(\)|rawState/);
    expect(text).not.toMatch(/\b(DECK_SIZE|RANKS|SUITS)\b|const\s+\w+\s*=\s*\d/);
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

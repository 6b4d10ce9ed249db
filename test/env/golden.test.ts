// Golden playthroughs: recorded games per id and option variant. Any change to the
// rules, the action ids, the seeding or the state format shows up here as a diff.
// Regenerate (after a deliberate change, reviewed in the diff) with: npm run golden
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { makeBasicPolicy } from '../../src/agents/basic.js';
import type { Env } from '../../src/env/env.js';
import { playthrough } from '../../src/env/playthrough.js';
import { envIds, make } from '../../src/env/registry.js';
import { allChecks, type GoldenCase } from '../helpers/game-checks.js';

const UPDATE = process.env.GOLDEN_UPDATE === '1';
const MAX_STEPS = 150;

type Case = GoldenCase;

/**
 * Each game's golden cases (its test folder's checks.ts); an id no game's checks name gets one of its own: random
 * play from seeds 1 and 2, so that a new game is recorded as soon as it is registered.
 */
const CASES: Case[] = [
  ...allChecks().flatMap((c) => c.goldens ?? []),
  ...envIds()
    .filter((id) => !allChecks().some((c) => (c.goldens ?? []).some((g) => g.id === id)))
    .map((id) => ({ file: id, id, options: {}, seeds: [1, 2] })),
];

/** The game on each seed (random play, or the case's own player), cut at MAX_STEPS steps, as JSON Lines. */
function record(c: Case): string {
  const lines: string[] = [];
  for (const seed of c.seeds) {
    const env = make(c.id, c.options);
    const random = makeBasicPolicy('random', seed);
    const act = c.policy ? c.policy(seed) : (e: Env) => random.act(e);
    playthrough(
      env,
      { seed },
      (e, step) => (step > MAX_STEPS ? undefined : act(e)),
      (line) => lines.push(JSON.stringify(line)),
    );
  }
  return lines.join('\n') + '\n';
}

/**
 * The recorded lines of a golden file. Only `npm run golden` (GOLDEN_UPDATE=1) writes one;
 * a missing file is a failure, never a fresh recording that passes.
 */
function goldenLines(path: URL, actual: string, update = UPDATE): string[] {
  if (update) writeFileSync(path, actual);
  else if (!existsSync(path))
    throw new Error(`missing golden file ${path.pathname}: record it with npm run golden and review the diff`);
  return readFileSync(path, 'utf8').split('\n');
}

describe('golden playthroughs', () => {
  it.each(CASES)('$file', (c) => {
    const path = new URL(`../golden/${c.file}.jsonl`, import.meta.url);
    const actual = record(c);
    const expected = goldenLines(path, actual);
    const got = actual.split('\n');
    for (let i = 0; i < Math.max(expected.length, got.length); i++) {
      // Line by line, so a failure points at the first step that changed.
      expect(got[i], `${c.file}.jsonl line ${i + 1}`).toBe(expected[i]);
    }
  });

  it('a missing golden file fails and is not written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tengym-golden-'));
    const path = pathToFileURL(join(dir, 'absent.jsonl'));
    expect(() => goldenLines(path, 'x\n', false)).toThrow(
      /missing golden file .*absent.jsonl: record it with npm run golden/,
    );
    expect(existsSync(path)).toBe(false);
    expect(goldenLines(path, 'x\n', true)).toEqual(['x', '']);
    rmSync(dir, { recursive: true });
  });

  it('every golden file on disk belongs to a case', () => {
    const files = readdirSync(new URL('../golden/', import.meta.url)).sort();
    expect(files).toEqual(CASES.map((c) => `${c.file}.jsonl`).sort());
  });
});

describe('playthrough', () => {
  const linesOf = (env: Env, reset: { seed?: number; deck?: string }, actions: number[]) => {
    const lines: Record<string, unknown>[] = [];
    playthrough(
      env,
      reset,
      (_e, step) => actions[step - 1],
      (line) => lines.push(line as Record<string, unknown>),
    );
    return lines;
  };

  it('writes the state and legal ids, then one line per step, and stops when told', () => {
    const env = make('decade');
    const lines = linesOf(env, { seed: 3 }, [0]);
    expect(lines.length).toBe(2);
    expect(Object.keys(lines[0])).toEqual(['state', 'legalActions']);
    const reference = make('decade');
    reference.reset({ seed: 3 });
    expect(lines[0]).toEqual({ state: reference.getState(), legalActions: reference.legalActions() });
    const description = reference.describeAction(0);
    const r = reference.step(0);
    expect(lines[1]).toEqual({
      step: 1,
      action: 0,
      description,
      reward: r.reward,
      terminated: false,
      truncated: false,
      legalActions: reference.legalActions(),
      info: {},
      state: reference.getState(),
    });
  });

  it('the last line carries the outcome; a deal with no legal move says so on its first line', () => {
    const env = make('tens');
    let seed = 0;
    while ((env.reset({ seed }), env.running)) seed++;
    expect(linesOf(make('tens'), { seed }, [])).toEqual([
      { state: env.getState(), legalActions: [], info: { terminated: true, outcome: { won: false, cardsLeft: 52 } } },
    ]);
    const played = make('tens');
    played.reset({ seed: 4 });
    const actions: number[] = [];
    while (played.running) {
      actions.push(played.legal[0]);
      played.step(played.legal[0]);
    }
    const lines = linesOf(make('tens'), { seed: 4 }, actions);
    expect(lines.length).toBe(actions.length + 1);
    expect(lines[lines.length - 1]).toMatchObject({ terminated: true, info: { outcome: played.outcome() } });
    expect(lines.slice(1, -1).every((l) => JSON.stringify(l.info) === '{}')).toBe(true);
  });

  it('an illegal or unknown action throws the step error after the lines before it', () => {
    const lines: unknown[] = [];
    expect(() =>
      playthrough(
        make('tens'),
        { seed: 4 },
        (_e, step) => (step === 1 ? 999 : undefined),
        (l) => lines.push(l),
      ),
    ).toThrow(/^step\(999\): not an action id/);
    expect(lines.length).toBe(1);
    const env = make('tens');
    env.reset({ seed: 4 });
    const illegal = env.mask.indexOf(0);
    expect(() =>
      playthrough(
        make('tens'),
        { seed: 4 },
        () => illegal,
        () => {},
      ),
    ).toThrow(new RegExp(`^step\\(${illegal}\\): ".*" is not legal`));
  });
});

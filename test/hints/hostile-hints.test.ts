// A hinter in a long-lived app fed states it did not create: many option sets keep memory bounded, and a time budget
// is taken the same way by createHinter and prepare.
// @slow: child processes build hinters for thousands of option sets.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Agent } from '../../src/agents/agent.js';
import type { Env } from '../../src/env/env.js';
import { AgentThrewError, TengymError } from '../../src/env/errors.js';
import { make } from '../../src/env/registry.js';
import { createHinter } from '../../src/hints/hint.js';

const ROOT = fileURLToPath(new URL('../../dist/index.js', import.meta.url));

/** MiB (heap and typed arrays) a hinter keeps after `calls` over `sets` option sets of decade (a child process). */
function grown(calls: 'hint' | 'sourceFor', sets: number): number {
  const script = `
    const { createHinter, make } = await import(${JSON.stringify(ROOT)});
    const hinter = createHinter();
    const env = make('decade');
    env.reset({ seed: 1 });
    const deal = env.getState();
    const ask = (i) => {
      const options = { ...deal.options, maxSteps: 1000 + i };
      if (${JSON.stringify(calls)} === 'hint') hinter.hint({ ...deal, options }, { top: 1 });
      else hinter.sourceFor('decade', options);
    };
    // Node frees an ArrayBuffer's memory on a thread of its own after the collection, and counts it freed only then:
    // read at once, the count ran 23 to 108 MiB for the same run. A moment's wait, and a second collection, settle it.
    const settle = async () => {
      globalThis.gc();
      await new Promise((resolve) => setTimeout(resolve, 100));
      globalThis.gc();
    };
    ask(-1);
    await settle();
    const used = () => process.memoryUsage().arrayBuffers + process.memoryUsage().heapUsed;
    const before = used();
    for (let i = 0; i < ${sets}; i++) ask(i);
    await settle();
    process.stdout.write(String((used() - before) / 2 ** 20));
  `;
  const r = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return Number(r.stdout);
}

describe('a hinter shown many option sets', () => {
  it('keeps the last few: 40 option sets of decade hold well under 40 × 3.3 MiB', () => {
    // 8 kept at 3.3 MiB each; without a bound this was 131 MiB.
    expect(grown('hint', 40)).toBeLessThan(40);
  }, 120_000);

  it('bounds sourceFor as hint: 3,000 option sets hold a few MiB', () => {
    // An env and an agent each, about 30 KiB; without a bound this was about 90 MiB.
    expect(grown('sourceFor', 3000)).toBeLessThan(20);
  }, 120_000);

  it('answers the same for an option set seen again after it was dropped', () => {
    const hinter = createHinter();
    const env = make('decade');
    env.reset({ seed: 3 });
    const first = hinter.hint(env, { top: 2 });
    for (let i = 0; i < 12; i++) hinter.sourceFor('decade', { maxSteps: 2000 + i });
    expect(hinter.hint(env, { top: 2 })).toEqual(first);
  }, 60_000);
});

describe('a time budget of Infinity', () => {
  it('is taken by createHinter as by prepare: build until done', () => {
    const env = make('four-ten');
    env.reset({ seed: 5 });
    const hinter = createHinter({ budgetMs: Infinity });
    expect(hinter.prepare(env, Infinity)).toBe(true);
    expect(hinter.hint(env).interim).toBeUndefined();
  }, 60_000);

  it('is refused with NaN, 0 and a string, by both, in the same words', () => {
    const env = make('four-ten');
    env.reset({ seed: 5 });
    for (const bad of [Number.NaN, 0, -1, '8'] as unknown as number[]) {
      expect(() => createHinter({ budgetMs: bad })).toThrow(
        /createHinter: budgetMs must be a number above 0 or Infinity/,
      );
      expect(() => createHinter().prepare(env, bad)).toThrow(/prepare: budgetMs must be a number above 0 or Infinity/);
    }
  });
});

describe("a custom agent's score, checked before a hint is made of it", () => {
  const env = make('decade');
  env.reset({ seed: 3 });
  /** A hinter ranking by an agent whose score returns `scores(env)`. */
  const hintWith = (scores: (e: Env) => unknown) =>
    createHinter({
      agent: { name: 'mine', fair: true, reset() {}, act: (e: Env) => e.legalActions()[0], score: scores } as Agent,
    }).hint(env);
  const legal = env.legalActions();

  it.each([
    ['null', () => null, /mine's score\(env\) returned null; score returns \{ kind, unit\?, actions/],
    ['a string', () => 'best', /returned "best"/],
    ['a Promise', async () => ({ kind: 'value', actions: [] }), /returned a Promise, which a hint cannot wait for/],
    ['an unknown kind', () => ({ kind: 'vibes', actions: [] }), /gave kind "vibes", where a kind is "probability"/],
    ['no actions', () => ({ kind: 'value' }), /gave actions undefined, not an array/],
    ['a score that is text', () => ({ kind: 'value', actions: [{ action: legal[0], score: '1' }] }), /score "1"/],
    [
      'an action twice',
      () => ({
        kind: 'value',
        actions: [
          { action: legal[0], score: 1 },
          { action: legal[0], score: 0 },
        ],
      }),
      new RegExp(`ranked action ${legal[0]} twice`),
    ],
  ])('%s is a TengymError saying what score returns', (_, scores, message) => {
    expect(() => hintWith(scores)).toThrow(TengymError);
    expect(() => hintWith(scores)).toThrow(message);
  });

  it("the agent's own exception is said with the agent and kept as the cause, as evaluate says it", () => {
    const bug = new RangeError('my table is short');
    let thrown: unknown;
    try {
      hintWith(() => {
        throw bug;
      });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(AgentThrewError);
    expect((thrown as Error).message).toBe("hint: mine's score(env) threw RangeError: my table is short");
    expect((thrown as Error).cause).toBe(bug);
  });
});

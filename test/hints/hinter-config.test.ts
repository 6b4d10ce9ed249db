// createHinter's config checked when the hinter is made, not at its first hint: what is not an
// object of known fields, a model that is not an agent, an agent that is neither a name nor an
// agent, and a name the catalogue does not have are each a named TengymError.
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { TengymError } from '../../src/env/errors.js';
import { make } from '../../src/env/registry.js';
import { createHinter } from '../../src/hints/hint.js';
import { FirstAgent } from '../../src/agents/basic.js';
import type { Agent } from '../../src/agents/agent.js';
import type { Env } from '../../src/env/env.js';

/** The error createHinter throws for this config (as a caller without types would pass it). */
function refusal(config: unknown): string {
  let error: unknown = null;
  try {
    createHinter(config as Parameters<typeof createHinter>[0]);
  } catch (e) {
    error = e;
  }
  expect(error, `createHinter(${String(config)}) was accepted`).toBeInstanceOf(TengymError);
  return (error as Error).message;
}

describe('createHinter checks its config at once', () => {
  it.each([
    ['a string', 'x', /createHinter takes an object \{ model\?, agent\?, source\?, details\?, budgetMs\? \}, got "x"/],
    ['a number', 42, /createHinter takes an object .*got 42/],
    ['null', null, /createHinter takes an object .*got null/],
    ['an array', [], /createHinter takes an object .*got \[\]/],
    ['a Map', new Map([['agent', 'first']]), /createHinter takes an object .*\(a Map\)$/],
    ['a Date', new Date(0), /\(a Date\)$/],
    [
      'an object with inherited fields',
      Object.create({ agent: 'first' }),
      /createHinter takes an object .*\(an object that inherits its keys\)$/,
    ],
    ['a model that is not an agent', { model: {} }, /bad createHinter config: expected an agent .* → at model/],
    ['an agent that is a number', { agent: 42 }, /bad createHinter config: expected an agent name .* → at agent/],
    ['an unknown field', { agnet: 'first' }, /bad createHinter config: Unrecognized key: "agnet"/],
    [
      'an agent name no env has',
      { agent: 'nope' },
      /createHinter: unknown agent "nope"; the catalogue's agents are .*first/,
    ],
    ['a source that is not text', { source: 1 }, /→ at source/],
    [
      'a budget of 0 ms',
      { budgetMs: 0 },
      /^createHinter: budgetMs must be a number above 0 or Infinity \(build until done\), got 0$/,
    ],
    [
      'a negative budget',
      { budgetMs: -5 },
      /^createHinter: budgetMs must be a number above 0 or Infinity \(build until done\), got -5$/,
    ],
    ['a budget that is not a number', { budgetMs: '8' }, /^createHinter: budgetMs must be .*, got "8"$/],
    ['a budget that is NaN', { budgetMs: NaN }, /^createHinter: budgetMs must be .*, got NaN$/],
    [
      'both a model and an agent',
      { model: new FirstAgent(), agent: 'first' },
      /takes \{ model \} or \{ agent \}, not both/,
    ],
  ])('%s', (_what, config, message) => {
    expect(refusal(config)).toMatch(message);
  });

  it('still takes what it documents: nothing, a name, an agent, a model', () => {
    const env = make('decade');
    env.reset({ seed: 3 });
    for (const config of [
      undefined,
      {},
      { agent: 'first' },
      { agent: new FirstAgent() },
      { model: new FirstAgent(), source: 'mine' },
      { details: false },
      { budgetMs: 8 },
    ]) {
      expect(createHinter(config).hint(env, { top: 1 }).hints).toHaveLength(1);
    }
  });

  it('a budget changes nothing where no table is built: prepare is done at once, the hints are the same', () => {
    const env = make('decade');
    env.reset({ seed: 3 });
    const budgeted = createHinter({ budgetMs: 1 });
    expect(budgeted.prepare(env, 1)).toBe(true);
    const hints = budgeted.hint(env);
    expect(hints.interim).toBeUndefined();
    expect(hints).toEqual(createHinter().hint(env));
  });

  it('takes a plain object of another realm (an iframe, vm), as make and hint do', () => {
    const env = make('decade');
    env.reset({ seed: 3 });
    const config = vm.runInNewContext('({ agent: "lookahead" })') as { agent: string };
    expect(createHinter(config).hint(env, { top: 1 }).source).toBe('lookahead');
  });
});

describe('an agent of your own that answers a move that is not legal', () => {
  it('is said as a TengymError naming the move and the legal ones, not a bare Error', () => {
    const env = make('decade');
    env.reset({ seed: 3 });
    const wrong = { name: 'wrong', fair: true, reset() {}, act: () => 99999 };
    let caught: unknown;
    try {
      createHinter({ agent: wrong }).hint(env, { top: 1 });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(TengymError);
    expect((caught as TengymError).code).toBe('bad-action');
    expect((caught as TengymError).message).toBe(
      `hint: wrong ranked action 99999, which is not legal here; legal now: ${env.describeLegal()}`,
    );
  });
});

describe('an agent of your own that steps the env it ranks', () => {
  /** An agent whose act, score or observe does `meddle` to the env it is shown, then answers its first legal move. */
  const meddler = (meddle: (env: Env) => void, how: 'act' | 'score' | 'observe' = 'act'): Agent => ({
    name: 'meddler',
    fair: true,
    reset() {},
    act: (env: Env) => {
      const first = env.legal[0];
      if (how === 'act') meddle(env);
      return first;
    },
    ...(how === 'score'
      ? {
          score: (env: Env) => {
            const actions = env.legalActions().map((action) => ({ action, score: 0 }));
            meddle(env);
            return { kind: 'heuristic' as const, actions };
          },
        }
      : {}),
    ...(how === 'observe' ? { observe: (env: Env) => meddle(env) } : {}),
  });

  it.each([
    ['steps it in act', meddler((env) => env.step(env.legal[0]))],
    ['deals again in act', meddler((env) => env.reset({ seed: 99 }))],
    ['steps it in score', meddler((env) => env.step(env.legal[0]), 'score')],
    [
      'loads another state in act',
      meddler((env) => {
        const other = make('decade');
        other.reset({ seed: 5 });
        env.setState(other.getState());
      }),
    ],
  ])('is refused as evaluate() refuses it, when it %s, and the caller’s env has not moved', (_how, agent) => {
    const env = make('decade');
    env.reset({ seed: 3 });
    const before = JSON.stringify(env.getState());
    const changes = env.changes;
    const hinter = createHinter({ agent });
    expect(() => hinter.hint(env, { top: 1 })).toThrow(
      new RegExp(
        String.raw`^hint: meddler changed the env it was shown \(it stepped, dealt, undid or loaded a state\): an ` +
          String.raw`agent ranks the moves and leaves the game to the caller; to look ahead, act on env\.clone\(\) ` +
          String.raw`\(the caller's env is as it was\)$`,
      ),
    );
    expect(JSON.stringify(env.getState())).toBe(before);
    expect(env.changes).toBe(changes);
    // A state given as JSON: refused the same way.
    expect(() => hinter.hint(env.getState(), { top: 1 })).toThrow(/^hint: meddler changed the env it was shown/);
  });

  it('observe is shielded and refused too', () => {
    const env = make('decade');
    env.reset({ seed: 3 });
    const before = JSON.stringify(env.getState());
    const hinter = createHinter({ agent: meddler((e) => e.step(e.legal[0]), 'observe') });
    expect(() => hinter.observe(env)).toThrow(/^observe: meddler changed the env it was shown/);
    expect(JSON.stringify(env.getState())).toBe(before);
  });

  it('an agent that looks ahead on a clone is ranked as before, and the env it ranks is a copy of the caller’s', () => {
    const env = make('decade');
    env.reset({ seed: 3 });
    const seen: Env[] = [];
    const careful: Agent = {
      name: 'careful',
      fair: true,
      reset() {},
      act: (shown: Env) => {
        seen.push(shown);
        const look = shown.clone();
        look.step(look.legal[0]);
        return shown.legal[0];
      },
    };
    const hint = createHinter({ agent: careful }).hint(env, { top: 1 });
    expect(hint.hints[0].action).toBe(env.legal[0]);
    expect(seen[0]).not.toBe(env);
    expect(JSON.stringify(seen[0].getState())).toBe(JSON.stringify(env.getState()));
  });
});

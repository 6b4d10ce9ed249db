// Input that must be rejected whole: a TengymError that names the problem, and nothing
// changed (no copy of a vector env moved, no env half-loaded).
import { describe, expect, it } from 'vitest';
import { TengymError } from '../../src/env/errors.js';
import { envConfig, envIds, make } from '../../src/env/registry.js';
import { VectorEnv } from '../../src/env/vector.js';
import { withHistory } from '../helpers/undo.js';

function thrown(fn: () => unknown): TengymError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(TengymError);
    return e as TengymError;
  }
  throw new Error('nothing was thrown');
}

const states = (v: VectorEnv) => v.envs.map((e) => JSON.stringify(e.getState()));

describe('a vector batch is checked before anything moves', () => {
  it.each([9999, -1, 0.5, Number.NaN])(
    'a bad action %s in the last copy: no copy moves, the error names the copy',
    (bad) => {
      const v = new VectorEnv('tens', {}, 4);
      v.reset({ seed: 1 });
      const before = states(v);
      const actions = v.envs.map((e) => e.legal[0]);
      actions[3] = bad;
      const e = thrown(() => v.step(actions));
      expect(e.code).toBe('bad-action');
      expect(e.message).toMatch(/^VectorEnv\.step: copy 3: step\(/);
      expect(e.message).toContain('no copy moved');
      expect(states(v)).toEqual(before);
      // The same batch with a legal last action steps every copy.
      actions[3] = v.envs[3].legal[0];
      v.step(actions);
      expect(states(v).every((s, i) => s !== before[i])).toBe(true);
    },
  );

  it('an illegal action in a middle copy: illegal-action, no copy moves', () => {
    const v = new VectorEnv('decade', {}, 3);
    v.reset({ seed: 5 });
    const before = states(v);
    const actions = v.envs.map((e) => e.legal[0]);
    actions[1] = v.envs[1].mask.indexOf(0);
    const e = thrown(() => v.step(actions));
    expect(e.code).toBe('illegal-action');
    expect(e.message).toMatch(/copy 1: step\(\d+\): ".*" is not legal/);
    expect(states(v)).toEqual(before);
  });

  it('a batch that is not a list of actions', () => {
    const v = new VectorEnv('tens', {}, 2);
    v.reset({ seed: 1 });
    expect(thrown(() => v.step(null as never)).message).toMatch(/one action per copy/);
    expect(thrown(() => v.step([0])).message).toMatch(/1 actions for 2 envs/);
  });

  it.each([1e9, 0, 2.5, Number.NaN, Infinity])('new VectorEnv with %s copies is a named error', (n) => {
    const e = thrown(() => new VectorEnv('decade', {}, n));
    expect(e.code).toBe('bad-argument');
    expect(e.message).toMatch(
      /^numEnvs must be a positive integer up to 16777216, got (1000000000|0|2\.5|NaN|Infinity)$/,
    );
  });
});

describe('values that JSON cannot spell', () => {
  it('step(0n) and step(NaN) are bad-action errors that show the value as written', () => {
    const env = make('decade');
    env.reset({ seed: 1 });
    const before = JSON.stringify(env.getState());
    expect(thrown(() => env.step(0n as never)).message).toMatch(
      /^step\(0n\): an action id is a number, not a bigint; decade has ids 0\.\.676$/,
    );
    expect(thrown(() => env.step(Number.NaN)).message).toMatch(/^step\(NaN\): not an action id/);
    expect(thrown(() => env.step(Infinity)).message).toMatch(/^step\(Infinity\)/);
    expect(JSON.stringify(env.getState())).toBe(before);
    expect(thrown(() => env.reset({ seed: Number.NaN })).message).toMatch(/^bad seed NaN: expected an integer/);
    expect(thrown(() => make('decade').step(1n as never)).code).toBe('not-reset');
  });
});

describe('setState', () => {
  const saved = () => {
    const env = make('decade');
    env.reset({ seed: 3 });
    env.step(env.legal[0]);
    return { env, state: env.getState() };
  };

  it('refuses an all-zero generator state (it would deal the same cards at every reset)', () => {
    const { state } = saved();
    const target = make('decade');
    target.reset({ seed: 9 });
    const before = JSON.stringify(target.getState());
    const e = thrown(() => target.setState({ ...state, rng: [0, 0, 0, 0] }));
    expect(e.code).toBe('bad-state');
    expect(e.message).toMatch(/all zeros/);
    expect(JSON.stringify(target.getState())).toBe(before);
    // Words beyond 32 bits are not a generator state either.
    expect(thrown(() => target.setState({ ...state, rng: [2 ** 40, 1, 2, 3] })).code).toBe('bad-state');
    // One non-zero word is a working generator: resets deal different cards.
    target.setState({ ...state, rng: [0, 0, 0, 1] });
    target.reset();
    const first = JSON.stringify(target.getState().game);
    target.reset();
    expect(JSON.stringify(target.getState().game)).not.toBe(first);
  });

  it('refuses a "__proto__" key in the options like any other unknown key', () => {
    const { state } = saved();
    const text = JSON.stringify(state).replace('"options":{', '"options":{"__proto__":{"maxSteps":1},');
    const parsed = JSON.parse(text);
    expect(Object.keys(parsed.options)).toContain('__proto__');
    const e = thrown(() => make('decade').setState(parsed));
    expect(e.code).toBe('bad-state');
    expect(e.message).toMatch(/Unrecognized key: "__proto__"/);
    expect(
      thrown(() =>
        make('decade').setState(JSON.parse(JSON.stringify(state).replace('"options":{', '"options":{"other":1,'))),
      ).message,
    ).toMatch(/Unrecognized key: "other"/);
  });

  it('a card twice in the stock is named once, with both places', () => {
    const { state } = saved();
    const game = structuredClone(state.game) as { stock: string[] };
    game.stock[3] = game.stock[1];
    const e = thrown(() => make('decade').setState({ ...state, game }));
    expect(e.message).toMatch(new RegExp(`${game.stock[1]} is twice in the stock \\(at 1 and 3, counted from 0\\)`));
    expect(e.message).not.toMatch(/in the stock and in the stock/);
  });
});

describe('undo advice', () => {
  /** The ids whose options take an undoLimit, and the others. */
  const withUndo = envIds().filter((id) => 'undoLimit' in envConfig(id).options);
  const withoutUndo = envIds().filter((id) => !withUndo.includes(id));

  it.each(withoutUndo)('undo() on %s says it has no undo, never to pass an option it refuses', (id) => {
    const env = make(id);
    env.reset({ seed: 1 });
    const e = thrown(() => withHistory(env).undo());
    expect(e.code).toBe('undo-unavailable');
    expect(e.message).toBe(
      `undo: ${id} has no undo: the ${env.game.name} engine has no undoLimit (envs() lists the ids whose ` +
        'options take one)',
    );
    expect(() => make(id, { undoLimit: 3 })).toThrow(/undoLimit/);
  });

  it('the ids whose options take an undoLimit, made without one, point to the option', () => {
    expect(withUndo.length).toBeGreaterThan(0);
    for (const id of withUndo) {
      const env = make(id);
      env.reset({ seed: 1 });
      expect(thrown(() => withHistory(env).undo()).message).toMatch(/make it with \{ undoLimit: 3 \}/);
      const three = make(id, { undoLimit: 3 });
      three.reset({ seed: 1 });
      expect(withHistory(three).states.undosLeft).toBe(3);
    }
  });
});

// The engine contract's order of calls (src/env/game.ts): after any change to a state, legalActions
// comes first, and status is read only after it, so an engine may answer status from what
// legalActions stored. Every registered engine is wrapped in a recorder that marks each state it is
// given, and Env and VectorEnv play it: deals, steps, undo, clones, saved states, autoreset.
import { describe, expect, it } from 'vitest';
import { Env } from '../../src/env/env.js';
import type { AnyGame } from '../../src/env/game.js';
import { createRng, randomInt } from '../../src/env/rng.js';
import { envConfig, envIds } from '../../src/env/registry.js';
import { VectorEnv } from '../../src/env/vector.js';

/** What a state has had since its last change: nothing yet ('changed'), or legalActions ('legal'). */
type Mark = 'changed' | 'legal';

/** An engine that records, for each state object, whether legalActions ran since its last change. */
function recorded(game: AnyGame) {
  const marks = new WeakMap<object, Mark>();
  const wrong: string[] = [];
  const calls = { legalActions: 0, status: 0, observe: 0 };
  const markOf = (s: object): Mark => marks.get(s) ?? 'changed';
  const check = (call: string, s: object) => {
    if (markOf(s) !== 'legal') wrong.push(`${call} after a change to the state with no legalActions since`);
  };
  const engine: AnyGame = new Proxy(game, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function') return value;
      const call = value as (...args: unknown[]) => unknown;
      switch (key) {
        case 'createState':
          return (...args: unknown[]) => {
            const s = call.apply(target, args) as object;
            marks.set(s, 'changed');
            return s;
          };
        case 'reset':
        case 'step':
          return (...args: unknown[]) => {
            marks.set(args[0] as object, 'changed');
            return call.apply(target, args);
          };
        case 'fromJSON':
          return (...args: unknown[]) => {
            marks.set(args[2] as object, 'changed');
            return call.apply(target, args);
          };
        case 'copyState':
          // A copy is where its source is: a state that had legalActions gives one that has had it.
          return (...args: unknown[]) => {
            marks.set(args[1] as object, markOf(args[0] as object));
            return call.apply(target, args);
          };
        case 'legalActions':
          return (...args: unknown[]) => {
            calls.legalActions++;
            const n = call.apply(target, args);
            marks.set(args[0] as object, 'legal');
            return n;
          };
        case 'status':
        case 'observe':
          return (...args: unknown[]) => {
            calls[key]++;
            check(key, args[0] as object);
            return call.apply(target, args);
          };
        default:
          return value;
      }
    },
  });
  return { engine, wrong, calls };
}

/** A legal action of `env`, drawn from `rng`. */
const anyLegal = (env: Env, rng: ReturnType<typeof createRng>): number =>
  env.legal[randomInt(rng, 0, env.legalCount - 1)];

describe('the order of engine calls (src/env/game.ts)', () => {
  it('the recorder sees status read after a step with no legalActions between', () => {
    const id = envIds()[0];
    const { engine, wrong } = recorded(envConfig(id).game);
    const { options } = envConfig(id);
    const s = engine.createState(options);
    const rng = createRng(1);
    engine.reset(s, options, rng, null);
    const mask = new Uint8Array(engine.numActions(options));
    const legal = new Int32Array(mask.length);
    expect(engine.legalActions(s, options, mask, legal)).toBeGreaterThan(0);
    engine.status(s, options);
    expect(wrong).toEqual([]);
    engine.step(s, options, legal[0], rng);
    engine.status(s, options);
    expect(wrong).toEqual(['status after a change to the state with no legalActions since']);
  });

  it.each(envIds())(
    '%s: Env reads status only after legalActions, through deals, steps, undos, clones and saved states',
    (id) => {
      const config = envConfig(id);
      const { engine, wrong, calls } = recorded(config.game);
      // With undo where the game has it, so that undo's path is played too.
      const options = 'undoLimit' in config.options ? { ...config.options, undoLimit: 'unlimited' } : config.options;
      const env = new Env(id, engine, options);
      const rng = createRng(7);
      for (let seed = 1; seed <= 3; seed++) {
        env.reset({ seed });
        for (let k = 0; env.running && k < 400; k++) {
          const before = env.getState();
          env.step(anyLegal(env, rng));
          // An undo (GameStates', a session's) loads the state before the move, with one more undo used.
          if (k % 5 === 1 && 'undoLimit' in config.options)
            env.setState({ ...before, undosUsed: before.undosUsed + 1 });
          if (k % 7 === 3) {
            const twin = env.clone();
            if (twin.running) twin.step(anyLegal(twin, rng));
            env.copyFrom(twin);
          }
          if (k % 11 === 5) env.setState(JSON.parse(JSON.stringify(env.getState())));
        }
      }
      expect(calls.status, 'status was read').toBeGreaterThan(0);
      expect(wrong, id).toEqual([]);
    },
  );

  it.each(envIds())('%s: VectorEnv, through each kind of autoreset, reads status only through its Envs', (id) => {
    const config = envConfig(id);
    const { engine, wrong, calls } = recorded(config.game);
    const rng = createRng(9);
    for (const autoreset of ['same-step', 'next-step'] as const) {
      const vec = new VectorEnv({ id, game: engine, options: config.options }, 3, { autoreset, maxEpisodeSteps: 40 });
      vec.reset({ seed: 5 });
      const actions = new Int32Array(vec.numEnvs);
      for (let t = 0; t < 120; t++) {
        for (let i = 0; i < vec.numEnvs; i++) {
          const copy = vec.envs[i];
          actions[i] = copy.legalCount > 0 ? anyLegal(copy, rng) : 0;
        }
        vec.step(actions);
      }
    }
    expect(calls.status, 'status was read').toBeGreaterThan(0);
    expect(wrong, id).toEqual([]);
  });
});

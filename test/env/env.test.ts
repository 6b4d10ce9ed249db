// The Env class on its own: every error it raises and what its message says, undo and its
// budget, loading and copying states, and the counters it keeps.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Env, checkSeedFits, formatZodError, validateSeed } from '../../src/env/env.js';
import { showValue, type TengymErrorCode } from '../../src/env/errors.js';
import type { AnyGame } from '../../src/env/game.js';
import { tensGame } from '../../src/games/pairing/tens.js';
import { make } from '../../src/env/registry.js';
import { MAX_SEED, createRng, shuffleInPlace } from '../../src/env/rng.js';
import { thrown } from '../helpers/pairing.js';
import { z } from 'zod';
import { withHistory } from '../helpers/undo.js';

const expectError = (fn: () => unknown, code: TengymErrorCode, message: RegExp) => {
  const e = thrown(fn);
  expect(e.code).toBe(code);
  expect(e.message).toMatch(message);
};

/** A tens env after `steps` first-legal moves of deal `seed` (a deal that lasts). */
function tensAfter(steps: number, options: Record<string, unknown> = {}, seed = 4): Env {
  const env = make('tens', options);
  env.reset({ seed });
  for (let k = 0; k < steps; k++) env.step(env.legal[0]);
  return env;
}

describe('Env before reset', () => {
  it('refuses everything that needs a game, naming the call', () => {
    const env = make('tens');
    expect(env.hasStarted).toBe(false);
    expect(env.running).toBe(false);
    expect(env.isLegal(0)).toBe(false);
    expectError(() => env.step(0), 'not-reset', /^step\(0\): call reset\(\) first$/);
    expectError(() => env.getState(), 'not-reset', /^getState: call reset\(\) first$/);
    expectError(() => env.outcome(), 'not-reset', /^outcome: call reset\(\) first$/);
    expectError(() => env.render(), 'not-reset', /^render: call reset\(\) first$/);
    expectError(() => env.describeAction(0), 'not-reset', /^describeAction: call reset\(\) first$/);
    expectError(() => env.actionMask(), 'not-reset', /^actionMask: call reset\(\) first$/);
    expectError(() => env.legalActions(), 'not-reset', /^legalActions: call reset\(\) first$/);
  });

  it('refuses a call by hand without an id, an engine or options, pointing to make', () => {
    const o = tensGame.optionsSchema.parse({});
    const Unchecked = Env as unknown as new (...args: unknown[]) => Env;
    expectError(
      () => new Unchecked(),
      'bad-argument',
      new RegExp(
        String.raw`^new Env takes an id, an engine and its options, got the id undefined; use make\(id, options\), ` +
          String.raw`or make\(\{ id, game, options \}\) for an engine of your own$`,
      ),
    );
    expectError(
      () => new Unchecked('decade'),
      'bad-argument',
      /^new Env takes an id, an engine and its options, got undefined as the engine; use make\(id, options\)/,
    );
    expectError(() => new Unchecked('tens', {}, o), 'bad-argument', /got \{\} as the engine;/);
    expectError(() => new Unchecked('tens', tensGame), 'bad-argument', /got undefined as the options;/);
  });

  it('legalCount is read, never written: a write is a type error and, at run time, a TypeError', () => {
    const env = make('decade');
    env.reset({ seed: 1 });
    const before = env.legalCount;
    // @ts-expect-error legalCount has no setter
    expect(() => (env.legalCount = 0)).toThrow(TypeError);
    expect(env.legalCount).toBe(before);
    expect(env.legalActions()).toHaveLength(before);
  });

  it("validates options passed by hand as make does, and takes make's as they are", () => {
    expectError(() => new Env('tens', tensGame, { tableau: 14 }), 'bad-options', /^bad options for tens: .*tableau/);
    expectError(() => new Env('tens', tensGame, { tableaux: 13 }), 'bad-options', /^bad options for tens: .*tableaux/);
    // Defaults filled in, as make fills them: the engine never sees a missing field.
    const byHand = new Env('my-tens', tensGame, {});
    expect(byHand.options).toEqual(make('tens').options);
    byHand.reset({ seed: 3 });
    expect(Array.from(byHand.observation)).toEqual(Array.from(make('tens').reset({ seed: 3 }).observation));
    const made = make('tens', { tableau: 15 });
    expect(new Env('tens', tensGame, made.options).options).toBe(made.options);
  });

  it('checks the buffers it is given', () => {
    const o = tensGame.optionsSchema.parse({});
    expect(() => new Env('tens', tensGame, o, { observation: new Float32Array(3) })).toThrow(
      'tens: buffers of 3 observation floats and 82 mask entries, the engine needs 183 and 82',
    );
    expect(() => new Env('tens', tensGame, o, { mask: new Uint8Array(3) })).toThrow(
      'tens: buffers of 183 observation floats and 3 mask entries, the engine needs 183 and 82',
    );
    const observation = new Float32Array(tensGame.observationSize(o));
    const mask = new Uint8Array(tensGame.numActions(o));
    const env = new Env('tens', tensGame, o, { observation, mask });
    env.reset({ seed: 1 });
    expect(env.observation).toBe(observation);
    expect(env.mask).toBe(mask);
    expect(mask.some((m) => m === 1)).toBe(true);
    expect(env.actionSpace).toEqual({ n: 82 });
    expect(env.observationSpace).toEqual({ shape: [183] });
  });
});

describe('Env.reset', () => {
  it('takes { seed?, deck? } and nothing else', () => {
    const env = make('tens');
    expectError(() => env.reset(null as never), 'bad-argument', /^reset takes \{ seed\?, deck\? \}, got null$/);
    expectError(() => env.reset(3 as never), 'bad-argument', /^reset takes \{ seed\?, deck\? \}, got 3$/);
    expectError(
      () => env.reset({ seed: 1, shuffle: true } as never),
      'bad-argument',
      /^reset: unknown option "shuffle" \(reset takes \{ seed\?, deck\? \}\)$/,
    );
    expect(env.hasStarted).toBe(false);
    expect(env.reset({}).info).toEqual({ actionMask: env.mask });
  });

  it('validates seeds: integers from 0 to the largest safe integer', () => {
    for (const bad of [-1, 1.5, Number.NaN, MAX_SEED + 1, '3', null]) {
      expectError(
        () => validateSeed(bad),
        'bad-seed',
        new RegExp(`^bad seed ${showValue(bad).replace(/[.+]/g, '\\$&')}: expected an integer from 0 to ${MAX_SEED}$`),
      );
    }
    expectError(() => validateSeed(-2, 'policy seed'), 'bad-seed', /^bad policy seed -2:/);
    expect(validateSeed(0)).toBe(0);
    expect(validateSeed(MAX_SEED)).toBe(MAX_SEED);
  });

  it('a first seed leaves room for its deals: refused by the seed given, with the largest that works', () => {
    expectError(
      () => checkSeedFits(MAX_SEED - 1, 5, 'episodes 5'),
      'bad-seed',
      new RegExp(
        `^seed ${MAX_SEED - 1} is too large for episodes 5: deal i uses seed \\+ i and seeds go up to ` +
          `${MAX_SEED}, so the largest seed for 5 deals is ${MAX_SEED - 4}$`,
      ),
    );
    expectError(
      () => checkSeedFits(MAX_SEED, 2, '--episodes 2', '--seed'),
      'bad-seed',
      /^--seed \d+ is too large for --episodes 2: .* the largest --seed for 2 deals is \d+$/,
    );
    expect(() => checkSeedFits(MAX_SEED - 4, 5, 'episodes 5')).not.toThrow();
    expect(() => checkSeedFits(MAX_SEED, 1, 'one deal')).not.toThrow();
  });

  it('a seed restarts the stream; no seed continues it; a new env starts from seed 0', () => {
    const a = make('tens');
    const b = make('tens');
    a.reset();
    b.reset({ seed: 0 });
    expect(a.getState()).toEqual(b.getState());
    a.reset();
    b.reset({ seed: 0 });
    expect(a.getState()).not.toEqual(b.getState());
  });

  it('starts every episode at zero steps, zero return and no undo used', () => {
    const env = tensAfter(0, { undoLimit: 3, reward: 'cards' });
    env.setState({ ...env.getState(), undosUsed: 1 });
    env.step(env.legal[0]);
    env.step(env.legal[0]);
    expect([env.episodeSteps, env.episodeReturn, env.getState().undosUsed]).toEqual([2, 4, 1]);
    env.reset({ seed: 4 });
    expect([env.episodeSteps, env.episodeReturn, env.getState().undosUsed]).toEqual([0, 0, 0]);
  });

  it('setState starts the steps and return at zero: the JSON does not carry them', () => {
    const source = make('decade');
    source.reset({ seed: 1 });
    for (let i = 0; i < 10 && source.running; i++) source.step(source.legal[0]);
    const saved = source.getState();
    const env = make('decade');
    env.reset({ seed: 5 });
    for (let i = 0; i < 30 && env.running; i++) env.step(env.legal[0]);
    expect(env.episodeSteps).toBeGreaterThan(10);
    env.setState(saved);
    expect([env.episodeSteps, env.episodeReturn]).toEqual([0, 0]);
  });

  it('a deal with no legal move is over at once, and says so in info', () => {
    const env = make('tens');
    let seed = 0;
    while ((env.reset({ seed }), env.running)) seed++;
    const info = env.reset({ seed }).info;
    expect(info).toEqual({ actionMask: env.mask, terminated: true, outcome: { won: false, cardsLeft: 52 } });
    expect(env.terminated).toBe(true);
    expect(env.truncated).toBe(false);
  });
});

describe('Env.step', () => {
  it('counts steps and sums rewards; the result says how the episode ended', () => {
    const env = make('tens', { reward: 'cards' });
    env.reset({ seed: 4 });
    let total = 0;
    let steps = 0;
    let last = env.step(env.legal[0]);
    total += last.reward;
    steps++;
    expect(last.info.outcome).toBeUndefined();
    while (env.running) {
      last = env.step(env.legal[0]);
      total += last.reward;
      steps++;
    }
    expect([env.episodeSteps, env.episodeReturn]).toEqual([steps, total]);
    expect(last.terminated).toBe(true);
    expect(last.truncated).toBe(false);
    expect(last.info.outcome).toEqual(env.outcome());
  });

  it('reports truncation', () => {
    const env = make('decade', { maxSteps: 2 });
    env.reset({ seed: 1 });
    expect(env.step(env.legal[0])).toMatchObject({ terminated: false, truncated: false });
    const r = env.step(env.legal[0]);
    expect([r.terminated, r.truncated, env.truncated, env.terminated, env.running]).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
    expect(r.info.outcome).toEqual({ won: false, cardsLeft: 5 });
    expectError(
      () => env.step(0),
      'episode-over',
      /^step\(0\): the episode is over \(truncated, outcome \{"won":false,"cardsLeft":5\}\); call reset\(\)$/,
    );
  });

  it('refuses a step after the end, naming how it ended', () => {
    const env = tensAfter(0);
    while (env.running) env.step(env.legal[0]);
    const outcome = JSON.stringify(env.outcome());
    expectError(
      () => env.step(3),
      'episode-over',
      new RegExp(
        `^step\\(3\\): the episode is over \\(terminated, outcome ${outcome.replace(/[{}]/g, '\\$&')}\\); ` +
          `call reset\\(\\)$`,
      ),
    );
  });

  it('refuses ids that are not actions, with the range', () => {
    const env = tensAfter(1);
    for (const bad of [-1, 82, 2.5, Number.NaN]) {
      expectError(
        () => env.step(bad),
        'bad-action',
        new RegExp(`^step\\(${showValue(bad).replace(/[.]/g, '\\.')}\\): not an action id; tens has ids 0\\.\\.81$`),
      );
      expect(env.isLegal(bad)).toBe(false);
    }
    expectError(
      () => env.describeAction(82),
      'bad-action',
      /^describeAction\(82\): not an action id; tens has ids 0\.\.81$/,
    );
    expect(env.describeAction(env.legal[0])).toMatch(/^remove /);
    // A legal id written as text (a button's data-action, JSON) is not an action id: the message says how to make it
    // one.
    const text = String(env.legal[0]) as never;
    expect(env.isLegal(text)).toBe(false);
    expectError(
      () => env.step(text),
      'bad-action',
      new RegExp(
        `^step\\("${text}"\\): an action id is a number, not a string \\(text from a page or a file: ` +
          `Number\\(text\\) makes it one\\); tens has ids 0\\.\\.81$`,
      ),
    );
    expectError(
      () => env.step('draw' as never),
      'bad-action',
      /^step\("draw"\): an action id is a number, not a string; tens has ids 0\.\.81$/,
    );
    expectError(
      () => env.step(null as never),
      'bad-action',
      /^step\(null\): an action id is a number, not null; tens has ids 0\.\.81$/,
    );
    expectError(
      () => env.step([3] as never),
      'bad-action',
      /^step\(\[3\]\): an action id is a number, not an array; tens has ids 0\.\.81$/,
    );
    // A hint passed whole is told its id is its .action; an object is shown once, in the call.
    expectError(
      () => env.step({ action: 3, text: 'pair' } as never),
      'bad-action',
      new RegExp(
        String.raw`^step\(\{"action":3,"text":"pair"\}\): an action id is a number, not an object \(a hint's id is ` +
          String.raw`its \.action: step\(hint\.action\)\); tens has ids 0\.\.81$`,
      ),
    );
    expectError(
      () => env.step({ a: 1 } as never),
      'bad-action',
      /^step\(\{"a":1\}\): an action id is a number, not an object; tens has ids 0\.\.81$/,
    );
    // An env passed for its state is told where the state is; "an", not "a", before a vowel.
    expectError(
      () => env.setState(env as never),
      'bad-state',
      new RegExp(
        String.raw`^bad state: expected a plain object \{ env, options, rng, undosUsed, game \}, got an Env: its ` +
          String.raw`getState\(\) gives the state$`,
      ),
    );
  });

  it('assertLegal throws what step would throw, naming step unless told otherwise, and returns for a legal id', () => {
    const env = tensAfter(1);
    expectError(() => env.assertLegal(99), 'bad-action', /^step\(99\): not an action id; tens has ids 0\.\.81$/);
    expectError(() => env.assertLegal(99, 'hint'), 'bad-action', /^hint\(99\): not an action id/);
    expect(env.assertLegal(env.legal[0])).toBeUndefined();
  });

  it('actionMask() and legalActions() are copies, which the next step leaves as they were', () => {
    const env = tensAfter(1);
    const mask = env.actionMask();
    const legal = env.legalActions();
    expect(mask).not.toBe(env.mask);
    expect(Array.from(mask)).toEqual(Array.from(env.mask));
    mask.fill(0);
    expect(env.legalActions()).toEqual(legal);
    expect(env.mask.reduce((a, b) => a + b, 0)).toBe(legal.length);
    const before = env.actionMask();
    env.step(env.legal[0]);
    expect(Array.from(env.mask)).not.toEqual(Array.from(before));
    expect(before.reduce((a, b) => a + b, 0)).toBe(legal.length);
  });

  it('refuses an illegal action with what it is, why, and the legal ids', () => {
    const env = tensAfter(1);
    const illegal = env.mask.indexOf(0);
    const e = thrown(() => env.step(illegal));
    expect(e.code).toBe('illegal-action');
    // Written out for this position (Q♦ and 10♣ in slots 0 and 1: queens and tens only go four at a time; the
    // reason names the first card's rank).
    expect(illegal).toBe(0);
    expect(e.message).toBe(
      'step(0): "remove Q♦ + 10♣" is not legal: queens are removed four at a time. Legal now: 39 (remove A♠ + ' +
        '9♥), 56 (remove 7♥ + 3♠), 75 (remove 9♥ + A♦)',
    );
    const what = env.game.describeAction!(env.rawState, env.options, illegal);
    const why = env.game.whyIllegal!(env.rawState, env.options, illegal);
    expect(e.message).toBe(`step(${illegal}): "${what}" is not legal: ${why}. Legal now: ${env.describeLegal()}`);
    expect(env.describeLegal()).toBe(
      env
        .legalActions()
        .map((a) => `${a} (${env.describeAction(a)})`)
        .join(', '),
    );
    expect(env.isLegal(illegal)).toBe(false);
    expect(env.isLegal(env.legal[0])).toBe(true);
  });

  it('lists at most `limit` legal ids, then how many more', () => {
    const env = make('decade-optional');
    env.reset({ seed: 3 });
    for (let k = 0; k < 45 && env.legalCount < 4; k++) env.step(0); // draw, and let the line grow
    expect(env.legalCount).toBeGreaterThanOrEqual(4);
    const parts = env.legalActions().map((a) => `${a} (${env.describeAction(a)})`);
    expect(env.describeLegal(2)).toBe(`${parts.slice(0, 2).join(', ')}, … ${env.legalCount - 2} more`);
    expect(env.describeLegal(env.legalCount)).toBe(parts.join(', '));
    while (env.running) env.step(env.legal[0]);
    expect(env.describeLegal()).toBe('none');
  });
});

describe("undo through a game's history (GameStates.undo): Env only carries the undos used", () => {
  it('takes back steps and restores the random stream; the budget is per game', () => {
    const env = make('tens', { undoLimit: 3, refill: 'buffered' });
    env.reset({ seed: 6 });
    const before = env.getState();
    const played = withHistory(env);
    played.step(env.legal[0]);
    played.step(env.legal[0]);
    expect(played.states.undoDepth).toBe(2);
    played.undo();
    // The steps go back with the move, as a player's screen counts them.
    expect(env.episodeSteps).toBe(1);
    played.undo();
    expect(env.episodeSteps).toBe(0);
    expect({ ...env.getState(), undosUsed: 0 }).toEqual(before);
    expect([played.states.undosLeft, played.states.undoDepth, env.getState().undosUsed]).toEqual([1, 0, 2]);
    expectError(() => played.undo(), 'undo-unavailable', /^undo: there is no move to take back$/);
    played.step(env.legal[0]);
    played.undo();
    played.step(env.legal[0]);
    expectError(() => played.undo(), 'undo-unavailable', /^undo: all 3 undos of this game are used$/);
    expect(played.states.undosLeft).toBe(0);
  });

  it("from a loaded state, takes back only the moves made since; the undos used go on from the state's", () => {
    const source = tensAfter(2, { undoLimit: 3, refill: 'buffered' }, 6);
    const saved = { ...source.getState(), undosUsed: 1 };
    // A game saved (localStorage, a file) and brought back into a fresh env, as a page does on reload.
    const env = make('tens', { undoLimit: 3, refill: 'buffered' });
    env.setState(JSON.parse(JSON.stringify(saved)));
    const played = withHistory(env);
    expect([played.states.undosLeft, played.states.undoDepth]).toEqual([2, 0]);
    expectError(() => played.undo(), 'undo-unavailable', /^undo: there is no move to take back$/);
    played.step(env.legal[0]);
    played.undo();
    expect(env.getState()).toEqual({ ...saved, undosUsed: 2 });
    // A clone carries the undos used; a new deal starts from none.
    expect(env.clone().getState().undosUsed).toBe(2);
    env.reset({ seed: 6 });
    expect(env.getState().undosUsed).toBe(0);
  });

  it('is refused where the env was made without it', () => {
    expectError(
      () => withHistory(tensAfter(1)).undo(),
      'undo-unavailable',
      /^undo: tens was made with undoLimit 0; make it with \{ undoLimit: 3 \} or 'unlimited'$/,
    );
    expect(withHistory(tensAfter(0)).states.undosLeft).toBe(0);
    expect(withHistory(tensAfter(0, { undoLimit: 'unlimited' })).states.undosLeft).toBe(Infinity);
  });

  it('Env keeps no snapshot per step, with an undo limit or without', () => {
    let made = 0;
    const counting: AnyGame = {
      ...tensGame,
      createState: (o) => {
        made++;
        return tensGame.createState(o);
      },
    };
    const play = (env: Env) => {
      env.reset({ seed: 4 });
      while (env.running) env.step(env.legal[0]);
      return env.episodeSteps;
    };
    for (const undoLimit of [0, 'unlimited']) {
      made = 0;
      const env = new Env('tens', counting, tensGame.optionsSchema.parse({ undoLimit }));
      expect(play(env)).toBeGreaterThan(0);
      expect(made).toBe(1); // the env's own state
    }
  });

  it('takes back the step that ended the game', () => {
    const env = tensAfter(0, { undoLimit: 'unlimited' });
    const played = withHistory(env);
    while (env.running) played.step(env.legal[0]);
    played.undo();
    expect(env.running).toBe(true);
    expect(env.legalCount).toBeGreaterThan(0);
  });
});

describe('Env.setState', () => {
  it('refuses malformed, foreign and mismatched states, naming the problem, and changes nothing', () => {
    const env = tensAfter(2);
    const state = env.getState();
    const text = JSON.stringify(state);
    expectError(() => env.setState(null), 'bad-state', /^bad state: /);
    for (const rng of [[1, 2, 3], [1, 2, 3, 4, 5], 'abcd', 'x', {}]) {
      expectError(
        () => env.setState({ ...state, rng } as never),
        'bad-state',
        /^bad state: expected the generator state: an array of 4 int32 words → at rng$/,
      );
    }
    expectError(() => env.setState({ ...state, extra: 1 }), 'bad-state', /^bad state: .*extra/);
    expectError(
      () => env.setState({ ...state, env: 'block-ten' }),
      'bad-state',
      /^bad state: it is a "block-ten" state, this env is "tens"$/,
    );
    expectError(
      () => env.setState({ ...state, options: { tableau: 12 } }),
      'bad-state',
      /^bad state options: .*tableau/,
    );
    expectError(
      () => env.setState({ ...state, options: { tableau: 15 } }),
      'bad-state',
      /^bad state: made with options \{"tableau":15\}, this env has \{"tableau":13\} \(the options that differ\)$/,
    );
    expectError(() => env.setState({ ...state, undosUsed: -1 }), 'bad-state', /^bad state: .*undosUsed/);
    expectError(
      () => env.setState({ ...state, game: { ...(state.game as object), tableau: [] } }),
      'bad-state',
      /^bad state: /,
    );
    for (const options of [null, 'tens', [], 13])
      expectError(
        () => env.setState({ ...state, options }),
        'bad-state',
        /^bad state: expected a plain object of options → at options$/,
      );
    expect(JSON.stringify(env.getState())).toBe(text);
  });

  it('says a state without its game is missing it (zod alone said "expected nonoptional")', () => {
    const env = tensAfter(2);
    const { game: _game, ...rest } = env.getState();
    expectError(
      () => env.setState(rest),
      'bad-state',
      /^bad state: missing: the game itself \(getState\(\)\.game: its cards and counters\) → at game$/,
    );
    // Only a missing game: a game of null is the engine's to refuse, as it was.
    expectError(
      () => env.setState({ ...rest, game: null }),
      'bad-state',
      /^bad state: Invalid input: expected object, received null \(expected \{ tableau: /,
    );
  });

  it('runs the engine invariant check on what fromJSON loaded, and refuses a state it faults', () => {
    const faulty = { ...tensGame, checkState: () => 'slot 2 holds a card the stock also holds' };
    const env = new Env('tens', faulty, tensGame.optionsSchema.parse({}));
    env.reset({ seed: 4 });
    const state = env.getState();
    env.step(env.legal[0]);
    const text = JSON.stringify(env.getState());
    expectError(() => env.setState(state), 'bad-state', /^bad state: slot 2 holds a card the stock also holds$/);
    expect(JSON.stringify(env.getState())).toBe(text);
  });

  it('loads a state into a fresh env, which then plays on like the source', () => {
    const env = tensAfter(2, { undoLimit: 3 });
    const played = withHistory(env);
    played.step(env.legal[0]);
    played.undo();
    const fresh = make('tens', { undoLimit: 3 });
    fresh.setState(env.getState());
    expect(fresh.getState()).toEqual(env.getState());
    expect([fresh.hasStarted, fresh.running, fresh.getState().undosUsed]).toEqual([true, true, 1]);
    expect(fresh.legalActions()).toEqual(env.legalActions());
    expect(Array.from(fresh.observation)).toEqual(Array.from(env.observation));
    // More undos used than this env allows: refused, the env unchanged.
    const strict = make('tens', { undoLimit: 3 });
    expectError(
      () => strict.setState({ ...env.getState(), undosUsed: 9 }),
      'bad-state',
      /^bad state: undosUsed is 9, but tens allows 3 undos per game$/,
    );
    expect(strict.hasStarted).toBe(false);
  });

  it('an older state without undosUsed loads with none used', () => {
    const env = tensAfter(1, { undoLimit: 3 });
    const { undosUsed: _u, ...rest } = env.getState();
    const fresh = make('tens', { undoLimit: 3 });
    fresh.setState(rest);
    expect(fresh.getState().undosUsed).toBe(0);
  });
});

describe('Env.clone and copyFrom', () => {
  it('a clone is independent, with the same state, counters, stream and undos used', () => {
    const env = tensAfter(0, { undoLimit: 3, reward: 'cards' });
    env.setState({ ...env.getState(), undosUsed: 1 });
    env.step(env.legal[0]);
    env.step(env.legal[0]);
    const copy = env.clone();
    expect(copy.getState()).toEqual(env.getState());
    expect([copy.episodeSteps, copy.episodeReturn, copy.getState().undosUsed, copy.legalCount]).toEqual([
      env.episodeSteps,
      env.episodeReturn,
      1,
      env.legalCount,
    ]);
    copy.step(copy.legal[0]);
    expect(copy.episodeSteps).toBe(3);
    expect(env.episodeSteps).toBe(2);
    expect(env.getState()).not.toEqual(copy.getState());
  });

  it('a clone of an env never dealt is never dealt, and deals as its original would', () => {
    const env = make('decade');
    const copy = env.clone();
    expect(copy.hasStarted).toBe(false);
    expectError(() => copy.getState(), 'not-reset', /reset/);
    copy.reset({ seed: 9 });
    env.reset({ seed: 9 });
    expect(copy.getState()).toEqual(env.getState());
  });

  it('copyFrom refuses another env or other options, and copies an ended game', () => {
    const env = tensAfter(1);
    expectError(
      () => env.copyFrom(make('block-ten')),
      'bad-argument',
      /^copyFrom: block-ten \{.*\} is a different env from tens \{.*\}$/,
    );
    expectError(
      () => env.copyFrom(make('tens', { tableau: 15 })),
      'bad-argument',
      /^copyFrom: tens \{"tableau":15.*\} is a different env from tens \{"tableau":13/,
    );
    // Another engine, even with the very same options object.
    const variant = new Env('tens', { ...tensGame }, env.options);
    variant.reset({ seed: 4 });
    expectError(
      () => env.copyFrom(variant),
      'bad-argument',
      /^copyFrom: tens \{.*\} is a different env from tens \{.*\}$/,
    );
    const ended = tensAfter(0);
    while (ended.running) ended.step(ended.legal[0]);
    const target = make('tens');
    target.copyFrom(ended);
    expect([target.hasStarted, target.running, target.terminated, target.legalCount]).toEqual([true, false, true, 0]);
    expect(target.outcome()).toEqual(ended.outcome());
    // Equal options made separately count as the same env.
    const twin = make('tens');
    twin.copyFrom(env);
    expect(twin.getState()).toEqual(env.getState());
  });
});

describe('formatZodError', () => {
  it('puts every issue on one line', () => {
    const r = z.strictObject({ a: z.int(), b: z.string() }).safeParse({ a: 1.5, c: 1 });
    expect(r.success).toBe(false);
    const text = formatZodError(r.error!);
    expect(text).not.toMatch(/\n|✖/);
    // Each issue with the path it is at, the unknown key by name.
    expect(text).toMatch(/expected int, received number → at a\b/);
    expect(text).toMatch(/expected string, received undefined → at b\b/);
    expect(text).toMatch(/Unrecognized key: "c"/);
    // One issue from the next by "; ", none run into another.
    expect(text.split('; ')).toHaveLength(3);
    expect(text.split('; ').every((issue) => /^\S.* → at \w+$|^Unrecognized key: "c"$/.test(issue))).toBe(true);
  });
});

describe('a copy for a lookahead', () => {
  it('draws the cards its original will draw; a state with the stock shuffled loads into it, as api.md shows', () => {
    const env = make('decade');
    env.reset({ seed: 5 });
    const copy = env.clone();
    copy.step(0);
    env.step(0);
    expect(copy.getState()).toEqual(env.getState());
    const state = env.getState() as { game: { stock: string[] } } & ReturnType<typeof env.getState>;
    const before = [...state.game.stock];
    shuffleInPlace(createRng(1), state.game.stock);
    expect(state.game.stock).not.toEqual(before);
    const guess = env.clone();
    guess.setState(state);
    expect(guess.legalActions()).toEqual(env.legalActions());
    expect(Array.from(guess.observation)).toEqual(Array.from(env.observation));
    const fourTen = make('four-ten');
    fourTen.reset({ seed: 2 });
    const other = { ...fourTen.getState(), rng: [...createRng(7).getState()] };
    fourTen.clone().setState(other);
    const api = readFileSync(fileURLToPath(new URL('../../docs/api.md', import.meta.url)), 'utf8').replace(/\s+/g, ' ');
    expect(api.includes('a lookahead that steps copies sees the cards to come'), 'api.md says what a copy holds').toBe(
      true,
    );
  });
});

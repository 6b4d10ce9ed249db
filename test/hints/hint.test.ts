// Move hints: the API (createHinter), the `tengym hint` command (run in this process, and once as a user runs it
// from dist/, a state piped to its stdin), and `tengym bench --hints`.
// @slow: the shipped models, a search at each move.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../src/agents/agent.js';
import { agentsFor, createAgent } from '../../src/agents/index.js';
import {
  createHinter,
  formatScore,
  GameStates,
  hintBaseline,
  type HintCard,
  type HintResult,
} from '../../src/hints/hint.js';
import { loadHinter } from '../../src/node/hint-loader.js';
import { loadAgent } from '../../src/node/index.js';
import { resolveAgent, shippedModel, shippedModelDir } from '../../src/node/resolve.js';
import { initBackend } from '../../src/node/tf-backend.js';
import { saveModel } from '../../src/node/load-model.js';
import { buildPolicyValueNet } from '../../src/agents/learned/network.js';
import type { Env, EnvState } from '../../src/env/env.js';
import { TengymError } from '../../src/env/errors.js';
import { envIds, make } from '../../src/env/registry.js';
import type { DecadeState } from '../../src/games/decade/engine.js';
import { randomPosition } from '../helpers/decade.js';
import { modelMetadata } from '../helpers/models.js';
import { tengymHereWith } from '../helpers/cli.js';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** `tengym ...args` run in this process, `input` its stdin. */
function tengym(args: string[], input?: string) {
  return tengymHereWith({ input }, ...args);
}

/** `tengym ...args` as a user runs it (dist/), `input` piped to its stdin. */
function tengymProcess(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    input,
    env: { ...process.env, TENGYM_QUIET: '1' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const noStack = (stderr: string) => expect(stderr).not.toMatch(/^\s+at /m);

/**
 * States with a choice (two legal moves or more) from the middle of real games: `agent`
 * plays seeds from `seed` on, and every `every`-th choice after the first is kept.
 */
function midGameStates(
  id: string,
  agent: Agent,
  count: number,
  seed = 1,
  every = 2,
  keep: (env: Env) => boolean = () => true,
): EnvState[] {
  const env = make(id);
  const out: EnvState[] = [];
  for (let s = seed; out.length < count && s < seed + 200; s++) {
    env.reset({ seed: s });
    let choices = 0;
    while (env.running && out.length < count) {
      if (env.legalCount > 1 && choices++ > 0 && choices % every === 0 && keep(env)) out.push(env.getState());
      env.step(agent.act(env));
    }
  }
  expect(out.length).toBe(count);
  return out;
}

/** The card a hint names, read from the state JSON the way a front end would. */
function cardAt(game: Record<string, unknown>, c: HintCard): string | null {
  if (c.place === 'slot') return (game.tableau as (string | null)[])[c.index];
  if (c.place === 'line' || c.place === 'stack') return (game.stacks as string[][])[c.stack!][c.index];
  if (c.place === 'drawn') return game.drawn as string;
  return (game[c.place] as string[])[c.index];
}

/** Every legal move listed once, legal, described, with cards that are where it says; the top one is `expected`. */
function expectGoodHints(result: HintResult, env: Env, expected: number): void {
  expect(result.hints.map((h) => h.action).sort((a, b) => a - b)).toEqual(env.legalActions());
  expect(result.legalCount).toBe(env.legalCount);
  expect(result.hints[0].action).toBe(expected);
  const game = env.getState().game as Record<string, unknown>;
  for (const h of result.hints) {
    expect(env.isLegal(h.action)).toBe(true);
    expect(h.text.startsWith(env.describeAction(h.action))).toBe(true);
    for (const c of h.cards) expect(cardAt(game, c), `${h.text} ${JSON.stringify(c)}`).toBe(c.code);
  }
}

describe('createHinter with the search sources', () => {
  it(
    'decade-optional: over many random positions the top hint is what optimal plays, and the scores rank every ' +
      'legal move',
    () => {
      const hinter = createHinter();
      expect(hinter.sourceFor('decade-optional')).toBe('optimal (the exact optimum)');
      const optimal = createAgent('optimal', 'decade-optional', {});
      let holding = 0;
      let solved = 0;
      for (let k = 0; k < 300; k++) {
        // Random moves; every other position then draws the rest of the stock and makes a few random discards more.
        const env = randomPosition('decade-optional', 9000 + k, k % 50);
        if (k % 2 === 1) {
          while (env.running && (env.rawState as DecadeState).stockLen > 0) env.step(0);
          for (let d = 0; d < k % 5 && env.running; d++) env.step(env.legal[(k * 7 + d) % env.legalCount]);
        }
        if (!env.running || env.legalCount < 2) continue;
        const result = hinter.hint(env.getState());
        expect(result.source).toBe('optimal (the exact optimum)');
        expectGoodHints(result, env, optimal.act(env));
        const scores = result.hints.map((h) => h.score);
        expect(scores).toEqual([...scores].sort((a, b) => b - a));
        if ((env.rawState as DecadeState).stockLen > 0) {
          holding++;
          expect(result.hints[0].action).toBe(0);
        } else {
          solved++;
        }
      }
      // Both phases: drawing while cards are unseen, the solved line after.
      expect(holding).toBeGreaterThan(40);
      expect(solved).toBeGreaterThan(40);
    },
  );

  it.each([
    ['decade', 'pimc (a search that plays out many guesses of the unseen cards)', 'win-probability'],
    ['decade-optional', 'optimal (the exact optimum)', 'heuristic'],
    ['decade-fives', 'pimc (a search that plays out many guesses of the unseen cards)', 'win-probability'],
    ['decade-loop', 'pimc (a search that plays out many guesses of the unseen cards)', 'win-probability'],
    ['decade-stacks', "lookahead (a search over the next cards' chances)", 'heuristic'],
    ['decade-max3', "lookahead (a search over the next cards' chances)", 'heuristic'],
    ['ten-twenty-thirty', "lookahead (a search over the next cards' chances)", 'heuristic'],
  ])('%s: mid-game states ranked by %s, every legal move listed, the top one what it plays', (id, source, kind) => {
    const hinter = createHinter();
    expect(hinter.sourceFor(id)).toBe(source);
    const name = source.split(' ')[0];
    const player = createAgent(name, id, {});
    const env = make(id);
    for (const state of midGameStates(id, createAgent(name, id, {}), 12)) {
      const result = hinter.hint(state);
      env.setState(state);
      expectGoodHints(result, env, player.act(env));
      expect(result.sameOutcome).toBe(false);
      expect(result.hints.every((h) => h.scoreKind === kind)).toBe(true);
      const scores = result.hints.map((h) => h.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
  });

  it(
    'four-ten: bottom-direct by default; the exact solver ranks when named, and the sentences give the round ' +
      'prospects',
    () => {
      expect(createHinter().sourceFor('four-ten')).toBe(
        'bottom-direct (safety first, then the best round prospects, by the fewest exchanges)',
      );
      const hinter = createHinter({ agent: 'optimal' });
      const player = createAgent('optimal', 'four-ten', {});
      const env = make('four-ten');
      // Round 1 only (points 0, 3 safeties): one round solve for the whole test. The hinter's, with the figures its
      // sentences read, goes first: the players' moves then read it, where a solve without them would serve no hint.
      env.reset({ seed: 1 });
      hinter.hint(env);
      const states = midGameStates(
        'four-ten',
        createAgent('optimal', 'four-ten', {}),
        10,
        1,
        1,
        (e) => (e.getState().game as { rounds: number }).rounds === 0,
      );
      for (const state of states) {
        const result = hinter.hint(state);
        env.setState(state);
        expectGoodHints(result, env, player.act(env));
        expect(result.hints[0].scoreKind).toBe('win-probability');
        for (const h of result.hints) expect(h.text).toMatch(/fault|makes 10/);
      }
      const withBottom = states.flatMap((s) => hinter.hint(s).hints).find((h) => /-point bottom/.test(h.text));
      expect(withBottom?.text).toMatch(/^(place|replace|exchange|end).*: (\d+%|under 0\.01%|over 99%|[\d.]+%) chance/);
      // Cards: an exchange names the Hand card and the other hand's card.
      const exchange = states.flatMap((s) => hinter.hint(s).hints).find((h) => h.action >= 15 && h.action < 47);
      expect(exchange?.cards.map((c) => c.place)).toEqual(['hand', exchange!.action < 31 ? 'home' : 'shadow']);
    },
  );

  it(
    "four-ten: a sentence that the Hand makes 10 for certain says it is this round's, by the solver's play, not " +
      "this move's",
    () => {
      // Seed 5 played by its top hints (bottom-direct): in its second round the top hints were
      // exchanges that "make 10 for 10 points", and the Hand stayed at 9 after each.
      const env = make('four-ten');
      env.reset({ seed: 5 });
      const hinter = createHinter();
      let certain = 0;
      let notByThisMove = 0;
      while (env.running && (env.getState().game as { rounds: number }).rounds < 4) {
        const { hints } = hinter.hint(env);
        for (const h of hints) expect(h.text).not.toMatch(/makes 10 for 10 points/);
        const top = hints[0];
        const before = (env.getState().game as { points: number }).points;
        env.step(top.action);
        if (/makes 10 this round for certain/.test(top.text)) {
          certain++;
          expect(top.text).toMatch(
            /the Hand makes 10 this round for certain, 10 points \(the rest played by the solver\)$/,
          );
          if ((env.getState().game as { points: number }).points === before) notByThisMove++;
        }
      }
      expect(certain).toBeGreaterThan(0);
      expect(notByThisMove).toBeGreaterThan(0);
    },
  );

  it(
    'four-ten without sentence figures, with figures for another agent, and with options optimal refuses: ' +
      'expectimax',
    () => {
      const plain = createHinter({ details: false });
      const state = midGameStates(
        'four-ten',
        createAgent('greedy', 'four-ten', {}),
        1,
        3,
        1,
        (e) => (e.getState().game as { rounds: number }).rounds === 0,
      )[0];
      const env = make('four-ten');
      env.setState(state);
      const result = plain.hint(state);
      expect(result.hints.map((h) => h.text)).toEqual(result.hints.map((h) => env.describeAction(h.action)));
      // Another agent ranks: the figures come from one round solved for points − 40·P(fault).
      const greedy = createHinter({ agent: 'greedy' }).hint(state);
      expect(greedy.hints[0].action).toBe(createAgent('greedy', 'four-ten', {}).act(env));
      for (const h of greedy.hints) expect(h.text).toMatch(/^.+: .*(fault|makes 10)/);
      // A round cap short enough to bind: optimal refuses it, expectimax answers.
      expect(hintBaseline('four-ten', { maxRounds: 10 }).source).toBe(
        "expectimax (a search over the next cards' chances)",
      );
    },
  );

  it.each(['tens', 'block-ten'])('%s: says honestly that every legal move leads to the same end', (id) => {
    const hinter = createHinter();
    const env = make(id);
    for (const state of midGameStates(id, createAgent('first', id, {}), 5, 1, 1)) {
      const result = hinter.hint(state);
      env.setState(state);
      expectGoodHints(result, env, env.legal[0]);
      expect(result.sameOutcome).toBe(true);
      expect(result.note).toMatch(/every legal move leads to the same end/);
      for (const h of result.hints) {
        expect(h).toMatchObject({ score: 0, scoreKind: 'heuristic', sameOutcome: true });
        if (h.action < (id === 'tens' ? 78 : 36)) expect(h.cards.map((c) => c.place)).toEqual(['slot', 'slot']);
      }
    }
  });

  it('tens quartets name the four cards', () => {
    // 10s in slots 0..3 and a pair-free rest: the only moves are the quartets.
    const deck =
      'TC TD TH TS JC JD JH JS 2C 2D 3C 3D 4C 5C 6C 7C 8C 9C AC AD 2H 2S 3H 3S 4D 4H 4S 5D 5H 5S 6D 6H 6S 7D ' +
      '7H 7S 8D 8H 8S 9D 9H 9S AH AS QC QD QH QS KC KD KH KS';
    const env = make('tens');
    env.reset({ deck });
    const result = createHinter().hint(env);
    const tens = result.hints.find((h) => h.text === 'remove four tens')!;
    expect(tens.cards).toEqual(['TC', 'TD', 'TH', 'TS'].map((code, index) => ({ place: 'slot', index, code })));
  });

  it('top limits the list; an env is only read', () => {
    const env = make('decade-fives');
    env.setState(midGameStates('decade-fives', createAgent('lookahead', 'decade-fives', {}), 1)[0]);
    const before = JSON.stringify(env.getState());
    const all = createHinter().hint(env);
    const one = createHinter().hint(env, { top: 1 });
    expect(one.hints).toEqual(all.hints.slice(0, 1));
    expect(JSON.stringify(env.getState())).toBe(before);
  });

  it('an agent by name or by instance', () => {
    const state = midGameStates('decade', createAgent('longest', 'decade', {}), 1)[0];
    const env = make('decade');
    env.setState(state);
    const byName = createHinter({ agent: 'longest' }).hint(state);
    expect(byName.source).toBe('longest');
    expect(byName.hints[0].action).toBe(createAgent('longest', 'decade', {}).act(env));
    const first = createHinter({ agent: createAgent('first', 'decade', {}), source: 'mine' }).hint(state);
    expect(first.source).toBe('mine');
    expect(first.hints[0]).toMatchObject({ action: env.legal[0], score: 1, scoreKind: 'choice' });
    // The oracle reads the stock's order: its hints say so, by name or by instance, as tengym hint does.
    expect(createHinter({ agent: 'oracle' }).hint(state).source).toBe('oracle (NOT fair: it sees the stock)');
    expect(createHinter({ agent: createAgent('oracle', 'decade', {}) }).hint(state).source).toBe(
      'oracle (NOT fair: it sees the stock)',
    );
  });

  it('errors: a malformed state, a finished game, bad arguments', () => {
    const hinter = createHinter();
    const state = midGameStates('decade', createAgent('longest', 'decade', {}), 1)[0];
    const expectError = (f: () => unknown, code: string, message: RegExp) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(TengymError);
        expect((e as TengymError).code).toBe(code);
        expect((e as Error).message).toMatch(message);
        return;
      }
      throw new Error('no error');
    };
    expectError(
      () => hinter.hint('nonsense' as unknown as EnvState),
      'bad-state',
      /expected the object env.getState\(\) returns/,
    );
    // A state saved as text and passed as it was saved is named as text, with the way to load it.
    expectError(
      () => hinter.hint(JSON.stringify(state) as unknown as EnvState),
      'bad-state',
      new RegExp(
        String.raw`^bad state: expected the object env\.getState\(\) returns, \{ env, options, rng, undosUsed, ` +
          String.raw`game \}, got a string: JSON\.parse\(text\) turns saved JSON into it$`,
      ),
    );
    expectError(() => hinter.hint(null as unknown as EnvState), 'bad-state', /, got null$/);
    expectError(
      () => hinter.hint({ ...state, env: undefined } as unknown as EnvState),
      'bad-state',
      /, got an object with no env id$/,
    );
    expectError(() => hinter.hint({ ...state, env: 'nope' }), 'unknown-env', /unknown env "nope"/);
    expectError(() => hinter.hint({ ...state, options: { stacks: 5 } }), 'bad-options', /stacks/);
    const game = state.game as { stock: string[]; stacks: string[][] };
    expectError(
      () => hinter.hint({ ...state, game: { ...game, stock: [...game.stock, game.stacks[0][0]] } }),
      'bad-state',
      /is both in/,
    );
    // top 0 means every legal move, as the CLI's --top 0.
    expect(hinter.hint(state, { top: 0 }).hints).toHaveLength(hinter.hint(state).legalCount);
    expectError(
      () => hinter.hint(state, { top: -1 }),
      'bad-argument',
      /top must be an integer ≥ 0 \(0: every legal move\), got -1/,
    );
    expectError(() => hinter.hint(state, { top: 1.5 }), 'bad-argument', /top must be an integer ≥ 0/);
    // The value as given (a string "2" is not the number 2), and no option ignored.
    expectError(
      () => hinter.hint(state, { top: '2' as unknown as number }),
      'bad-argument',
      /top must be an integer ≥ 0 \(0: every legal move\), got "2"$/,
    );
    expectError(
      () => hinter.hint(state, { tops: 3 } as never),
      'bad-argument',
      /^unknown hint option "tops"; hint takes \{ top \}$/,
    );
    expectError(
      () => hinter.hint(state, 5 as never),
      'bad-argument',
      /^hint options must be an object such as \{ top: 3 \}, got 5$/,
    );
    expectError(
      () => hinter.hint(make('decade')),
      'not-reset',
      /^no hint: the env has not been dealt yet; call reset\(\) first$/,
    );
    const over = make('decade');
    over.reset({ seed: 1 });
    while (over.running) over.step(over.legal[0]);
    expectError(() => hinter.hint(over), 'episode-over', /game is over/);
    expectError(() => hinter.hint(over.getState()), 'episode-over', /game is over/);
    expect(() => createHinter({ agent: 'longest', model: createAgent('first', 'decade', {}) })).toThrow(/not both/);
    // A decade agent handed a Four Ten state.
    const fourTen = make('four-ten');
    fourTen.reset({ seed: 1 });
    expectError(
      () => createHinter({ agent: createAgent('longest', 'decade', {}) }).hint(fourTen),
      'bad-argument',
      /plays the decade family, not four-ten/,
    );
  });

  it('GameStates and formatScore refuse what they do not take, by name', () => {
    const refused = (f: () => unknown, message: RegExp) =>
      expect(f).toThrow(
        expect.objectContaining({ name: 'TengymError', code: 'bad-argument', message: expect.stringMatching(message) }),
      );
    const dealt = (id: string, options = {}) => {
      const env = make(id, options);
      env.reset({ seed: 1 });
      return env;
    };
    const env = dealt('decade');
    const states = new GameStates(env);
    refused(
      () => new GameStates(null as never),
      /^new GameStates takes the game's env \(make\(id\), then reset\(\)\), got null$/,
    );
    // An env never dealt has no deal to record: said in the app's terms, not getState's.
    expect(() => new GameStates(make('decade'))).toThrow(
      expect.objectContaining({
        code: 'not-reset',
        message: 'new GameStates records a game from its deal: reset() the env first (or setState a saved state)',
      }),
    );
    refused(() => states.record(null as never), /^GameStates\.record takes the game's env .*got null$/);
    refused(
      () => states.hint(null as never, env),
      /^GameStates\.hint takes a hinter \(createHinter\(…\), or hinterForEnv\(…\)\.hinter\), got null$/,
    );
    // An env of another game is not this game's next state.
    refused(
      () => states.record(dealt('tens')),
      /^GameStates\.record: this game is decade, got an env of tens \(a new GameStates starts another game\)$/,
    );
    refused(
      () => states.record(dealt('decade', { maxSteps: 100 })),
      new RegExp(
        String.raw`^GameStates\.record: this game is decade with options \{.*\}, got an env of decade with options ` +
          String.raw`\{.*"maxSteps":100.*\}`,
      ),
    );
    refused(
      () => states.hint(createHinter({ agent: 'first' }), dealt('tens')),
      /^GameStates\.hint: this game is decade, got an env of tens/,
    );
    states.record(env);
    expect(states.hint(createHinter({ agent: 'first' }), env, { top: 1 }).hints).toHaveLength(1);
    refused(
      () => formatScore(null as never),
      /^formatScore takes a hint of hinter\.hint\(…\)\.hints, \{ score, scoreKind, unit\? \}, got null$/,
    );
    refused(() => formatScore({} as never), /^formatScore takes a hint .*got \{\}$/);
    // A win chance short of certain never reads as 100.0%.
    const win = (score: number) => formatScore({ action: 0, score, scoreKind: 'win-probability', text: '', cards: [] });
    expect([win(0.9994), win(0.9995), win(0.99999), win(1)]).toEqual([
      'win 99.9%',
      'win 1 − 5.0e-4',
      'win 1 − 1.0e-5',
      'win 100.0%',
    ]);
  });

  it(
    'GameStates.record keeps every save loadable: the same state twice is one, a missed move or another deal is ' +
      'refused, an undo is taken',
    () => {
      const env = make('ten-twenty-thirty');
      env.reset({ seed: 4 });
      const states = new GameStates(env);
      env.step(env.legal[0]);
      // Recorded twice (a screen that records on each render): one state.
      states.record(env);
      states.record(env);
      env.step(env.legal[0]);
      states.record(env);
      expect(states.toJSON()).toHaveLength(3);
      // A hint asked after a move not recorded is refused: the hinter would not have seen it.
      const hinter = createHinter();
      const unrecorded = env.clone();
      unrecorded.step(unrecorded.legal[0]);
      expect(() => states.hint(hinter, unrecorded)).toThrow(
        expect.objectContaining({
          code: 'bad-state',
          message:
            'GameStates.hint: the env is not at the state recorded last: record(env) after every move, forced ' +
            'ones and undos too, then ask for the hint',
        }),
      );
      expect(states.hint(hinter, env, { top: 1 }).hints).toHaveLength(1);
      const saved = JSON.parse(JSON.stringify({ state: env.getState(), states }));
      const back = make('ten-twenty-thirty');
      back.setState(saved.state);
      expect(GameStates.fromJSON(back, saved.states).toJSON()).toEqual(states.toJSON());
      const refused = {
        code: 'bad-state',
        message:
          'GameStates.record: the env is not one move (or an undo) from the state recorded last: record after ' +
          'every move, forced ones and undos too (a new GameStates starts another deal)',
      };
      const other = make('ten-twenty-thirty');
      other.reset({ seed: 99 });
      expect(() => states.record(other)).toThrow(expect.objectContaining(refused));
      // A copy the game does not follow, two moves on: refused.
      const apart = env.clone();
      apart.step(apart.legal[0]);
      apart.step(apart.legal[0]);
      expect(() => states.record(apart)).toThrow(expect.objectContaining(refused));
      expect(states.toJSON()).toHaveLength(3);
      // A move played through the game is recorded as it is made.
      states.step(env, env.legal[0]);
      expect(states.toJSON()).toHaveLength(4);
      // An undo comes back to a state held before, one more undo used.
      const tens = make('tens', { undoLimit: 3 });
      tens.reset({ seed: 8 });
      const game = new GameStates(tens);
      tens.step(tens.legal[0]);
      game.record(tens);
      game.undo(tens);
      game.step(tens, tens.legal[0]);
      expect(game.toJSON().map((s) => s.undosUsed)).toEqual([0, 0, 1, 1]);
      const restored = make('tens', { undoLimit: 3 });
      restored.setState(tens.getState());
      expect(GameStates.fromJSON(restored, JSON.parse(JSON.stringify(game))).toJSON()).toEqual(game.toJSON());
    },
  );

  it(
    'an agent that only chooses has its move marked as its choice, not scored; a rule or a search scores on its ' +
      'own scale',
    () => {
      const env = make('decade');
      env.reset({ seed: 3 });
      while (env.running && env.legalCount === 1) env.step(env.legal[0]);
      expect(env.legalCount).toBeGreaterThan(1);
      const picked = createHinter({ agent: 'first' }).hint(env);
      expect(picked.hints.map((h) => [h.action, h.scoreKind, formatScore(h)])).toEqual(
        env
          .legalActions()
          .map((action, i) => [
            action,
            'choice',
            i === 0 ? "the source's choice" : 'not rated: the source only chooses',
          ]),
      );
      const ruled = createHinter({ agent: 'longest' }).hint(env, { top: 1 }).hints[0];
      expect(ruled.scoreKind).toBe('heuristic');
      expect(formatScore(ruled)).toBe(`score ${ruled.score} on the source's scale, higher is better`);
    },
  );
});

describe('hints from a model', () => {
  let dir = '';
  beforeAll(async () => {
    await initBackend();
    dir = mkdtempSync(join(tmpdir(), 'tengym-hint-'));
    const env = make('decade-fives');
    const net = buildPolicyValueNet({
      observationSize: env.observationSpace.shape[0],
      numActions: env.actionSpace.n,
      hidden: [16],
      seed: 5,
    });
    await saveModel(net, dir, modelMetadata('decade-fives', 'ppo'));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('ranks by the policy: probabilities over the legal moves, the top one is what the model plays', async () => {
    const { hinter, source, fromModel } = await loadHinter('decade-fives', {}, { model: dir });
    expect(fromModel).toBe(true);
    expect(source).toBe(`model ${dir}`);
    const model = await resolveAgent(dir, 'decade-fives', {});
    const env = make('decade-fives');
    for (const state of midGameStates('decade-fives', model, 8)) {
      const result = hinter.hint(state);
      env.setState(state);
      expectGoodHints(result, env, model.act(env));
      expect(result.hints.every((h) => h.scoreKind === 'probability')).toBe(true);
      expect(result.hints.reduce((a, h) => a + h.score, 0)).toBeCloseTo(1, 5);
    }
  });

  it('a model for another env is a clear error', async () => {
    await expect(loadHinter('decade', {}, { model: dir })).rejects.toThrow(/trained for decade-fives/);
  });

  it("a model played in another env is refused at its first act, a forced move's too", async () => {
    const agent = await loadAgent(dir);
    const env = make('decade');
    env.reset({ seed: 3 });
    expect(env.legalCount).toBe(1);
    expect(() => agent.act(env)).toThrow(/was trained for decade-fives/);
    agent.dispose?.();
  });

  it('tengym hint --model DIR', async () => {
    const state = midGameStates('decade-fives', createAgent('lookahead', 'decade-fives', {}), 1)[0];
    const r = await tengym(
      ['hint', '--env', 'decade-fives', '--state', '-', '--model', dir, '--json'],
      JSON.stringify(state),
    );
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.source).toBe(`model ${dir}`);
    expect(out.hints[0].scoreKind).toBe('probability');
  });
});

describe('ten-twenty-thirty: hints from a source that remembers the order under the stock', () => {
  /**
   * Plays `seed` by `player`'s moves, which sees every state; a hinter is shown every state
   * through GameStates (as `tengym play` and the page do), and at each decision its ranking is
   * compared with `player`'s own scores, and with a fresh hinter's asked at the bare state.
   */
  function compare(
    player: Agent,
    hinter: ReturnType<typeof createHinter>,
    bare: () => ReturnType<typeof createHinter>,
    seed: number,
  ) {
    const env = make('ten-twenty-thirty');
    env.reset({ seed });
    player.reset(seed);
    const states = new GameStates(env);
    let decisions = 0;
    let bareDiffers = 0;
    while (env.running) {
      if (env.legalCount > 1) {
        const own = player.score!(env).actions.map((a) => a.action);
        expect(states.hint(hinter, env).hints.map((h) => h.action)).toEqual(own);
        if (
          bare()
            .hint(env.getState())
            .hints.map((h) => h.action)
            .join() !== own.join()
        )
          bareDiffers++;
        decisions++;
        env.step(own[0]);
      } else env.step(player.act(env));
      states.record(env);
    }
    return { decisions, bareDiffers };
  }

  it(
    'tengym hint given the game so far (tengym replay lines) ranks as a hinter shown every state; given the ' +
      'last state alone, as one that was not',
    async () => {
      const replay = await tengym(['replay', '--env', 'ten-twenty-thirty', '--seed', '4', '--policy', 'first']);
      expect(replay.code, replay.stderr).toBe(0);
      const lines = replay.stdout.trim().split('\n');
      const states = lines.map((l) => (JSON.parse(l) as { state: EnvState }).state);
      const { hinter } = await loadHinter('ten-twenty-thirty', {});
      const env = make('ten-twenty-thirty');
      // The first decision where remembering changes the ranking.
      let at = -1;
      for (let i = 0; i < states.length && at < 0; i++) {
        env.setState(states[i]);
        if (!env.running || env.legalCount < 2) {
          hinter.observe(states[i]);
          continue;
        }
        const shown = hinter.hint(states[i]).hints.map((h) => h.action);
        const bare = (await loadHinter('ten-twenty-thirty', {})).hinter.hint(states[i]).hints.map((h) => h.action);
        if (shown.join() !== bare.join()) at = i;
      }
      expect(at).toBeGreaterThan(0);
      const top = async (input: string) => {
        const r = await tengym(['hint', '--env', 'ten-twenty-thirty', '-', '--top', '0', '--json'], input);
        expect(r.code, r.stderr).toBe(0);
        return (JSON.parse(r.stdout) as HintResult).hints.map((h) => h.action);
      };
      const freshShown = await loadHinter('ten-twenty-thirty', {});
      for (const s of states.slice(0, at)) freshShown.hinter.observe(s);
      expect(await top(lines.slice(0, at + 1).join('\n'))).toEqual(
        freshShown.hinter.hint(states[at]).hints.map((h) => h.action),
      );
      expect(await top(lines[at])).toEqual(
        (await loadHinter('ten-twenty-thirty', {})).hinter.hint(states[at]).hints.map((h) => h.action),
      );
      expect(await top(lines.slice(0, at + 1).join('\n'))).not.toEqual(await top(lines[at]));
    },
  );

  it('tengym hint refuses a game so far whose lines do not follow one another, and takes one with undos', async () => {
    const linesOf = async (seed: number) =>
      (await tengym(['replay', '--env', 'ten-twenty-thirty', '--seed', String(seed), '--policy', 'first'])).stdout
        .trim()
        .split('\n')
        .slice(0, 40);
    const game = await linesOf(4);
    const hint = async (lines: string[]) =>
      await tengym(['hint', '--env', 'ten-twenty-thirty', '-', '--json'], lines.join('\n'));
    expect((await hint(game)).code).toBe(0);
    const reversed = await hint([...game].reverse());
    expect(reversed.code).toBe(1);
    expect(reversed.stderr).toMatch(
      /^tengym: bad state: line 2 of 40 is not one move \(or an undo\) from line 1; give one game so far, in order/,
    );
    const spliced = await hint([...game.slice(0, 20), ...(await linesOf(9)).slice(20)]);
    expect(spliced.stderr).toMatch(/line 21 of 40 is not one move/);
    // Moves and undos, as a player with undos plays them: every line follows.
    const env = make('tens', { undoLimit: 3 });
    env.reset({ seed: 1 });
    const played = new GameStates(env);
    const states = [env.getState()];
    played.step(env, env.legal[0]);
    states.push(env.getState());
    played.undo(env);
    states.push(env.getState());
    played.step(env, env.legal[env.legalCount - 1]);
    states.push(env.getState());
    const r = await tengym(['hint', '--env', 'tens', '-', '--json'], states.map((st) => JSON.stringify(st)).join('\n'));
    expect(r.code, r.stderr).toBe(0);
    // The same undo line with no undo used is no state of this game.
    const forged = [...states.slice(0, 2), { ...states[2], undosUsed: 0 }];
    expect(
      (await tengym(['hint', '--env', 'tens', '-', '--json'], forged.map((st) => JSON.stringify(st)).join('\n')))
        .stderr,
    ).toMatch(/line 3 of 3 is not one move/);
  });

  it('tengym hint without --env ranks for the env the state names, and asks for --env when it names none', async () => {
    const line = (await tengym(['replay', '--env', 'decade-fives', '--seed', '7', '--policy', 'first'])).stdout.split(
      '\n',
    )[10];
    const named = await tengym(['hint', '-', '--json', '--agent', 'longest'], line);
    expect(named.code, named.stderr).toBe(0);
    expect(JSON.parse(named.stdout)).toEqual(
      JSON.parse((await tengym(['hint', '--env', 'decade-fives', '-', '--json', '--agent', 'longest'], line)).stdout),
    );
    expect(JSON.parse(named.stdout).env).toBe('decade-fives');
    const { env: _, ...stateNamingNoEnv } = (JSON.parse(line) as { state: Record<string, unknown> }).state;
    const nameless = await tengym(['hint', '-'], JSON.stringify(stateNamingNoEnv));
    expect(nameless.code).toBe(1);
    expect(nameless.stderr).toBe(
      'tengym: --env is needed: the state names no env (getState() JSON has "env": "decade", say), got undefined\n',
    );
  });

  it("tengym hint --help names every field --json prints (a Four Ten model's unit, Tens' note)", async () => {
    const help = (await tengym(['hint', '--help'])).stdout.replace(/\s+/g, ' ');
    const fourTen = (await tengym(['replay', '--env', 'four-ten', '--seed', '5', '--policy', 'first'])).stdout.split(
      '\n',
    )[0];
    const tens = (await tengym(['replay', '--env', 'tens', '--seed', '3', '--policy', 'first'])).stdout.split('\n')[0];
    const keys = new Set<string>();
    for (const [env, line, more] of [
      ['four-ten', fourTen, ['--agent', 'model']],
      ['tens', tens, []],
    ] as const) {
      const r = await tengym(['hint', '--env', env, '-', '--json', ...more], line);
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout);
      for (const k of Object.keys(out)) keys.add(k);
      for (const h of out.hints) for (const k of Object.keys(h)) keys.add(k);
    }
    expect(keys).toContain('unit');
    expect(keys).toContain('note');
    const json = help.slice(help.indexOf('--json'), help.indexOf('[boolean]', help.indexOf('--json')));
    for (const k of keys) expect(json, k).toMatch(new RegExp(`\\b${k}\\b`));
  });

  it(
    'tengym hint names the line of a game so far it refuses, numbered as the file numbers it (blank lines ' +
      'counted)',
    async () => {
      const lines = (await tengym(['replay', '--env', 'decade', '--seed', '40', '--policy', 'first'])).stdout
        .trim()
        .split('\n')
        .slice(0, 12);
      const hint = async (text: string) => await tengym(['hint', '--env', 'decade', '-'], text);
      // An invalid state among earlier ones: its line is named.
      const bad = lines.slice();
      const line10 = JSON.parse(bad[9]);
      line10.state.game.stock[0] = 'ZZ';
      bad[9] = JSON.stringify(line10);
      const r = await hint(bad.join('\n'));
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^tengym: line 10 of 12: bad decade state: stock\[0\]: "ZZ" is not a card code/);
      expect((await hint([...lines.slice(0, 11), '[1]'].join('\n'))).stderr).toMatch(
        /^tengym: line 12 of 12: bad state: expected a JSON object/,
      );
      // Blank lines count, as an editor shows them.
      expect(
        (await hint([...lines.slice(0, 5), '', '', 'garbage', ...lines.slice(5)].join('\n') + '\n')).stderr,
      ).toMatch(/line 8 of 15 is not JSON/);
      expect((await hint([...lines.slice(0, 5), '', '', ...lines.slice(6)].join('\n'))).stderr).toMatch(
        /line 8 of 13 is not one move \(or an undo\) from line 5;/,
      );
    },
  );

  it(
    'tengym hint takes a game saved as docs/hints.md saves one ({ state, states } or { deal, moves }), or its ' +
      'states alone, as it takes them one a line',
    async () => {
      const lines = (await tengym(['replay', '--env', 'ten-twenty-thirty', '--seed', '4', '--policy', 'first'])).stdout
        .trim()
        .split('\n')
        .slice(0, 115);
      const states = lines.map((l) => JSON.parse(l).state as EnvState);
      const hint = async (text: string) => await tengym(['hint', '--env', 'ten-twenty-thirty', '-', '--json'], text);
      const byLines = await hint(lines.join('\n'));
      expect(byLines.code, byLines.stderr).toBe(0);
      // The hinter was shown the game: the same ranking from each form, not the last state's alone.
      expect((await hint(JSON.stringify({ state: states.at(-1), states }))).stdout).toBe(byLines.stdout);
      expect((await hint(JSON.stringify(states))).stdout).toBe(byLines.stdout);
      expect((await hint(JSON.stringify(states.at(-1)))).stdout).not.toBe(byLines.stdout);
      expect((await hint(JSON.stringify({ state: states.at(-2), states }))).stderr).toBe(
        "tengym: bad state: the saved game's state is not the last of its states (GameStates.fromJSON refuses " +
          'it too): save { state: env.getState(), states } after recording the last move\n',
      );
      // Its states are named by their place in the array.
      expect((await hint(JSON.stringify([states[0], states[2]]))).stderr).toMatch(
        /^tengym: bad state: state 2 of 2 is not one move \(or an undo\) from state 1;/,
      );
      expect((await hint(JSON.stringify({ states: [] }))).stderr).toMatch(
        /^tengym: bad state: the saved game holds no states/,
      );
      // Saved as its deal and moves (GameStates.toMoves()), without --env: played again, the same ranking.
      const env = make('ten-twenty-thirty');
      env.setState(states[0]);
      const game = new GameStates(env);
      for (const s of states.slice(1)) {
        env.setState(s);
        game.record(env);
      }
      const moves = game.toMoves();
      const bare = async (text: string) => await tengym(['hint', '-', '--json'], text);
      expect((await bare(JSON.stringify(moves))).stdout).toBe(byLines.stdout);
      expect((await bare(JSON.stringify({ ...moves, moves: [...moves.moves.slice(0, 3), 600] }))).stderr).toMatch(
        /^tengym: GameStates\.fromMoves: move 4 of 4 \(600\): step\(600\): .* is not legal/,
      );
      expect((await bare(JSON.stringify({ deal: 5, moves: [] }))).stderr).toMatch(
        new RegExp(
          String.raw`^tengym: bad state: a game saved as \{ deal, moves \} \(GameStates\.toMoves\(\)\) has the ` +
            String.raw`deal's getState\(\) JSON`,
        ),
      );
    },
  );

  it(
    'tengym hint: a pretty-printed state cut short, a byte-order mark, UTF-16 and a huge input are each said as ' +
      'what they are',
    async () => {
      const [line] = (await tengym(['replay', '--env', 'decade', '--seed', '40', '--policy', 'first'])).stdout
        .trim()
        .split('\n')
        .slice(3, 4);
      const state = JSON.parse(line).state;
      const pretty = JSON.stringify(state, null, 2);
      // The document's own error, not "line 1 of 34 is not JSON" (its line 1 is "{").
      const cut = (await tengym(['hint', '--env', 'decade', '-'], pretty.slice(0, 500))).stderr;
      expect(cut).toMatch(/^tengym: bad state: not JSON \(.*JSON.*\)\n$/);
      expect(cut).not.toMatch(/line \d+ of/);
      const twoLines = (await tengym(['replay', '--env', 'decade', '--seed', '40', '--policy', 'first'])).stdout
        .trim()
        .split('\n')
        .slice(0, 2)
        .join('\n');
      expect((await tengym(['hint', '--env', 'decade', '-'], `\ufeff${twoLines}`)).code).toBe(0);
      const utf16 = join(mkdtempSync(join(tmpdir(), 'tengym-utf16-')), 'utf16.json');
      writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(JSON.stringify(state), 'utf16le')]));
      expect((await tengym(['hint', '--env', 'decade', '--state', utf16])).stderr).toBe(
        `tengym: state file "${utf16}" is UTF-16 text (as PowerShell 5's > writes it): save it as UTF-8 ` +
          `(Out-File -Encoding utf8)\n`,
      );
      const huge = spawnSync(process.execPath, [BIN, 'hint', '--env', 'decade', '-'], {
        input: Buffer.alloc(65 * 2 ** 20, 0x20),
        encoding: 'utf8',
        env: { ...process.env, TENGYM_QUIET: '1' },
      });
      expect(huge.stderr).toBe(
        'tengym: state file on stdin is larger than the 64 MiB tengym reads: a game of 5,000 states is about 4 MiB\n',
      );
      // A device has no size to check first, and /dev/zero never ends: read up to the bound, then refused.
      expect((await tengym(['hint', '--env', 'decade', '--state', '/dev/zero'])).stderr).toBe(
        'tengym: state file "/dev/zero" is larger than the 64 MiB tengym reads: a game of 5,000 states is ' +
          'about 4 MiB\n',
      );
      expect(
        (await tengym(['train', '--env', 'decade', '--algo', 'ppo', '--print-config', '--config', '/dev/zero'])).stderr,
      ).toBe(
        'tengym: --config /dev/zero: it holds more than the 64 MiB tengym reads; a config is a few hundred ' +
          'bytes of JSON\n',
      );
    },
  );

  it(
    'a game saved with GameStates.toJSON and brought back with GameStates.fromJSON keeps what the hints ' +
      'remember; a new GameStates at the restored state does not',
    () => {
      // Where remembering changes lookahead's ranking: a game of first moves from seed 1 (at step 81).
      const env = make('ten-twenty-thirty');
      env.reset({ seed: 1 });
      const states = new GameStates(env);
      const shown = createHinter({ agent: 'lookahead' });
      let remembered: number[] = [];
      while (env.running) {
        if (env.legalCount > 1) {
          remembered = states.hint(shown, env).hints.map((h) => h.action);
          if (
            remembered.join() !==
            createHinter({ agent: 'lookahead' })
              .hint(env.getState())
              .hints.map((h) => h.action)
              .join()
          )
            break;
        }
        env.step(env.legal[0]);
        states.record(env);
      }
      expect(env.running).toBe(true);
      // The app saves the game (its state and the states so far) and later loads it into a new env.
      const saved = JSON.parse(JSON.stringify({ state: env.getState(), states })) as {
        state: EnvState;
        states: unknown;
      };
      const restored = make('ten-twenty-thirty');
      restored.setState(saved.state);
      const back = GameStates.fromJSON(restored, saved.states);
      expect(back.hint(createHinter({ agent: 'lookahead' }), restored).hints.map((h) => h.action)).toEqual(remembered);
      expect(
        new GameStates(restored).hint(createHinter({ agent: 'lookahead' }), restored).hints.map((h) => h.action),
      ).not.toEqual(remembered);
      // Recording goes on from there.
      restored.step(restored.legal[0]);
      back.record(restored);
      expect(back.toJSON()).toHaveLength((saved.states as unknown[]).length + 1);
    },
  );

  it('GameStates.fromJSON refuses saved states that are not this game where the env stands, by name', () => {
    const env = make('ten-twenty-thirty');
    env.reset({ seed: 4 });
    const states = new GameStates(env);
    env.step(env.legal[0]);
    states.record(env);
    const saved = states.toJSON();
    const refused = (f: () => unknown, message: RegExp) =>
      expect(f).toThrow(expect.objectContaining({ name: 'TengymError', message: expect.stringMatching(message) }));
    refused(
      () => GameStates.fromJSON(env, JSON.stringify(saved)),
      new RegExp(
        String.raw`^GameStates\.fromJSON takes the states GameStates\.toJSON\(\) gave \(an array of getState\(\) ` +
          String.raw`JSONs, the deal first\), got a string: JSON\.parse\(text\) turns saved JSON into it$`,
      ),
    );
    refused(() => GameStates.fromJSON(env, []), /^GameStates\.fromJSON takes the states .*, got \[\]$/);
    refused(
      () => GameStates.fromJSON(env, [saved[0], { ...saved[1], rng: [0, 0, 0, 0] }]),
      /^GameStates\.fromJSON: state 2 of 2: bad state: the generator state is all zeros/,
    );
    refused(
      () => GameStates.fromJSON(make('decade'), saved),
      /^GameStates\.fromJSON: state 1 of 2: bad state: it is a "ten-twenty-thirty" state, this env is "decade"$/,
    );
    refused(
      () => GameStates.fromJSON(env, saved.slice(0, 1)),
      /^GameStates\.fromJSON: the env is not at the last saved state; load it first \(env\.setState\(saved state\)\)$/,
    );
    // States out of order, or of another deal spliced in, are no game played: refused as tengym hint refuses such
    // lines.
    const other = make('ten-twenty-thirty');
    other.reset({ seed: 5 });
    const outOfOrder = new RegExp(
      String.raw`^GameStates\.fromJSON: state 2 of 2 is not one move \(or an undo\) from state 1; give the ` +
        String.raw`states GameStates\.toJSON\(\) gave, in order$`,
    );
    refused(() => GameStates.fromJSON(env, [other.getState(), saved[1]]), outOfOrder);
    refused(() => GameStates.fromJSON(env, [saved[1], saved[0]]), outOfOrder);
    expect(GameStates.fromJSON(env, saved).toJSON()).toEqual(saved);
  });

  it(
    'a game saved as its moves (toMoves) and played again by GameStates.fromMoves keeps what the hints ' +
      "remember, in a fiftieth of the states' JSON",
    () => {
      // Seed 58's first moves go round until maxSteps (5,000 steps): 3 MB as states.
      const env = make('ten-twenty-thirty');
      env.reset({ seed: 58 });
      const states = new GameStates(env);
      while (env.running) {
        env.step(env.legal[0]);
        states.record(env);
      }
      expect(env.truncated).toBe(true);
      expect(states.toJSON()).toHaveLength(5001);
      const asStates = JSON.stringify(states).length;
      const asMoves = JSON.stringify(states.toMoves()).length;
      expect(asStates).toBeGreaterThan(3e6);
      expect(asMoves).toBeLessThan(asStates / 50);
      const restored = make('ten-twenty-thirty');
      const back = GameStates.fromMoves(restored, JSON.parse(JSON.stringify(states.toMoves())));
      expect(restored.getState()).toEqual(env.getState());
      expect(back.toJSON()).toEqual(states.toJSON());
      expect(back.toMoves()).toEqual(states.toMoves());
      // Where remembering changes lookahead's ranking (seed 1's first moves, as above), the moves bring it back.
      const game = make('ten-twenty-thirty');
      game.reset({ seed: 1 });
      const played = new GameStates(game);
      for (let i = 0; i < 81; i++) {
        game.step(game.legal[0]);
        played.record(game);
      }
      const remembered = played.hint(createHinter({ agent: 'lookahead' }), game).hints.map((h) => h.action);
      expect(remembered).not.toEqual(
        createHinter({ agent: 'lookahead' })
          .hint(game.getState())
          .hints.map((h) => h.action),
      );
      const again = make('ten-twenty-thirty');
      expect(
        GameStates.fromMoves(again, JSON.parse(JSON.stringify(played.toMoves())))
          .hint(createHinter({ agent: 'lookahead' }), again)
          .hints.map((h) => h.action),
      ).toEqual(remembered);
    },
  );

  it('a move taken back in a game without undo: the moves played again less the last, and recording goes on', () => {
    const env = make('decade');
    env.reset({ seed: 6 });
    const states = new GameStates(env);
    for (let i = 0; i < 6 && env.running; i++) {
      env.step(env.legal[env.legalCount - 1]);
      states.record(env);
    }
    const { deal, moves } = states.toMoves();
    const back = GameStates.fromMoves(env, { deal, moves: moves.slice(0, -2) });
    expect(env.getState()).toEqual(states.toJSON()[moves.length - 2]);
    expect(back.toJSON()).toEqual(states.toJSON().slice(0, -2));
    const again = env.legal[0];
    env.step(again);
    back.record(env);
    expect(back.toMoves().moves).toEqual([...moves.slice(0, -2), again]);
  });

  it(
    "GameStates.fromMoves gives back Tens' undos (a state alone cannot), and refuses a move that does not fit by its " +
      'number, the env unchanged',
    () => {
      const tens = make('tens', { undoLimit: 3 });
      tens.reset({ seed: 8 });
      const game = new GameStates(tens);
      for (const move of [0, 0, 'undo', 0] as const) {
        if (move === 'undo') game.undo(tens);
        else game.step(tens, tens.legal[move]);
      }
      const saved = JSON.parse(JSON.stringify(game.toMoves())) as { deal: EnvState; moves: (number | 'undo')[] };
      expect(saved.moves[2]).toBe('undo');
      const restored = make('tens', { undoLimit: 3 });
      const back = GameStates.fromMoves(restored, saved);
      expect(restored.getState()).toEqual(tens.getState());
      expect(back.toJSON()).toEqual(game.toJSON());
      // Played again, the moves before the save can be taken back; loaded as states, none can.
      back.undo(restored);
      expect(restored.getState().game).toEqual(game.toJSON()[3].game);
      const loaded = make('tens', { undoLimit: 3 });
      loaded.setState(tens.getState());
      expect(() => new GameStates(loaded).undo(loaded)).toThrow(
        expect.objectContaining({ name: 'TengymError', message: 'undo: there is no move to take back' }),
      );

      const refused = (f: () => unknown, code: string, message: RegExp) =>
        expect(f).toThrow(
          expect.objectContaining({ name: 'TengymError', code, message: expect.stringMatching(message) }),
        );
      const env = make('tens', { undoLimit: 3 });
      env.reset({ seed: 1 });
      const before = JSON.stringify(env.getState());
      refused(
        () => GameStates.fromMoves(env, JSON.stringify(saved)),
        'bad-argument',
        /^GameStates\.fromMoves takes what GameStates\.toMoves\(\) gave, \{ deal, moves \}/,
      );
      refused(
        () => GameStates.fromMoves(env, { deal: saved.deal, moves: [1.5] }),
        'bad-argument',
        /^GameStates\.fromMoves takes what GameStates\.toMoves\(\) gave/,
      );
      refused(
        () => GameStates.fromMoves(env, { ...saved, extra: 1 }),
        'bad-argument',
        /^GameStates\.fromMoves takes what GameStates\.toMoves\(\) gave/,
      );
      refused(
        () => GameStates.fromMoves(env, { deal: { ...saved.deal, rng: [0, 0, 0, 0] }, moves: [] }),
        'bad-state',
        /^GameStates\.fromMoves: the deal: bad state: the generator state is all zeros/,
      );
      refused(
        () => GameStates.fromMoves(env, { deal: saved.deal, moves: [...saved.moves, 9999] }),
        'bad-action',
        /^GameStates\.fromMoves: move 5 of 5 \(9999\): /,
      );
      refused(
        () => GameStates.fromMoves(make('decade'), saved),
        'bad-state',
        /^GameStates\.fromMoves: the deal: bad state: it is a "tens" state, this env is "decade"$/,
      );
      const decade = make('decade');
      decade.reset({ seed: 2 });
      const decadeGame = new GameStates(decade);
      refused(
        () => GameStates.fromMoves(make('decade'), { deal: decadeGame.toMoves().deal, moves: ['undo'] }),
        'undo-unavailable',
        /^GameStates\.fromMoves: move 1 of 1 \(undo\): undo: decade has no undo/,
      );
      expect(JSON.stringify(env.getState())).toBe(before);
    },
  );

  it(
    'lookahead: shown every state, its hints are the scores of a lookahead that played the game; asked bare, ' +
      'they differ',
    () => {
      const hinter = createHinter({ agent: 'lookahead' });
      let bareDiffers = 0;
      for (const seed of [1, 2, 3]) {
        const r = compare(
          createAgent('lookahead', 'ten-twenty-thirty'),
          hinter,
          () => createHinter({ agent: 'lookahead' }),
          seed,
        );
        expect(r.decisions).toBeGreaterThan(0);
        bareDiffers += r.bareDiffers;
      }
      expect(bareDiffers).toBeGreaterThan(0);
    },
  );

  it(
    'one hinter for several games at once (two save slots): each game ranks as with a hinter of its own, a bare ' +
      'hint between them too',
    () => {
      const shared = createHinter({ agent: 'lookahead' });
      const ranking = (r: HintResult) => r.hints.map((h) => `${h.action}@${h.score}`).join(' ');
      let seed = 3;
      const deal = () => {
        const env = make('ten-twenty-thirty');
        env.reset({ seed: ++seed });
        // The game recorded twice: for the shared hinter, and for a hinter of its own (a GameStates shows its states
        // again to a hinter it was not showing them to).
        return {
          seed,
          env,
          states: new GameStates(env),
          ownStates: new GameStates(env),
          own: createHinter({ agent: 'lookahead' }),
        };
      };
      // Both games move at every turn, each recorded, as two games open side by side.
      const slots = [deal(), deal()];
      let decisions = 0;
      while (decisions < 40) {
        for (const k of [0, 1]) {
          if (!slots[k].env.running) slots[k] = deal();
          const g = slots[k];
          if (g.env.legalCount > 1) {
            expect(
              ranking(g.states.hint(shared, g.env)),
              `seed ${g.seed}, move ${g.states.toMoves().moves.length}`,
            ).toBe(ranking(g.ownStates.hint(g.own, g.env)));
            decisions++;
            // A look at another position, straight from the hinter: the games' states are shown to it again.
            if (decisions % 5 === 0)
              shared.hint(slots[1 - k].env.running ? slots[1 - k].env.getState() : deal().env.getState());
          }
          g.env.step(g.env.legal[0]);
          g.states.record(g.env);
          g.ownStates.record(g.env);
        }
      }
    },
  );

  it(
    'the shipped model (the default source): shown every state, its hints are the scores of the model that ' +
      'played the game',
    async () => {
      const { hinter, fromModel } = await loadHinter('ten-twenty-thirty', {});
      expect(fromModel).toBe(true);
      const player = await loadAgent(shippedModelDir('ten-twenty-thirty'));
      // A new hinter for every question: one that has seen nothing of the game before it.
      const bareModel = await loadAgent(shippedModelDir('ten-twenty-thirty'));
      let bareDiffers = 0;
      for (const seed of [1, 2])
        bareDiffers += compare(player, hinter, () => createHinter({ model: bareModel }), seed).bareDiffers;
      expect(bareDiffers).toBeGreaterThan(0);
    },
  );
});

describe('tengym hint', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tengym-hint-cli-'));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A state from the middle of a `tengym replay` game, as a file. */
  async function replayState(id: string, seed: number, name: string): Promise<{ file: string; state: EnvState }> {
    const lines = (await tengym(['replay', '--env', id, '--seed', String(seed), '--policy', 'first'])).stdout
      .trim()
      .split('\n');
    const env = make(id);
    const choices = lines
      .map((l) => JSON.parse(l).state as EnvState)
      .filter((s) => {
        env.setState(s);
        return env.running && env.legalCount > 1;
      });
    const state = choices[Math.floor(choices.length / 2)];
    const file = join(dir, name);
    writeFileSync(file, lines.find((l) => JSON.stringify(JSON.parse(l).state) === JSON.stringify(state))!);
    return { file, state };
  }

  it.each(['decade', 'decade-optional', 'decade-fives', 'decade-loop', 'four-ten'])(
    '%s: a mid-game state from tengym replay, ranked by the default source, the top move is what that agent plays',
    async (id) => {
      const { file, state } = await replayState(id, id === 'four-ten' ? 4 : 11, `${id}.json`);
      const r = await tengym(['hint', '--env', id, '--state', file, '--top', '0', '--json']);
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout) as HintResult;
      // decade's, decade-fives' and decade-loop's shipped models answer; decade-optional's optimal; Four Ten's
      // bottom-direct, whatever its model.
      const shipped = shippedModel(id) !== null;
      let agent: Agent;
      if ((id === 'decade' || id === 'decade-fives' || id === 'decade-loop') && shipped) {
        expect(out.source).toBe(`model models/${id}/ (shipped)`);
        agent = await resolveAgent('model', id, {});
      } else {
        const baseline = hintBaseline(id);
        expect(baseline.name).toBe(id === 'decade-optional' ? 'optimal' : id === 'four-ten' ? 'bottom-direct' : 'pimc');
        const why = baseline.overModel ?? `it measured stronger than the trained model in models/${id}/`;
        expect(out.source).toBe(shipped ? `${baseline.name} (${baseline.role}; ${why})` : baseline.source);
        agent = baseline.agent;
      }
      const env = make(id);
      env.setState(state);
      expectGoodHints(out, env, agent.act(env));
      // A value carries its unit where the agent knows it (a model's values); the others have none.
      for (const h of out.hints)
        expect(Object.keys(h).sort()).toEqual(
          [
            'action',
            'cards',
            'rank',
            'score',
            'scoreKind',
            'text',
            ...(h.scoreKind === 'value' && out.source.startsWith('model') ? ['unit'] : []),
            // A pimc's shares of sampled deals say how many; a move tied with another says so.
            ...(out.source.startsWith('pimc') && h.scoreKind === 'win-probability' ? ['samples'] : []),
            ...(out.hints.some((o) => o !== h && o.score === h.score) ? ['tied'] : []),
          ].sort(),
        );
      // The text form shows the board, the source and numbered moves.
      const text = await tengym(['hint', '--env', id, '--state', file, '--top', '2']);
      expect(text.code).toBe(0);
      expect(text.stdout).toContain(env.render());
      expect(text.stdout).toMatch(
        new RegExp(`^  1\\. ${escapeRegExp(out.hints[0].text)} · action ${out.hints[0].action} · `, 'm'),
      );
      expect(text.stdout).not.toMatch(/^ {2}3\. /m);
    },
  );

  it(
    'other options than the shipped model was trained for: the search answers; another training reward is the ' +
      'same game, and the model answers',
    async () => {
      const env = make('decade', { maxSteps: 100 });
      env.reset({ seed: 3 });
      const r = await tengym(['hint', '--env', 'decade', '-', '--json'], JSON.stringify(env.getState()));
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).source).toBe(
        'pimc (a search that plays out many guesses of the unseen cards; the model shipped in models/decade/ ' +
          'was trained for other options)',
      );
      const paid = make('decade', { reward: 'cards' });
      paid.reset({ seed: 3 });
      const byCards = await tengym(['hint', '--env', 'decade', '-', '--json'], JSON.stringify(paid.getState()));
      expect(byCards.code, byCards.stderr).toBe(0);
      expect(JSON.parse(byCards.stdout).source).toBe('model models/decade/ (shipped)');
    },
  );

  it(
    "an env given under another id with the same game (decade with fives) takes that id's model, as hints and " +
      'as --agent model',
    async () => {
      const env = make('decade', { fives: true });
      env.reset({ seed: 3 });
      const state = JSON.stringify(env.getState());
      for (const args of [[], ['--agent', 'model']]) {
        const r = await tengym(['hint', '--env', 'decade', '-', '--json', ...args], state);
        expect(r.code, r.stderr).toBe(0);
        expect(JSON.parse(r.stdout).source).toBe('model models/decade-fives/ (shipped)');
      }
    },
  );

  it('--agent NAME: any agent of the env, a model directory, or the shipped model', async () => {
    const { file, state } = await replayState('decade-fives', 11, 'fives-agent.json');
    const env = make('decade-fives');
    env.setState(state);
    for (const [name, source] of [
      ['lookahead', 'lookahead'],
      ['longest', 'longest'],
      ['oracle', 'oracle (NOT fair: it sees the stock)'],
      ['model', 'model models/decade-fives/ (shipped)'],
      ['models/decade-fives', 'model models/decade-fives'],
    ]) {
      const r = await tengym([
        'hint',
        '--env',
        'decade-fives',
        '--state',
        file,
        '--agent',
        name,
        '--top',
        '0',
        '--json',
      ]);
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout) as HintResult;
      expect(out.source).toBe(source);
      const agent = name.startsWith('model')
        ? await resolveAgent(
            name === 'model' ? 'model' : join(fileURLToPath(new URL('../..', import.meta.url)), name),
            'decade-fives',
            {},
          )
        : createAgent(name, 'decade-fives', {});
      expectGoodHints(out, env, agent.act(env));
    }
  });

  it.each([
    [
      ['--agent', 'nope'],
      new RegExp(
        'unknown agent "nope" for decade; agents for decade: random, first, longest, lookahead, pimc, ' +
          'oracle, or a model directory',
      ),
    ],
    [
      ['--agent', 'optimal'],
      new RegExp(
        'agent "optimal" does not play decade with its default options: it plays only some option sets ' +
          String.raw`of decade \(optimal: the exact optimal policy where holding is free .*; agents for these ` +
          'options: random, first, longest, lookahead, pimc, oracle',
      ),
    ],
    [['--agent', 'greedy'], /unknown agent "greedy" for decade/],
    [['--agent', 'lookahead', '--model', 'models/decade'], /give --agent or --model, not both/],
    [['--agent', './no-such-dir'], /no model at "\.\/no-such-dir": the directory does not exist/],
  ])('decade %j: a clear error naming the valid agents, exit 1', async (args, message) => {
    const env = make('decade');
    env.reset({ seed: 2 });
    const r = await tengym(
      ['hint', '--env', 'decade', '--state', '-', ...(args as string[])],
      JSON.stringify(env.getState()),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message as RegExp);
    noStack(r.stderr);
  });

  it('tens: every move leads to the same end; stdin with "-"; a replay line or a bare state', async () => {
    const { state } = await replayState('tens', 3, 'tens.json');
    // A pipe into the built command's stdin, as a user's shell gives it.
    const r = tengymProcess(['hint', '--env', 'tens', '-', '--json'], JSON.stringify(state));
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({
      env: 'tens',
      sameOutcome: true,
      source: 'none needed: every legal move leads to the same end',
    });
    expect(out.hints.every((h: { sameOutcome: boolean }) => h.sameOutcome)).toBe(true);
    const text = await tengym(['hint', '--env', 'tens', '--state', join(dir, 'tens.json')]);
    expect(text.stdout).toMatch(/Tens has no real decisions: every legal move leads to the same end/);
  });

  it.each([
    [['--state', 'missing.json'], '', /cannot read state file "missing.json": no such file/],
    [['--state', '-'], '', /the input is empty/],
    [['--state', '-'], '{not json', /bad state: not JSON/],
    [['--state', '-'], '{"a":1}\n{"b":2', /line 2 of 2 is not JSON/],
    [['--state', '-'], '[1,2]', /expected a JSON object/],
    [[], '', /give the state as --state FILE/],
    [['--state', '-', '--top', '-1'], '{}', /--top must be an integer ≥ 0/],
    [['--state', '-', '--model', '/nonexistent/model'], 'STATE', /no model at "\/nonexistent\/model"/],
    [['--state', '-'], 'FOUR-TEN', /it is a "four-ten" state, this env is "decade"/],
    [['--state', '-'], 'BROKEN', /bad decade state: .*stock/],
    [['--state', '-', '--options', '{"fives":true}'], 'STATE', /made with options .* this env has/],
    [['--state', '-'], 'OVER', /no hint: the game in this state is over/],
  ])('decade %j is a clear error, exit 1', async (args, input, message) => {
    const env = make('decade');
    env.reset({ seed: 2 });
    env.step(env.legal[0]);
    const states: Record<string, () => unknown> = {
      STATE: () => env.getState(),
      'FOUR-TEN': () => {
        const f = make('four-ten');
        f.reset({ seed: 1 });
        return f.getState();
      },
      BROKEN: () => ({ ...env.getState(), game: { ...(env.getState().game as object), stock: 'nope' } }),
      OVER: () => {
        while (env.running) env.step(env.legal[0]);
        return env.getState();
      },
    };
    const text = input in states ? JSON.stringify(states[input]()) : input;
    const r = await tengym(['hint', '--env', 'decade', ...(args as string[])], text);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message as RegExp);
    expect(r.stderr).not.toMatch(/internal error/);
    noStack(r.stderr);
  });
});

describe('tengym bench --hints', () => {
  it('prints p50 and p99 latency over mid-game states, with the source; --agent times another', async () => {
    // Four Ten ships a model, and a search answers: the source says why.
    const r = await tengym(['bench', '--hints', '--env', 'four-ten', '--states', '40', '--warmup', '20', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const [b] = JSON.parse(r.stdout);
    expect(b).toMatchObject({
      env: 'four-ten',
      source:
        'bottom-direct (safety first, then the best round prospects, by the fewest exchanges; never more ' +
        'rounds than bottom, unlike the trained model in models/four-ten/)',
      fromModel: false,
      states: 40,
      warmup: 20,
    });
    expect(b.games).toBeGreaterThan(0);
    for (const key of ['firstMs', 'p50Ms', 'p99Ms', 'maxMs', 'meanMs'])
      expect(Number.isFinite(b[key]) && b[key] > 0, key).toBe(true);
    const model = await tengym([
      'bench',
      '--hints',
      '--env',
      'decade-fives',
      '--agent',
      'model',
      '--states',
      '20',
      '--warmup',
      '5',
      '--json',
    ]);
    expect(model.code, model.stderr).toBe(0);
    expect(JSON.parse(model.stdout)[0]).toMatchObject({
      source: 'model models/decade-fives/ (shipped)',
      fromModel: true,
      states: 20,
    });
    const text = await tengym(['bench', '--hints', '--env', 'tens', '--states', '20', '--warmup', '5']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/p50 ms\s+p99 ms/);
    // The source column wraps within 100 columns.
    expect(text.stdout.replace(/\s+/g, ' ')).toMatch(/none needed: every legal move leads to the same end/);
    for (const line of text.stdout.split('\n')) expect(line.length, line).toBeLessThanOrEqual(100);
  });

  it.each([
    [['--states', '0'], /--states must be a positive integer/],
    [['--warmup', '-1'], /--warmup must be an integer ≥ 0/],
    [['--env', 'nope'], /unknown env "nope"/],
    [['--env', 'decade', '--model', '/nonexistent/model'], /no model at "\/nonexistent\/model"/],
  ])('bench --hints %j is a clear error, exit 1', async (args, message) => {
    const r = await tengym(['bench', '--hints', ...(args as string[])]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message as RegExp);
    expect(r.stderr).not.toMatch(/internal error/);
    noStack(r.stderr);
  });

  it('has --help, and every id the hint command knows', async () => {
    expect((await tengym(['hint', '--help'])).stdout).toContain('tengym hint');
    expect((await tengym(['bench', '--help'])).stdout).toContain('--hints');
    // Every id's baseline is one of its own agents and plays a legal move.
    for (const id of envIds()) {
      const baseline = hintBaseline(id);
      const env = make(id);
      env.reset({ seed: 2 });
      while (!env.running) env.reset();
      expect(
        agentsFor(id).map((a) => a.name),
        id,
      ).toContain(baseline.name);
      expect(env.isLegal(baseline.agent.act(env)), id).toBe(true);
    }
  });
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

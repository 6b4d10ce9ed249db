// The invariant fuzz: a short run of `tengym fuzz` on every id finds nothing, exercises every
// kind of operation, and the fuzz does find an engine that breaks an invariant.
// @slow: the built CLI (dist/, not the sources being edited) fuzzes every id; the contract checker plays the sources.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Env } from '../../src/env/env.js';
import type { AnyGame } from '../../src/env/game.js';
import { envConfig, envIds, envSpec, make, resolveOptions } from '../../src/env/registry.js';
import { createRng } from '../../src/env/rng.js';
import { disagree, fuzzEnv, type FuzzReport } from '../../src/env/fuzz.js';
import { scaled } from '../helpers/scale.js';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** An env of `id` whose engine is `game` (a sabotaged copy of the real one). */
const envWith = (id: string, game: AnyGame) => () => new Env(id, game, resolveOptions(id, {}));

/** Steps fuzzed on every id: 20,000 at full scale, enough at the default scale for every kind of operation. */
const STEPS = scaled(20_000, 5000);

describe('tengym fuzz', () => {
  it(`every id: ${STEPS.toLocaleString('en')} fuzzed steps, every kind of operation, no violation`, () => {
    const r = spawnSync(
      process.execPath,
      [BIN, 'fuzz', '--env', 'all', '--steps', String(STEPS), '--seed', '3', '--json'],
      {
        encoding: 'utf8',
      },
    );
    expect(r.status, r.stderr).toBe(0);
    const reports = JSON.parse(r.stdout) as FuzzReport[];
    expect(reports.map((x) => x.env)).toEqual(envIds());
    for (const x of reports) {
      expect(x.violations, `${x.env}: ${x.firstViolations.join('; ')}`).toBe(0);
      expect(x.steps).toBe(STEPS);
      for (const n of [
        x.episodes,
        x.rejectedInputs,
        x.roundTrips,
        x.clones,
        x.corruptedStates.refused,
        x.disagreements,
        x.vectorBatches,
      ])
        expect(n, x.env).toBeGreaterThan(0);
    }
    // Piped, it says where it is: a line per id on stderr next to the JSON.
    expect(r.stderr.trim().split('\n')).toEqual(
      envIds().map((id) =>
        expect.stringMatching(new RegExp(`^${id}: ${STEPS.toLocaleString('en')} steps, 0 violations, [\\d.]+ s$`)),
      ),
    );
  });

  it('takes exactly the steps asked, when a round trip or a clone comes near the end too', () => {
    // A round trip or a clone steps the env and its copy alike for 1 to 5 steps: no more than remain.
    // (These runs each ended inside one, 1,001 and 1,000 steps reported.)
    expect(fuzzEnv({ env: 'decade-max3', steps: 998 }).steps).toBe(998);
    expect(fuzzEnv({ env: 'decade-fives', steps: 999 }).steps).toBe(999);
    for (let steps = 1; steps <= 300; steps += 7)
      expect(fuzzEnv({ env: 'tens', steps, seed: steps }).steps, `--steps ${steps}`).toBe(steps);
  });

  it('the same seed fuzzes the same way', () => {
    const strip = ({ seconds: _s, ...rest }: FuzzReport) => rest;
    expect(strip(fuzzEnv({ env: 'four-ten', steps: 5000, seed: 9 }))).toEqual(
      strip(fuzzEnv({ env: 'four-ten', steps: 5000, seed: 9 })),
    );
  });

  it('finds a mask that says an illegal action is legal', () => {
    const game = envSpec('decade').game;
    let calls = 0;
    const broken: AnyGame = {
      ...game,
      legalActions(s, o, mask, legal) {
        const n = game.legalActions(s, o, mask, legal);
        if (++calls % 997 === 0 && n > 0) mask[mask.indexOf(0)] = 1;
        return n;
      },
    };
    const report = fuzzEnv({ env: 'decade', steps: 20000, makeEnv: envWith('decade', broken) });
    expect(report.violations).toBeGreaterThan(0);
    expect(report.firstViolations[0]).toMatch(/^decade: step \d+.*: mask has \d+ legal ids, legal list \d+$/);
  });

  it('finds a refusal that changes the state', () => {
    const game = envSpec('tens').game;
    const broken: AnyGame = {
      ...game,
      whyIllegal(s, o, action) {
        // Explains, then deals a new game into the state it was asked about.
        const why = game.whyIllegal!(s, o, action);
        game.reset(s, o, createRng(1), null);
        return why;
      },
    };
    const report = fuzzEnv({ env: 'tens', steps: 20000, makeEnv: envWith('tens', broken) });
    expect(report.violations).toBeGreaterThan(0);
    expect(report.firstViolations[0]).toMatch(/^tens: step \d+: refused input changed the state$/);
  });

  it('finds a state that does not survive its JSON round trip', () => {
    const game = envSpec('four-ten').game;
    const broken: AnyGame = {
      ...game,
      toJSON(s, o) {
        const json = game.toJSON!(s, o) as Record<string, unknown>;
        // One point lost in the JSON (within what the rounds allow, so setState takes it).
        return { ...json, points: Math.max(0, Number(json.points) - 1) };
      },
    };
    const report = fuzzEnv({ env: 'four-ten', steps: 20000, makeEnv: envWith('four-ten', broken) });
    expect(report.violations).toBeGreaterThan(0);
    expect(report.firstViolations[0]).toMatch(/^four-ten: step \d+: getState → setState → getState differs$/);
  });

  it.each([
    ['decade', 'steps'],
    ['four-ten', 'points'],
  ])('finds a %s engine that takes counters disagreeing with the cards (%s)', (id, _counter) => {
    // The engine's consistency check without the counter checks: the card checks of the first
    // failing state only, as before counters were checked.
    const game = envSpec(id).game;
    const broken: AnyGame = {
      ...game,
      fromJSON(json, o, s) {
        try {
          game.fromJSON!(json, o, s);
        } catch (e) {
          if (!/steps|discard pile|eliminated|points after|safeties used|current is stack/.test(String(e))) throw e;
        }
      },
      checkState: (s, o) => {
        const problem = game.checkState!(s, o);
        return problem && /steps|discard pile|eliminated|points after|safeties used|current is stack/.test(problem)
          ? null
          : problem;
      },
    };
    const report = fuzzEnv({ env: id, steps: 20000, makeEnv: envWith(id, broken) });
    expect(report.violations).toBeGreaterThan(0);
    expect(report.firstViolations.join('\n')).toMatch(
      new RegExp(`^${id}: step \\d+: setState with .*: expected a TengymError 'bad-state', nothing was thrown$`, 'm'),
    );
  });

  it('every disagreement it makes is refused by the real engines', () => {
    const rng = createRng(4);
    for (const id of envIds()) {
      for (let seed = 0; seed < 60; seed++) {
        // With undos where the id's options take them, so that the undos used are disagreed with too.
        const env = make(id, 'undoLimit' in envConfig(id).options ? { undoLimit: 3 } : {});
        env.reset({ seed });
        for (let i = 0; i < seed * 3 && env.running; i++) env.step(env.legal[i % env.legalCount]);
        const state = JSON.parse(JSON.stringify(env.getState())) as Record<string, unknown>;
        const change = disagree(state, env.game, env.game.undoLimit?.(env.options) ?? 0, rng);
        if (change === null) continue;
        expect(() => make(id, env.options).setState(state), `${id} seed ${seed}: ${change}`).toThrow(/^bad /);
      }
    }
  });
});

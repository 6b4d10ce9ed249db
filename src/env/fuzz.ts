/**
 * The invariant fuzz behind `tengym fuzz`: one env played for N steps by a seeded random
 * driver that interleaves, besides random legal steps, everything a program can throw at
 * an env, and checks the contract checker's invariants (`checkStep`, `sameView`,
 * `checkEpisodeEnd` in src/env/checker.ts) after every step:
 *
 * | operation (share of the driver's choices) | what must hold |
 * |---|---|
 * | a random legal step (most)                | mask = legal list, never empty while running, finite observation, the engine's own invariants; at the end, rewards add up to the outcome and a step is refused |
 * | a bad action or reset (3%)                | an illegal id, ids out of range, non-integers, NaN, BigInt, strings, null, bad seeds, decks and reset keys: the named TengymError, and the state unchanged |
 * | a JSON round trip (1%)                    | getState → JSON text → setState into a new env gives the same state and view, and both play on alike; the driver then continues with the restored env |
 * | a clone (1%)                              | the clone has the same view; stepping it leaves the source alone; the source stepped alike stays equal to it; the driver continues with the clone |
 * | a corrupted state (0.5%)                  | one random change to a state's JSON: refused as bad-state with the target unchanged, or accepted as a state whose invariants hold and which plays on |
 * | a counter/card disagreement (0.5%)        | counters that no play of these cards could give (undosUsed above the undo limit, and what the game names: `Game.inconsistencies`): always refused as bad-state, the target unchanged |
 * | a vector batch (0.2%)                     | a few batched steps of a 4-copy VectorEnv, every copy checked and running after autoreset; a batch with one bad action moves no copy |
 * | a reset (0.1%, and at every end)          | with a new seed or continuing the stream |
 *
 * A violation is counted, its first messages kept, and the driver starts a fresh env.
 */
import { ContractViolation, checkEpisodeEnd, checkStep, expectError, fail, sameView, stateText } from './checker.js';
import type { Env } from './env.js';
import type { AnyGame } from './game.js';
import { isPlainObject, isTengymError } from './errors.js';
import { make } from './registry.js';
import { createRng, randomInt, type Rng } from './rng.js';
import { VectorEnv } from './vector.js';

export interface FuzzConfig {
  env: string;
  options?: Record<string, unknown>;
  /** Legal steps to take, exactly (steps inside round trips and clones included). */
  steps: number;
  seed?: number;
  /** Makes the envs fuzzed (default: `make(env, options)`); tests pass a broken engine here. */
  makeEnv?: () => Env;
  /** Vector batches (default true; off when `makeEnv` is given, since VectorEnv makes its own copies). */
  vector?: boolean;
  onProgress?: (steps: number) => void;
}

export interface FuzzReport {
  env: string;
  options: Record<string, unknown>;
  seed: number;
  steps: number;
  episodes: number;
  rejectedInputs: number;
  roundTrips: number;
  clones: number;
  corruptedStates: { refused: number; accepted: number };
  /** Counter/card disagreements tried: each one refused (an accepted one is a violation). */
  disagreements: number;
  vectorBatches: number;
  violations: number;
  /** The first few violations' messages. */
  firstViolations: string[];
  seconds: number;
}

const KEEP_MESSAGES = 5;

/** Values that are not action ids, each refused as 'bad-action'. */
const NOT_ACTION_IDS: readonly unknown[] = [
  -1,
  1.5,
  Number.NaN,
  Infinity,
  -Infinity,
  0n,
  '0',
  null,
  undefined,
  {},
  [0],
  true,
];

export function fuzzEnv(config: FuzzConfig): FuzzReport {
  const id = config.env;
  const seed = config.seed ?? 0;
  const makeEnv = config.makeEnv ?? (() => make(id, config.options ?? {}));
  const rng = createRng(seed);
  const started = performance.now();
  let env = makeEnv();
  const report: FuzzReport = {
    env: env.id,
    options: { ...env.options },
    seed,
    steps: 0,
    episodes: 0,
    rejectedInputs: 0,
    roundTrips: 0,
    clones: 0,
    corruptedStates: { refused: 0, accepted: 0 },
    disagreements: 0,
    vectorBatches: 0,
    violations: 0,
    firstViolations: [],
    seconds: 0,
  };
  const useVector = config.vector ?? config.makeEnv === undefined;
  const vector = useVector ? new VectorEnv(id, config.options ?? {}, 4) : null;
  let vectorStarted = false;
  let total = 0;
  let nextProgress = 100_000;

  const where = () => `step ${report.steps}`;
  const randomSeed = () => randomInt(rng, 0, 0x7fff_ffff);
  const pick = (e: Env) => e.legal[randomInt(rng, 0, e.legalCount - 1)];

  /** A reset with a new seed (or the stream continued), checked; deals with no legal move are dealt past. */
  const newEpisode = (e: Env) => {
    total = 0;
    for (;;) {
      const r = randomInt(rng, 0, 3) === 0 ? e.reset() : e.reset({ seed: randomSeed() });
      checkStep(e, id, `${where()} reset`);
      if (e.running) return;
      if (r.info.terminated !== true || r.info.outcome === undefined)
        fail(id, `${where()}: a deal over at reset must say info.terminated and the outcome`);
      if (r.info.outcome.won) fail(id, `${where()}: a deal with no legal move is won`);
      report.episodes++;
    }
  };

  /** One legal step of `e`, checked; at the end, the end's checks and a new episode. */
  const legalStep = (e: Env) => {
    const r = e.step(pick(e));
    report.steps++;
    total += r.reward;
    checkStep(e, id, where());
    if (r.terminated && r.truncated) fail(id, `${where()}: terminated and truncated together`);
    if ((r.terminated || r.truncated) !== (r.info.outcome !== undefined))
      fail(id, `${where()}: info.outcome must be present exactly on the last step`);
    if (!e.running) {
      checkEpisodeEnd(e, id, total, where());
      report.episodes++;
      newEpisode(e);
    }
  };

  /**
   * Steps `a` and `b` with the same random actions (at most k, and never past the steps asked),
   * comparing them after each; returns the env to go on with: `b`, or `a` on a new episode when
   * the game ended.
   */
  const stepAlike = (a: Env, b: Env, k: number, what: string): Env => {
    const n = Math.min(k, config.steps - report.steps);
    for (let i = 0; i < n; i++) {
      const action = pick(a);
      const ra = a.step(action).reward;
      const rb = b.step(action).reward;
      report.steps++;
      total += ra;
      if (ra !== rb) fail(id, `${where()}: ${what}: rewards differ (${ra} and ${rb})`);
      checkStep(a, id, `${where()} (${what})`);
      sameView(a, b, id, `${where()} (${what})`);
      if (!a.running) {
        checkEpisodeEnd(a, id, total, where());
        checkEpisodeEnd(b, id, total, `${where()} (${what})`);
        report.episodes++;
        newEpisode(a);
        return a;
      }
    }
    return b;
  };

  const badInput = (e: Env) => {
    const before = stateText(e);
    const kind = randomInt(rng, 0, 9);
    if (kind < 4) {
      const illegal = e.mask.indexOf(0);
      if (illegal >= 0)
        expectError(id, `${where()}: illegal step(${illegal})`, 'illegal-action', () => e.step(illegal));
    } else if (kind < 6) {
      const bad = randomInt(rng, 0, 1)
        ? e.actionSpace.n + randomInt(rng, 0, 1000)
        : NOT_ACTION_IDS[randomInt(rng, 0, NOT_ACTION_IDS.length - 1)];
      expectError(id, `${where()}: step(${String(bad)})`, 'bad-action', () => e.step(bad as number));
    } else if (kind < 8) {
      const seeds: unknown[] = [-1, 0.5, Number.NaN, 2 ** 53, '7', null];
      const bad = seeds[randomInt(rng, 0, seeds.length - 1)];
      expectError(id, `${where()}: reset({ seed: ${String(bad)} })`, 'bad-seed', () =>
        e.reset({ seed: bad as number }),
      );
    } else if (kind < 9) {
      expectError(id, `${where()}: reset with a bad deck`, 'bad-deck', () =>
        e.reset({ deck: randomInt(rng, 0, 1) ? 'AS 2C' : 'XX' }),
      );
    } else {
      expectError(id, `${where()}: reset with an unknown key`, 'bad-argument', () => e.reset({ sed: 1 } as never));
    }
    report.rejectedInputs++;
    if (stateText(e) !== before) fail(id, `${where()}: refused input changed the state`);
  };

  /** getState → JSON text → setState into a new env: the same state and view, and it plays on alike. */
  const roundTrip = (e: Env): Env => {
    const text = stateText(e);
    const restored = makeEnv();
    restored.setState(JSON.parse(text));
    if (stateText(restored) !== text) fail(id, `${where()}: getState → setState → getState differs`);
    sameView(e, restored, id, `${where()} (restored)`);
    report.roundTrips++;
    return stepAlike(e, restored, randomInt(rng, 1, 5), 'restored env');
  };

  /** A clone: its steps leave the source alone, and the source stepped alike stays equal to it. */
  const cloneCheck = (e: Env): Env => {
    const copy = e.clone();
    sameView(e, copy, id, `${where()} (clone)`);
    const before = stateText(e);
    const probe = copy.clone();
    for (let i = 0; i < 3 && probe.running; i++) probe.step(pick(probe));
    if (stateText(e) !== before || stateText(copy) !== before)
      fail(id, `${where()}: stepping a clone changed its source`);
    report.clones++;
    return stepAlike(e, copy, randomInt(rng, 1, 5), 'clone');
  };

  /** One random change to a state's JSON: refused whole, or a consistent state that plays on. */
  const corruptState = (e: Env) => {
    const state: Record<string, unknown> = JSON.parse(stateText(e)); // an env's own getState()
    const change = corrupt(state, rng);
    const target = makeEnv();
    target.reset({ seed: randomSeed() });
    const before = stateText(target);
    try {
      target.setState(state);
    } catch (err) {
      if (!isTengymError(err) || err.code !== 'bad-state')
        fail(
          id,
          `${where()}: setState after ${change}: expected a TengymError 'bad-state', got ` +
            (err instanceof Error ? `${err.name}: ${err.message}` : String(err)),
        );
      if (stateText(target) !== before) fail(id, `${where()}: a refused setState (${change}) changed the env`);
      report.corruptedStates.refused++;
      return;
    }
    report.corruptedStates.accepted++;
    checkStep(target, id, `${where()} (accepted ${change})`);
    for (let i = 0; i < 5 && target.running; i++) {
      target.step(pick(target));
      checkStep(target, id, `${where()} (after accepted ${change})`);
    }
  };

  /** Counters that disagree with the cards (`disagree`): refused, the target unchanged. */
  const disagreement = (e: Env) => {
    const state: Record<string, unknown> = JSON.parse(stateText(e));
    const change = disagree(state, e.game, e.game.undoLimit?.(e.options) ?? 0, rng);
    if (change === null) return;
    const target = makeEnv();
    target.reset({ seed: randomSeed() });
    const before = stateText(target);
    expectError(id, `${where()}: setState with ${change}`, 'bad-state', () => target.setState(state));
    if (stateText(target) !== before) fail(id, `${where()}: a refused setState (${change}) changed the env`);
    report.disagreements++;
  };

  const vectorBatch = (v: VectorEnv) => {
    if (!vectorStarted) {
      v.reset({ seed: randomSeed() });
      vectorStarted = true;
    }
    const actions = new Int32Array(v.numEnvs);
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < v.numEnvs; i++) actions[i] = pick(v.envs[i]);
      if (round === 4) {
        // A batch with one bad action: refused whole.
        const before = v.envs.map(stateText);
        const bad = randomInt(rng, 0, v.numEnvs - 1);
        const illegal = v.envs[bad].mask.indexOf(0);
        const wrong = Array.from(actions);
        wrong[bad] = illegal >= 0 && randomInt(rng, 0, 1) ? illegal : v.actionSpace.n;
        expectError(
          id,
          `${where()}: VectorEnv.step with a bad action for copy ${bad}`,
          illegal >= 0 && wrong[bad] === illegal ? 'illegal-action' : 'bad-action',
          () => v.step(wrong),
        );
        if (v.envs.some((e, i) => stateText(e) !== before[i]))
          fail(id, `${where()}: a refused VectorEnv batch moved a copy`);
      }
      v.step(actions);
      for (let i = 0; i < v.numEnvs; i++) {
        checkStep(v.envs[i], id, `${where()} (vector copy ${i})`);
        if (!v.envs[i].running) fail(id, `${where()}: vector copy ${i} is not running after autoreset`);
        if (v.terminated[i] && v.truncated[i])
          fail(id, `${where()}: vector copy ${i} terminated and truncated together`);
      }
    }
    report.vectorBatches++;
  };

  // Refusals are checked by their code, never by their stack: capturing one for each of the
  // millions of errors thrown here would double the run.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    run();
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  report.seconds = (performance.now() - started) / 1000;
  return report;

  function run(): void {
    newEpisode(env);
    while (report.steps < config.steps) {
      const stepsBefore = report.steps;
      try {
        const r = randomInt(rng, 0, 999);
        if (r < 30) badInput(env);
        else if (r < 40) env = roundTrip(env);
        else if (r < 50) env = cloneCheck(env);
        else if (r < 55) corruptState(env);
        else if (r < 60) disagreement(env);
        else if (r < 62 && vector) vectorBatch(vector);
        else if (r < 63) newEpisode(env);
        else legalStep(env);
      } catch (e) {
        report.violations++;
        const message =
          e instanceof ContractViolation
            ? e.message
            : `${id}: ${where()}: unexpected ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
        if (report.firstViolations.length < KEEP_MESSAGES) report.firstViolations.push(message);
        // Carry on from a fresh env: the broken one proves nothing more. (A step is counted when the
        // operation took none, so that an engine that breaks at every operation still ends the run,
        // and never one past the steps asked.)
        if (report.steps === stepsBefore) report.steps++;
        vectorStarted = false;
        try {
          env = makeEnv();
          newEpisode(env);
        } catch {
          // Counted when the next operation meets it.
        }
      }
      if (report.steps >= nextProgress) {
        config.onProgress?.(report.steps);
        nextProgress += 100_000;
      }
    }
  }
}

/**
 * Changes one thing in a state's JSON, in place, and says what: the generator, the options,
 * the env id, or one leaf of the game part (a value replaced, an array entry removed or doubled).
 */
export function corrupt(state: Record<string, unknown>, rng: Rng): string {
  const kind = randomInt(rng, 0, 9);
  if (kind === 0) {
    state.rng = [0, 0, 0, 0];
    return 'an all-zero generator';
  }
  if (kind === 1) {
    state.options = { ...(state.options as object), [randomInt(rng, 0, 1) ? 'extra' : '__proto__']: 1 };
    return 'an unknown option';
  }
  if (kind === 2) {
    state.env = 'another-env';
    return 'another env id';
  }
  const leaves: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node))
      node.forEach((v, i) => (v !== null && typeof v === 'object' ? walk(v) : leaves.push({ parent: node, key: i })));
    else if (isPlainObject(node))
      for (const [k, v] of Object.entries(node))
        v !== null && typeof v === 'object' ? walk(v) : leaves.push({ parent: node, key: k });
  };
  walk(state.game);
  if (leaves.length === 0) {
    state.game = null;
    return 'no game';
  }
  const { parent, key } = leaves[randomInt(rng, 0, leaves.length - 1)];
  const old = (parent as Record<string | number, unknown>)[key];
  const op = randomInt(rng, 0, 5);
  if (Array.isArray(parent) && op === 0) {
    parent.splice(key as number, 1);
    return `game entry ${String(key)} removed`;
  }
  if (Array.isArray(parent) && op === 1) {
    parent.splice(key as number, 0, old);
    return `game entry ${String(key)} doubled`;
  }
  const replacements: unknown[] = [
    typeof old === 'number' ? old + 1 : 1,
    typeof old === 'number' ? old - 1 : -1,
    typeof old === 'number' ? -old - 1 : 0,
    'AS',
    'XX',
    null,
    true,
    1e9,
    0.5,
  ];
  const value = replacements[randomInt(rng, 0, replacements.length - 1)];
  (parent as Record<string | number, unknown>)[key] = value;
  return `game value ${String(key)}: ${JSON.stringify(old)} → ${JSON.stringify(value)}`;
}

/**
 * Changes a state's JSON, in place, so that its counters disagree with its cards in a way no
 * play could give, and says how; null when this state offers none. Each change breaks an
 * invariant the engine checks, so every one must be refused: `undosUsed` above the undo limit
 * (any engine with a finite limit, 0 included), and the changes its game names
 * (`Game.inconsistencies`: steps below the cards drawn, points beyond the ended rounds, …).
 */
export function disagree(
  state: Record<string, unknown>,
  game: Pick<AnyGame, 'inconsistencies'>,
  undoLimit: number,
  rng: Rng,
): string | null {
  const json = state.game;
  const options = isPlainObject(state.options) ? state.options : {};
  const changes: (() => string)[] = [];
  if (Number.isFinite(undoLimit)) {
    changes.push(() => {
      state.undosUsed = undoLimit + 1 + randomInt(rng, 0, 1_000_000);
      return `undosUsed ${String(state.undosUsed)} above the undo limit ${undoLimit}`;
    });
  }
  if (isPlainObject(json) && game.inconsistencies) changes.push(...game.inconsistencies(json, options, rng));
  return changes.length ? changes[randomInt(rng, 0, changes.length - 1)]() : null;
}

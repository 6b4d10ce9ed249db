// The contract checker on broken games: for every promise checker.ts makes, a game (or
// an Env) that breaks just that promise, and the checker must reject it with the matching
// message. The real engines pass the same checks in contract.test.ts.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ContractViolation, checkEnv, checkEnvFrom } from '../src/env/checker.js';
import { Env, type ResetOptions, type ResetResult, type StepResult } from '../src/env/env.js';
import { TengymError } from '../src/env/errors.js';
import { RUNNING, TERMINATED, TRUNCATED, type AnyGame, type CardOutcome, type Game } from '../src/env/game.js';
import { decadeGame } from '../src/env/games/decade.js';
import { fourTenGame } from '../src/env/games/four-ten.js';
import type { PairingState } from '../src/env/games/pairing.js';
import { tensGame } from '../src/env/games/tens.js';
import { make } from '../src/env/registry.js';
import { createRng, type Rng } from '../src/env/rng.js';

type Tens = PairingState & { extra?: number };

/** Envs of `game` (tens unless said), with its options parsed as `make` would. */
function envsOf(game: AnyGame, options: Record<string, unknown> = {}, EnvClass: new (id: string, game: AnyGame, options: Record<string, unknown>) => Env = Env): () => Env {
  const parsed = game.optionsSchema.parse(options);
  return () => new EnvClass(game.name, game, parsed);
}

/** The tens engine with some functions replaced. */
const tensWith = (overrides: Partial<AnyGame>): AnyGame => ({ ...tensGame, ...overrides });

/** Tens state with what its JSON leaves out: whether reset dealt it (a loaded state was not), and whether it moved since it was loaded. */
type Dealt = PairingState & { dealt?: boolean; movedSinceLoad?: boolean };

/** Tens that keeps `dealt` and `movedSinceLoad` (not in its JSON) and behaves as `overrides` say. */
const tensRememberingTheDeal = (overrides: Partial<AnyGame>): AnyGame =>
  tensWith({
    createState: (o) => Object.assign(tensGame.createState(o), { dealt: false, movedSinceLoad: false }),
    copyState: (src: Dealt, dst: Dealt) => {
      tensGame.copyState(src, dst);
      dst.dealt = src.dealt;
      dst.movedSinceLoad = src.movedSinceLoad;
    },
    reset: (s: Dealt, o, rng, deck) => {
      tensGame.reset(s, o, rng, deck);
      s.dealt = true;
      s.movedSinceLoad = false;
    },
    ...overrides,
  });

/** Whether `makeEnv` is rejected, and with which message (null: it passed). */
function verdict(makeEnv: () => Env, episodes = 30, seed = 0): string | null {
  try {
    checkEnvFrom(makeEnv, { episodes, seed });
    return null;
  } catch (e) {
    if (!(e instanceof ContractViolation)) throw e;
    return e.message;
  }
}

/** A module-level counter: breaks determinism across runs while each run is consistent. */
let dealsDealt = 0;

const CASES: [string, () => Env, RegExp][] = [
  [
    'a mask bit set for an id the legal list does not hold',
    envsOf(
      tensWith({
        legalActions: (s, o, mask, legal) => {
          const n = tensGame.legalActions(s, o, mask, legal);
          if (n > 0) mask[mask.indexOf(0)] = 1;
          return n;
        },
      }),
    ),
    /^tens: seed 0 reset: mask has \d+ legal ids, legal list \d+$/,
  ],
  [
    'a listed id whose mask bit is clear',
    envsOf(
      tensWith({
        legalActions: (s, o, mask, legal) => {
          const n = tensGame.legalActions(s, o, mask, legal);
          if (n > 0) {
            mask[mask.indexOf(0)] = 1;
            mask[legal[0]] = 0;
          }
          return n;
        },
      }),
    ),
    /legal id \d+ not set in the mask/,
  ],
  [
    'legal ids out of order',
    envsOf(
      tensWith({
        legalActions: (s, o, mask, legal) => {
          const n = tensGame.legalActions(s, o, mask, legal);
          legal.subarray(0, n).reverse();
          return n;
        },
      }),
    ),
    /legal ids not increasing/,
  ],
  ['a running game with nothing legal', envsOf(tensWith({ status: () => 0 })), /the mask is empty before the end/],
  [
    'a game over while moves are legal',
    envsOf(tensWith({ status: (s: Tens, o) => (s.removed >= 6 ? TERMINATED : tensGame.status(s, o)) })),
    /the episode is over but \d+ actions are legal/,
  ],
  [
    'a NaN in the observation',
    envsOf(
      tensWith({
        observe: (s: Tens, o, out) => {
          tensGame.observe(s, o, out);
          if (s.removed >= 4) out[3] = Number.NaN;
        },
      }),
    ),
    /^tens: seed \d+ step \d+: observation\[3\] = NaN$/,
  ],
  [
    'bookkeeping that drifts from the cards',
    envsOf(
      tensWith({
        step: (s: Tens, o, a, rng) => {
          const r = tensGame.step(s, o, a, rng);
          if (s.removed >= 8) s.removed++;
          return r;
        },
      }),
    ),
    /broken invariant: removed is \d+, the slots and stock leave \d+/,
  ],
  [
    'rewards that do not add up to the outcome',
    envsOf(tensWith({ step: (s: Tens, o, a, rng) => tensGame.step(s, o, a, rng) + (s.removed === 4 ? 1 : 0) }), { reward: 'cards' }),
    /^tens: seed \d+: rewards add up to \d+, the outcome .* implies \d+$/,
  ],
  [
    'a truncated game reported won',
    envsOf({ ...decadeGame, outcome: (s, o) => ({ ...(decadeGame.outcome(s, o) as CardOutcome), won: decadeGame.status(s, o) === TRUNCATED }) }, { maxSteps: 8 }),
    /a truncated game is won/,
  ],
  [
    'a dead deal reported won',
    envsOf(tensWith({ outcome: (s: Tens, o) => ({ ...(tensGame.outcome(s, o) as CardOutcome), won: s.removed === 0 || (tensGame.outcome(s, o) as CardOutcome).won }) })),
    /a deal with no legal move is won/,
  ],
  [
    'whyIllegal that throws a TypeError',
    envsOf(
      tensWith({
        whyIllegal: () => {
          throw new TypeError('cannot read the slots');
        },
      }),
    ),
    /illegal step\(\d+\): expected a TengymError 'illegal-action', got TypeError: cannot read the slots/,
  ],
  [
    'fromJSON that throws a plain Error',
    envsOf(
      tensWith({
        fromJSON: (json, o, s) => {
          if (typeof json !== 'object' || json === null || !('tableau' in json)) throw new Error('no tableau');
          tensGame.fromJSON(json, o, s);
        },
      }),
    ),
    /setState with a broken game part: expected a TengymError 'bad-state', got Error: no tableau/,
  ],
  [
    'describeAction that reorders the stock',
    envsOf(
      tensWith({
        describeAction: (s: Tens, o, a) => {
          s.deck.subarray(s.stockPos).reverse();
          return tensGame.describeAction(s, o, a);
        },
      }),
    ),
    /^tens: seed \d+ step \d+: refused input changed the state$/,
  ],
  [
    'toJSON that writes the stock backwards',
    envsOf(tensWith({ toJSON: (s: Tens, o) => ({ ...(tensGame.toJSON(s, o) as { stock: string[] }), stock: [...(tensGame.toJSON(s, o) as { stock: string[] }).stock].reverse() }) })),
    /getState → setState → getState differs/,
  ],
  [
    'state that the JSON leaves out',
    envsOf(
      tensWith({
        createState: (o) => Object.assign(tensGame.createState(o), { extra: 0 }),
        copyState: (src: Tens, dst: Tens) => {
          tensGame.copyState(src, dst);
          dst.extra = src.extra;
        },
        reset: (s: Tens, o, rng, deck) => {
          tensGame.reset(s, o, rng, deck);
          s.extra = 0;
        },
        step: (s: Tens, o, a, rng) => {
          s.extra = (s.extra ?? 0) + 1;
          return tensGame.step(s, o, a, rng);
        },
        observe: (s: Tens, o, out) => {
          tensGame.observe(s, o, out);
          out[0] = s.extra ?? 0;
        },
      }),
    ),
    /\(restored\): observations differ at 0/,
  ],
  [
    'copyState that shares the slots with its source',
    envsOf(
      tensWith({
        copyState: (src: Tens, dst: Tens) => {
          tensGame.copyState(src, dst);
          Object.assign(dst, { slotCard: src.slotCard, slotRank: src.slotRank, rankSlots: src.rankSlots });
        },
      }),
    ),
    /stepping a clone changed its source/,
  ],
  [
    'deals that depend on how many deals came before',
    envsOf(
      tensWith({
        reset: (s: Tens, o, rng, deck) => {
          if (dealsDealt++ % 2 === 1) rng.next();
          tensGame.reset(s, o, rng, deck);
        },
      }),
    ),
    /the same seed gave a different trajectory/,
  ],
  [
    'an observation that depends on how many deals came before (the rest of the game does not)',
    envsOf(
      tensWith({
        createState: (o) => Object.assign(tensGame.createState(o), { extra: 0 }),
        copyState: (src: Tens, dst: Tens) => {
          tensGame.copyState(src, dst);
          dst.extra = src.extra;
        },
        reset: (s: Tens, o, rng, deck) => {
          tensGame.reset(s, o, rng, deck);
          s.extra = dealsDealt++;
        },
        observe: (s: Tens, o, out) => {
          tensGame.observe(s, o, out);
          out[0] = s.extra ?? 0;
        },
        toJSON: (s: Tens, o) => ({ ...(tensGame.toJSON(s, o) as object), extra: s.extra }),
        fromJSON: (json, o, s: Tens) => {
          const { extra, ...rest } = json as { extra: number };
          tensGame.fromJSON(rest, o, s);
          s.extra = extra;
        },
      }),
    ),
    /the same seed gave a different trajectory/,
  ],
  [
    'a legal id listed twice (with a stray mask bit, so the counts agree)',
    envsOf(
      tensWith({
        legalActions: (s, o, mask, legal) => {
          const n = tensGame.legalActions(s, o, mask, legal);
          if (n === 0) return 0;
          legal[n] = legal[n - 1];
          mask[mask.indexOf(0)] = 1;
          return n + 1;
        },
      }),
    ),
    /legal ids not increasing/,
  ],
  [
    'legal ids that depend on what the JSON leaves out (as many moves, one of them another)',
    envsOf(
      tensRememberingTheDeal({
        legalActions: (s: Dealt, o, mask, legal) => {
          const n = tensGame.legalActions(s, o, mask, legal);
          const last = mask.length - 1;
          if (!s.dealt && n > 0 && legal[n - 1] !== last) {
            mask[legal[n - 1]] = 0;
            legal[n - 1] = last;
            mask[last] = 1;
          }
          return n;
        },
      }),
    ),
    /seed \d+ step \d+ \(restored\): legal actions differ$/,
  ],
  [
    'a loaded game that says it is over (terminated)',
    envsOf(tensRememberingTheDeal({ status: (s: Dealt, o) => (s.dealt ? tensGame.status(s, o) : TERMINATED) })),
    /seed \d+ step \d+ \(restored\): status differs$/,
  ],
  [
    'a loaded game that says it is over (truncated)',
    envsOf(tensRememberingTheDeal({ status: (s: Dealt, o) => (s.dealt ? tensGame.status(s, o) : TRUNCATED) })),
    /seed \d+ step \d+ \(restored\): status differs$/,
  ],
  [
    'a reward that depends on what the JSON leaves out',
    envsOf(tensRememberingTheDeal({ step: (s: Dealt, o, a, rng) => tensGame.step(s, o, a, rng) + (s.dealt ? 0 : 1) })),
    /seed \d+ step \d+: restored env's reward differs from the clone's$/,
  ],
  [
    'an observation that a loaded game writes differently once it moves',
    envsOf(
      tensRememberingTheDeal({
        step: (s: Dealt, o, a, rng) => {
          if (!s.dealt) s.movedSinceLoad = true;
          return tensGame.step(s, o, a, rng);
        },
        observe: (s: Dealt, o, out) => {
          tensGame.observe(s, o, out);
          if (s.movedSinceLoad) out[0] = -1;
        },
      }),
    ),
    /seed \d+ step \d+ \(restored vs clone after 1 steps\): observations differ at 0$/,
  ],
];

/** Envs that break what the Env class itself promises. */
class NoOutcomeOnLastStep extends Env {
  override step(action: number): StepResult {
    const r = super.step(action);
    if (r.terminated) r.info.outcome = undefined;
    return r;
  }
}
class TerminatedAndTruncated extends Env {
  override step(action: number): StepResult {
    const r = super.step(action);
    if (r.terminated) r.truncated = true;
    return r;
  }
}
class StepsAfterTheEnd extends Env {
  override step(action: number): StepResult {
    if (this.hasStarted && !this.running) return { observation: this.observation, reward: 0, terminated: true, truncated: false, info: { actionMask: this.mask } };
    return super.step(action);
  }
}
class RefusalDrawsFromTheStream extends Env {
  override step(action: number): StepResult {
    if (this.hasStarted && !this.running) (this as unknown as { rng: { next(): number } }).rng.next();
    return super.step(action);
  }
}
class ClonesWithAFreshStream extends Env {
  override clone(): Env {
    const copy = super.clone();
    (copy as unknown as { rng: Rng }).rng = createRng(12345);
    return copy;
  }
}
class RoundsActions extends Env {
  override step(action: number): StepResult {
    return super.step(Math.round(action));
  }
}
class KeepsBadStates extends Env {
  override setState(json: unknown): void {
    try {
      super.setState(json);
    } catch {
      // a bad state is silently ignored
    }
  }
}
class StateBeforeReset extends Env {
  override getState() {
    return this.hasStarted ? super.getState() : { env: this.id, options: {}, rng: [0, 0, 0, 0], undosUsed: 0, game: null };
  }
}

class DeadDealWithoutTerminated extends Env {
  override reset(opts?: ResetOptions): ResetResult {
    const r = super.reset(opts);
    delete r.info.terminated;
    return r;
  }
}
class DeadDealWithoutOutcome extends Env {
  override reset(opts?: ResetOptions): ResetResult {
    const r = super.reset(opts);
    delete r.info.outcome;
    return r;
  }
}
/** legalActions() answered from a list kept before the last step. */
class ListsMovesAfterTheEnd extends Env {
  private before: number[] = [];
  override step(action: number): StepResult {
    this.before = this.legalActions();
    return super.step(action);
  }
  override legalActions(): number[] {
    return this.hasStarted && !this.running ? this.before : super.legalActions();
  }
}
/** actionMask() answered from a copy kept before the last step. */
class MaskAfterTheEnd extends Env {
  private before = new Uint8Array(0);
  override step(action: number): StepResult {
    this.before = this.actionMask();
    return super.step(action);
  }
  override actionMask(): Uint8Array {
    return this.hasStarted && !this.running ? this.before : super.actionMask();
  }
}
class ClonesDealANewGame extends Env {
  override clone(): Env {
    const copy = new Env(this.id, this.game, this.options);
    copy.reset({ seed: 999 });
    return copy;
  }
}
class ResetsOnAStepBeforeReset extends Env {
  override step(action: number): StepResult {
    if (!this.hasStarted) this.reset();
    return super.step(action);
  }
}

const ENV_CASES: [string, () => Env, RegExp][] = [
  ['no outcome on the last step', envsOf(tensGame, {}, NoOutcomeOnLastStep), /info.outcome must be present exactly on the last step/],
  ['terminated and truncated together', envsOf(tensGame, {}, TerminatedAndTruncated), /terminated and truncated together/],
  ['a step after the end that is not refused', envsOf(tensGame, {}, StepsAfterTheEnd), /step after the end: expected a TengymError 'episode-over', nothing was thrown/],
  ['a refused step that advances the random stream', envsOf(tensGame, {}, RefusalDrawsFromTheStream), /a refused step changed the state/],
  ['clones that deal later rounds from another stream', envsOf(fourTenGame, {}, ClonesWithAFreshStream), /restored vs clone after \d+ steps|restored env's reward differs from the clone's/],
  ['step(1.5) taken as step(2)', envsOf(tensGame, {}, RoundsActions), /step\(1.5\): expected a TengymError 'bad-action'/],
  ['a bad state ignored instead of refused', envsOf(tensGame, {}, KeepsBadStates), /setState\(\{\}\): expected a TengymError 'bad-state', nothing was thrown/],
  ['a state before reset', envsOf(tensGame, {}, StateBeforeReset), /getState before reset: expected a TengymError 'not-reset', nothing was thrown/],
  ['a step before reset that deals a game', envsOf(tensGame, {}, ResetsOnAStepBeforeReset), /^tens: step before reset: expected a TengymError 'not-reset', got TengymError: /],
  ['a deal over at reset without info.terminated', envsOf(tensGame, {}, DeadDealWithoutTerminated), /^tens: seed 18: a deal over at reset must say info.terminated and the outcome$/],
  ['a deal over at reset without info.outcome', envsOf(tensGame, {}, DeadDealWithoutOutcome), /^tens: seed 18: a deal over at reset must say info.terminated and the outcome$/],
  ['legal actions listed after the end', envsOf(tensGame, {}, ListsMovesAfterTheEnd), /^tens: seed 0: legal actions after the end$/],
  ['an action mask with legal bits after the end', envsOf(tensGame, {}, MaskAfterTheEnd), /^tens: seed 0: legal actions after the end$/],
  ['a clone that deals a new game', envsOf(tensGame, {}, ClonesDealANewGame), /^tens: seed \d+ step \d+ \(clone\): (legal actions|observations) differ/],
];

describe('the contract checker rejects broken games', () => {
  it('passes the real engine it breaks below', () => {
    expect(verdict(envsOf(tensGame))).toBeNull();
    expect(verdict(envsOf(tensGame, { reward: 'cards' }))).toBeNull();
    expect(verdict(envsOf(decadeGame, { maxSteps: 8 }))).toBeNull();
    expect(verdict(envsOf(fourTenGame))).toBeNull();
  });

  it.each(CASES)('%s', (_name, makeEnv, message) => {
    expect(verdict(makeEnv)).toMatch(message);
  });

  it.each(ENV_CASES)('an Env with %s', (_name, makeEnv, message) => {
    expect(verdict(makeEnv)).toMatch(message);
  });

  it('names the id in every message, and checks a registered id by name', () => {
    expect(verdict(CASES[0][1])).toMatch(/^tens: /);
    expect(checkEnv('tens', {}, { episodes: 5, seed: 3 })).toMatchObject({ id: 'tens', episodes: 5 });
    expect(() => checkEnv('nope')).toThrow(/unknown env "nope"/);
  });

  it('counts what it checked', () => {
    // One step, then the step limit: every decade episode is truncated after exactly one step.
    expect(checkEnv('decade', { maxSteps: 1 }, { episodes: 30, seed: 5 })).toEqual({ id: 'decade', episodes: 30, steps: 30, wins: 0, truncated: 30, deadDeals: 0 });
    let dead = 0;
    for (let seed = 0; seed < 150; seed++) {
      const env = make('tens');
      env.reset({ seed });
      dead += env.running ? 0 : 1;
    }
    expect(dead).toBeGreaterThan(0);
    expect(checkEnv('tens', {}, { episodes: 150, seed: 0 }).deadDeals).toBe(dead);
  });
});

// The contract checker on broken games: for every promise checker.ts makes, a game (or
// an Env) that breaks just that promise, and the checker must reject it with the matching
// message; and games at the edges of what the contract allows, which it must pass. The real
// engines pass the same checks in contract.test.ts.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ContractViolation, checkEnv, checkEnvFrom } from '../../src/env/checker.js';
import { Env, type ResetOptions, type ResetResult, type StepResult } from '../../src/env/env.js';
import { TengymError } from '../../src/env/errors.js';
import { deckTokens } from '../../src/env/cards.js';
import {
  CARDS_LEFT_RESULT,
  RUNNING,
  TERMINATED,
  TRUNCATED,
  type AnyGame,
  type CardOutcome,
  type DeckInput,
  type Game,
} from '../../src/env/game.js';
import { blockTenGame } from '../../src/games/pairing/block-ten.js';
import { decadeGame } from '../../src/games/decade/engine.js';
import { fourTenGame } from '../../src/games/four-ten/engine.js';
import type { SlotState as PairingState } from '../../src/env/layouts/index.js';
import { tensGame } from '../../src/games/pairing/tens.js';
import { make } from '../../src/env/registry.js';
import { createRng, type Rng } from '../../src/env/rng.js';

type Tens = PairingState & { extra?: number };

/** Envs of `game` (tens unless said), with its options parsed as `make` would. */
function envsOf(
  game: AnyGame,
  options: Record<string, unknown> = {},
  EnvClass: new (id: string, game: AnyGame, options: Record<string, unknown>) => Env = Env,
): () => Env {
  const parsed = game.optionsSchema.parse(options);
  return () => new EnvClass(game.name, game, parsed);
}

/** The tens engine with some functions replaced. */
const tensWith = (overrides: Partial<AnyGame>): AnyGame => ({ ...tensGame, ...overrides });

/** Tens whose observation bound `which` of feature i is `value` (the real ones elsewhere). */
const tightBounds = (which: 'low' | 'high', i: number, value: number): AnyGame =>
  tensWith({
    observationBounds: (o) => {
      const bounds = tensGame.observationBounds!(o);
      bounds[which][i] = value;
      return bounds;
    },
  });

/**
 * Tens state with what its JSON leaves out: whether reset dealt it (a loaded state was not), and whether it moved since
 * it was loaded.
 */
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
  [
    'an upper observation bound too tight (the stock size, 39/52 after the deal, bounded by 1/2)',
    envsOf(tightBounds('high', 182, 0.5)),
    /^tens: seed 0 reset: observation\[182\] = 0\.75 is above its upper bound 0\.5 \(the engine's observationBounds\)$/,
  ],
  [
    'a lower observation bound too tight (slot 0 always an ace)',
    envsOf(tightBounds('low', 0, 0.5)),
    new RegExp(
      String.raw`^tens: seed 0 (reset|step \d+): observation\[0\] = 0 is below its lower bound 0\.5 \(the engine's ` +
        String.raw`observationBounds\)$`,
    ),
  ],
  ['a running game with nothing legal', envsOf(tensWith({ status: () => 0 })), /the mask is empty before the end/],
  [
    'a game over while moves are legal',
    envsOf(tensWith({ status: (s: Tens, o) => (s.removed >= 6 ? TERMINATED : tensGame.status(s, o)) })),
    /the episode is over but \d+ actions are legal/,
  ],
  [
    'a reset that keeps a count of the game before (removed), passing every check of a new env',
    envsOf(
      tensWith({
        reset: (s: Tens, o, rng, deck) => {
          const removed = s.removed;
          tensGame.reset(s, o, rng, deck);
          s.removed = removed;
        },
      }),
    ),
    // removed is not in Tens' JSON: the game played on from there ends otherwise.
    /^tens: reset\(seed 0\) after a game played to its end: the outcome differs from a new env's$/,
  ],
  [
    'an observation that shows the next card of the stock',
    envsOf(
      tensWith({
        observe: (s: Tens, o, out) => {
          tensGame.observe(s, o, out);
          out[0] = s.stockPos < 52 ? s.deck[s.stockPos] / 52 : 0;
        },
      }),
    ),
    new RegExp(
      String.raw`^tens: seed 0 step 0: the same state with its stock in another order is seen otherwise \(the ` +
        String.raw`observation must not show the stock's order\): observations differ at \d+$`,
    ),
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
    'a feature written past observationSize (an Env drops it)',
    envsOf(
      tensWith({
        observe: (s: Tens, o, out) => {
          tensGame.observe(s, o, out);
          out[tensGame.observationSize(o)] = s.removed / 52;
        },
      }),
    ),
    new RegExp(
      String.raw`^tens: seed \d+ step \d+( \(the end\))?: observe wrote [\d.e-]+ at index 183, past the 183 floats ` +
        "observationSize gives: an Env's buffer drops it$",
    ),
  ],
  [
    'an observation float never written (left as the buffer held it)',
    envsOf(
      tensWith({
        observe: (s: Tens, o, out) => {
          const last = tensGame.observationSize(o) - 1;
          const kept = out[last];
          tensGame.observe(s, o, out);
          out[last] = kept;
        },
      }),
    ),
    /^tens: seed 0 reset: observe left observation\[182\] unwritten: it must write all 183 floats$/,
  ],
  [
    'an observation that keeps the cards of an earlier state',
    envsOf(
      tensWith({
        observe: (s: Tens, o, out) => {
          const earlier = out.slice(0, 13 * 13);
          tensGame.observe(s, o, out);
          for (let i = 0; i < earlier.length; i++) if (earlier[i] === 1) out[i] = 1;
        },
      }),
    ),
    new RegExp(
      String.raw`^tens: seed \d+ step \d+( \(the end\))?: observation\[\d+\] is 1, observe writes 0 afresh from ` +
        'the same state: it keeps something of an earlier state$',
    ),
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
    envsOf(tensWith({ step: (s: Tens, o, a, rng) => tensGame.step(s, o, a, rng) + (s.removed === 4 ? 1 : 0) }), {
      reward: 'cards',
    }),
    /^tens: seed \d+: rewards add up to \d+, the outcome .* implies \d+$/,
  ],
  [
    'a truncated game reported won',
    envsOf(
      {
        ...decadeGame,
        outcome: (s, o) => ({
          ...(decadeGame.outcome(s, o) as CardOutcome),
          won: decadeGame.status(s, o) === TRUNCATED,
        }),
      },
      { maxSteps: 8 },
    ),
    /a truncated game is won/,
  ],
  [
    'a dead deal reported won',
    envsOf(
      tensWith({
        outcome: (s: Tens, o) => ({
          ...(tensGame.outcome(s, o) as CardOutcome),
          won: s.removed === 0 || (tensGame.outcome(s, o) as CardOutcome).won,
        }),
      }),
    ),
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
          tensGame.fromJSON!(json, o, s);
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
          return tensGame.describeAction!(s, o, a);
        },
      }),
    ),
    /^tens: seed \d+ step \d+: refused input changed the state$/,
  ],
  [
    'toJSON that writes the stock backwards',
    envsOf(
      tensWith({
        toJSON: (s: Tens, o) => ({
          ...(tensGame.toJSON!(s, o) as { stock: string[] }),
          stock: [...(tensGame.toJSON!(s, o) as { stock: string[] }).stock].reverse(),
        }),
      }),
    ),
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
        // A count, not a flag: unbounded, so that the check this case is about is the one that fails.
        observationBounds: undefined,
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
        toJSON: (s: Tens, o) => ({ ...(tensGame.toJSON!(s, o) as object), extra: s.extra }),
        // A count, not a flag: unbounded, so that the check this case is about is the one that fails.
        observationBounds: undefined,
        fromJSON: (json, o, s: Tens) => {
          const { extra, ...rest } = json as { extra: number };
          tensGame.fromJSON!(rest, o, s);
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
  [
    // Found late in a long game (the probe near the start never sees it): at the end, or at step 64.
    'a state whose JSON loses something only late in a game',
    envsOf({
      ...decadeGame,
      fromJSON: (json, o, s) => {
        decadeGame.fromJSON!(json, o, s);
        if (s.steps > 45) s.steps--;
      },
    } as AnyGame),
    /^decade: seed \d+ step \d+: getState → setState → getState differs$/,
  ],
  [
    'states that share a buffer (every env writes the same deck)',
    envsOf(
      (() => {
        const shared = tensGame.createState(tensGame.optionsSchema.parse({})).deck;
        return tensWith({ createState: (o) => Object.assign(tensGame.createState(o), { deck: shared }) });
      })(),
    ),
    /^tens: seed 0: dealing and stepping another env changed this one: the envs share state/,
  ],
  [
    'a state JSON that shares a buffer toJSON reuses (a getState() the next one changes)',
    envsOf(
      (() => {
        const out: number[] = [];
        return tensWith({
          toJSON: (st: Tens, o) => {
            const json = tensGame.toJSON!(st, o) as Record<string, unknown>;
            out.length = 0;
            out.push(st.removed);
            return { ...json, removedLog: out };
          },
          fromJSON: (json, o, st) => {
            const { removedLog: _log, ...rest } = json as Record<string, unknown>;
            tensGame.fromJSON!(rest, o, st);
          },
        });
      })(),
    ),
    new RegExp(
      String.raw`^tens: seed \d+ step \d+: a state getState\(\) gave changed when the game moved on: toJSON must ` +
        'return data of its own',
    ),
  ],
  [
    'an engine step that throws',
    envsOf(
      tensWith({
        step: (s: Tens, o, a, rng) => {
          if (s.removed >= 4) throw new Error('boom');
          return tensGame.step(s, o, a, rng);
        },
      }),
    ),
    /^tens: seed 0 step \d+: step\(\d+\): the engine threw Error: boom$/,
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
    if (this.hasStarted && !this.running)
      return {
        observation: this.observation,
        reward: 0,
        terminated: true,
        truncated: false,
        info: { actionMask: this.mask },
      };
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
    return this.hasStarted
      ? super.getState()
      : { env: this.id, options: {}, rng: [0, 0, 0, 0], undosUsed: 0, game: null };
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
  private before: Uint8Array = new Uint8Array(0);
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
  [
    'no outcome on the last step',
    envsOf(tensGame, {}, NoOutcomeOnLastStep),
    /info.outcome must be present exactly on the last step/,
  ],
  [
    'terminated and truncated together',
    envsOf(tensGame, {}, TerminatedAndTruncated),
    /terminated and truncated together/,
  ],
  [
    'a step after the end that is not refused',
    envsOf(tensGame, {}, StepsAfterTheEnd),
    /step after the end: expected a TengymError 'episode-over', nothing was thrown/,
  ],
  [
    'a refused step that advances the random stream',
    envsOf(tensGame, {}, RefusalDrawsFromTheStream),
    /a refused step changed the state/,
  ],
  [
    'clones that deal later rounds from another stream',
    envsOf(fourTenGame, {}, ClonesWithAFreshStream),
    /restored vs clone after \d+ steps|restored env's reward differs from the clone's/,
  ],
  [
    'step(1.5) taken as step(2)',
    envsOf(tensGame, {}, RoundsActions),
    /step\(1.5\): expected a TengymError 'bad-action'/,
  ],
  [
    'a bad state ignored instead of refused',
    envsOf(tensGame, {}, KeepsBadStates),
    /setState\(\{\}\): expected a TengymError 'bad-state', nothing was thrown/,
  ],
  [
    'a state before reset',
    envsOf(tensGame, {}, StateBeforeReset),
    /getState before reset: expected a TengymError 'not-reset', nothing was thrown/,
  ],
  [
    'a step before reset that deals a game',
    envsOf(tensGame, {}, ResetsOnAStepBeforeReset),
    /^tens: step before reset: expected a TengymError 'not-reset', got TengymError: /,
  ],
  [
    'a deal over at reset without info.terminated',
    envsOf(tensGame, {}, DeadDealWithoutTerminated),
    /^tens: seed 18: a deal over at reset must say info.terminated and the outcome$/,
  ],
  [
    'a deal over at reset without info.outcome',
    envsOf(tensGame, {}, DeadDealWithoutOutcome),
    /^tens: seed 18: a deal over at reset must say info.terminated and the outcome$/,
  ],
  [
    'legal actions listed after the end',
    envsOf(tensGame, {}, ListsMovesAfterTheEnd),
    /^tens: seed 0: legal actions after the end$/,
  ],
  [
    'an action mask with legal bits after the end',
    envsOf(tensGame, {}, MaskAfterTheEnd),
    /^tens: seed 0: legal actions after the end$/,
  ],
  [
    'a clone that deals a new game',
    envsOf(tensGame, {}, ClonesDealANewGame),
    /^tens: seed \d+ step \d+ \(clone\): (legal actions|observations) differ/,
  ],
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

  it('explicit decks: each dealt as the deck says whatever the seed, and an empty deck refused', () => {
    const deck =
      'AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AD 2D 3D 4D 5D 6D 7D 8D ' +
      '9D TD JD QD KD AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC';
    const withDecks = (game: AnyGame) => {
      try {
        return checkEnvFrom(envsOf(game), { episodes: 5, decks: [deck] });
      } catch (e) {
        if (!(e instanceof ContractViolation)) throw e;
        return e.message;
      }
    };
    expect(withDecks(tensGame)).toEqual({
      id: 'tens',
      episodes: 5,
      steps: expect.any(Number),
      wins: expect.any(Number),
      truncated: 0,
      deadDeals: expect.any(Number),
      decks: 1,
    });
    // A reset that deals from the seed, the deck parsed and dropped.
    expect(withDecks(tensWith({ reset: (s, o, rng) => tensGame.reset(s, o, rng, null) }))).toBe(
      "tens: deck 0: another seed dealt the deck differently: reset({ deck }) must deal the deck's order, " +
        'whatever the seed',
    );
    // The deck's path checked as a seeded deal's is: a deal that breaks the engine's invariant.
    expect(
      withDecks(
        tensWith({
          reset: (s: Tens, o, rng, d) => {
            tensGame.reset(s, o, rng, d);
            if (d !== null) s.removed++;
          },
        }),
      ),
    ).toMatch(/^tens: deck 0 reset: broken invariant: removed is 1/);
    const takesEmptyDecks = tensWith({
      parseDeck: (d, o) =>
        Array.isArray(d) && d.length === 0 ? tensGame.parseDeck!(deck, o) : tensGame.parseDeck!(d, o),
    });
    expect(verdict(envsOf(takesEmptyDecks))).toMatch(
      /^tens: seed \d+ step \d+: reset\(\{ deck: \[\] \}\): expected a TengymError 'bad-deck', nothing was thrown$/,
    );
  });

  it(
    'the deck of a seeded deal, read back from its board and stock, is taken and deals that game again, in both ' +
      'forms',
    () => {
      const at = (verdictText: string | null) => verdictText?.replace(/\("[^"]*"/, '("…"');
      // parseDeck reading suits in another order: every deck still whole, dealt as other cards.
      const suitsSwapped = tensWith({
        parseDeck: (d, o) => tensGame.parseDeck!(d, o).map((c) => (c & ~3) | (3 - (c & 3))),
      });
      expect(at(verdict(envsOf(suitsSwapped)))).toBe(
        'tens: the deck seed 0 dealt ("…": its board\'s cards, then game.stock), given back as an array, deals ' +
          'another game: reset({ deck }) must deal the deck in order, index 0 first, as the seeded deal did',
      );
      // The message writes the deck out: it is the deal of seed 0.
      const seed0 = make('tens');
      seed0.reset({ seed: 0 });
      const { tableau, stock } = (seed0.getState() as { game: { tableau: string[]; stock: string[] } }).game;
      expect(verdict(envsOf(suitsSwapped))).toContain(`("${[...tableau, ...stock].join(' ')}": `);
      // A deck read as an array only: the string form, "JD 3H …", is one unknown code.
      const arraysOnly = tensWith({ parseDeck: (d, o) => tensGame.parseDeck!(typeof d === 'string' ? [d] : d, o) });
      expect(at(verdict(envsOf(arraysOnly)))).toMatch(
        new RegExp(
          String.raw`^tens: the deck seed 0 dealt \("…": its board's cards, then game.stock\), given back as a ` +
            String.raw`string, is refused \(bad deck: unknown card codes .*\): parseDeck must take a deck written in ` +
            "the codes the game's state writes$",
        ),
      );
      // Every shipped engine's deal is read back: each dealt backwards is caught.
      for (const [game, options] of [
        [tensGame, {}],
        [tensGame, { tableau: 15, refill: 'buffered' }],
        [blockTenGame, {}],
        [decadeGame, {}],
        [decadeGame, { stacks: 7, loop: true, minRun: 3, maxRun: 3 }],
        [fourTenGame, {}],
      ] as const) {
        const backwards = {
          ...(game as AnyGame),
          parseDeck: (d: DeckInput, o: object) => (game as AnyGame).parseDeck!(d, o).reverse(),
        };
        expect(verdict(envsOf(backwards, options), 3), `${game.name} ${JSON.stringify(options)}`).toMatch(
          new RegExp(
            `^${game.name}: the deck seed 0 dealt \\("[^"]+": its board's cards, then game.stock\\), given back ` +
              `as an array, deals another game`,
          ),
        );
      }
    },
  );

  it(
    'a deck one card short or with a card twice must be refused: a seeded deal’s, and each deck the check is ' +
      'given',
    () => {
      const FULL = [
        'AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS',
        'AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH',
        'AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD',
        'AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC',
      ]
        .join(' ')
        .split(' ');
      // Tens that takes a deck short of its last card and fills the card in: a deck it cannot deal as given.
      const fillsIn: AnyGame['parseDeck'] = (d, o) => {
        const cards = deckTokens(d);
        return tensGame.parseDeck!(cards.length === 51 ? [...cards, FULL.find((c) => !cards.includes(c))!] : cards, o);
      };
      expect(verdict(envsOf(tensWith({ parseDeck: fillsIn })))).toMatch(
        new RegExp(
          String.raw`^tens: the deck seed 0 dealt \("AS QC AC [^"]*": its board's cards, then game.stock\) without ` +
            String.raw`its last card \(51 cards\) is accepted: a deck is whole, each card as often as the game has ` +
            "it, and parseDeck must refuse any other with a TengymError 'bad-deck'$",
        ),
      );
      // Four Ten that counts the cards but not the values: nine 2s and seven 1s pass.
      const countsOnly = {
        ...fourTenGame,
        parseDeck: (d: DeckInput) => {
          const cards = deckTokens(d);
          if (cards.length === 0 || cards.length % 32 !== 0 || cards.some((c) => !/^[1-4]$/.test(c)))
            throw new TengymError('bad-deck', 'bad deck');
          return Uint8Array.from(cards, Number);
        },
      };
      expect(verdict(envsOf(countsOnly))).toMatch(
        new RegExp(
          String.raw`^four-ten: the deck seed 0 dealt \("2 1 2 [^"]*": its board's cards, then game.stock\) with 2 ` +
            'at index 1 too, in place of 1 is accepted: a deck is whole',
        ),
      );
      // A short deck taken, then its deal thrown out by the engine.
      const crashes = tensWith({
        parseDeck: (d, o) => {
          const cards = deckTokens(d);
          return cards.length === 51 ? Uint8Array.from(cards, () => 99) : tensGame.parseDeck!(cards, o);
        },
        reset: (s, o, rng, d) => {
          if (d !== null && d[0] === 99) throw new RangeError('no card 99');
          tensGame.reset(s, o, rng, d);
        },
      });
      expect(verdict(envsOf(crashes))).toMatch(
        new RegExp(
          String.raw`^tens: the deck seed 0 dealt \("[^"]*": its board's cards, then game.stock\) without its last ` +
            String.raw`card \(51 cards\): expected a TengymError 'bad-deck', got RangeError: no card 99$`,
        ),
      );
      // A state with no stock list cannot be read back: the decks the check is given are tried instead.
      const pileNotStock = tensWith({
        parseDeck: fillsIn,
        toJSON: (s, o) => {
          const { stock, ...rest } = tensGame.toJSON!(s, o) as { stock: string[] };
          return { ...rest, pile: stock };
        },
        fromJSON: (json, o, s) => {
          const { pile, ...rest } = (json ?? {}) as { pile?: unknown };
          tensGame.fromJSON!({ ...rest, stock: pile }, o, s);
        },
      });
      expect(verdict(envsOf(pileNotStock))).toBeNull();
      expect(() => checkEnvFrom(envsOf(pileNotStock), { episodes: 5, decks: [FULL.join(' ')] })).toThrow(
        new ContractViolation(
          `tens: decks[0] ("${FULL.join(' ')}") without its last card (51 cards) is accepted: a deck is whole, ` +
            `each card as often as the game has it, and parseDeck must refuse any other with a TengymError ` +
            `'bad-deck'`,
        ),
      );
    },
  );

  it('refuses a factory that does not return an Env, by what it returned', () => {
    for (const bad of [null, undefined, {}, 'tens'])
      expect(() => checkEnvFrom(() => bad as never)).toThrow(TengymError);
    expect(() => checkEnvFrom(() => null as never)).toThrow(
      new RegExp(
        String.raw`^checkEnvFrom: the factory must return a new Env \(make\(id\), or new Env\(\.\.\.\) around an ` +
          String.raw`engine\), got null$`,
      ),
    );
    let calls = 0;
    // Every env it makes is checked, not only the first.
    expect(() => checkEnvFrom(() => (calls++ === 0 ? make('tens') : ({} as never)), { episodes: 1 })).toThrow(
      /got \{\}$/,
    );
  });

  it('names the id in every message, and checks a registered id by name', () => {
    expect(verdict(CASES[0][1])).toMatch(/^tens: /);
    expect(checkEnv('tens', {}, { episodes: 5, seed: 3 })).toMatchObject({ id: 'tens', episodes: 5 });
    expect(() => checkEnv('nope')).toThrow(/unknown env "nope"/);
  });

  it('counts what it checked', () => {
    // One step, then the step limit: every decade episode is truncated after exactly one step.
    expect(checkEnv('decade', { maxSteps: 1 }, { episodes: 30, seed: 5 })).toEqual({
      id: 'decade',
      episodes: 30,
      steps: 30,
      wins: 0,
      truncated: 30,
      deadDeals: 0,
      decks: 0,
    });
    let dead = 0;
    for (let seed = 0; seed < 150; seed++) {
      const env = make('tens');
      env.reset({ seed });
      dead += env.running ? 0 : 1;
    }
    expect(dead).toBeGreaterThan(0);
    expect(checkEnv('tens', {}, { episodes: 150, seed: 0 }).deadDeals).toBe(dead);
    // A game always won at the end of its third step.
    expect(checkEnvFrom(envsOf(countGame(), { length: 3 }), { episodes: 7, seed: 2 })).toEqual({
      id: 'count',
      episodes: 7,
      steps: 21,
      wins: 7,
      truncated: 0,
      deadDeals: 0,
      decks: 0,
    });
  });

  it('is a ContractViolation, named so in a stack trace', () => {
    const e = (() => {
      try {
        checkEnvFrom(CASES[0][1], { episodes: 1 });
      } catch (err) {
        return err;
      }
    })();
    expect(e).toBeInstanceOf(ContractViolation);
    expect((e as Error).name).toBe('ContractViolation');
    expect(String((e as Error).stack)).toMatch(/^ContractViolation: tens: seed 0 reset: /);
  });

  it('a game whose deals depend on how many came before, in a run of one or two episodes, naming the seed', () => {
    /** Tens whose deal number `odd` (counting every reset of every env it made) draws one number more. */
    const dealsWithOneOdd = (odd: number) => {
      let deals = 0;
      return envsOf(
        tensWith({
          reset: (s, o, rng, deck) => {
            if (deals++ === odd) rng.next();
            tensGame.reset(s, o, rng, deck);
          },
        }),
      );
    };
    // Deal 1 is seed 0 again; deal 3 is seed 8 again (7 and 8 each dealt twice).
    expect(verdict(dealsWithOneOdd(1), 1)).toBe('tens: seed 0: the same seed gave a different trajectory');
    expect(verdict(dealsWithOneOdd(3), 2, 7)).toBe('tens: seed 8: the same seed gave a different trajectory');
  });

  it('legal ids that differ between runs of a seed, even where the random play makes the same moves', () => {
    // The second deal of each seed lists one id more at the start, an id that plays as the
    // first legal move; on some seeds the random play never picks it and makes the same moves.
    type Listed = PairingState & { extraId?: number };
    const scratchMask = new Uint8Array(tensGame.numActions(tensGame.optionsSchema.parse({})));
    const scratchLegal = new Int32Array(scratchMask.length);
    for (let seed = 0; seed < 20; seed++) {
      if (seed === 18) continue; // a deal with no legal move: nothing listed, nothing to differ
      let deals = 0;
      const game = tensWith({
        createState: (o) => Object.assign(tensGame.createState(o), { extraId: -1 }),
        copyState: (src: Listed, dst: Listed) => {
          tensGame.copyState(src, dst);
          dst.extraId = src.extraId;
        },
        reset: (s: Listed, o, rng, deck) => {
          tensGame.reset(s, o, rng, deck);
          s.extraId = deals++ === 1 ? scratchMask.length - 1 : -1;
        },
        legalActions: (s: Listed, o, mask, legal) => {
          const n = tensGame.legalActions(s, o, mask, legal);
          if (n === 0 || s.extraId === undefined || s.extraId < 0 || mask[s.extraId] === 1) return n;
          mask[s.extraId] = 1;
          legal[n] = s.extraId;
          return n + 1;
        },
        step: (s: Listed, o, a, rng) => {
          const listedOnly = a === s.extraId;
          s.extraId = -1;
          if (!listedOnly) return tensGame.step(s, o, a, rng);
          tensGame.legalActions(s, o, scratchMask, scratchLegal);
          return tensGame.step(s, o, scratchLegal[0], rng);
        },
        toJSON: (s: Listed, o) => ({ ...(tensGame.toJSON!(s, o) as object), extraId: s.extraId }),
        fromJSON: (json, o, s: Listed) => {
          const { extraId, ...rest } = json as { extraId: number };
          tensGame.fromJSON!(rest, o, s);
          s.extraId = extraId;
        },
      });
      expect(verdict(envsOf(game), 1, seed), `seed ${seed}`).toBe(
        `tens: seed ${seed}: the same seed gave a different trajectory`,
      );
    }
  });

  it('a reward that is not a finite number, also where the outcome fixes none (a NaN sum equals nothing)', () => {
    // A step that forgot its return: undefined rewards sum to NaN, which the end's comparison must not pass.
    const forgotReturn = countGame({
      step: ((s: Count) => void s.t++) as unknown as Game<CountOptions, Count>['step'],
    });
    expect(verdict(envsOf(forgotReturn))).toBe('count: seed 0 step 1: reward undefined, expected a finite number');
    expect(verdict(envsOf(countGame({ step: (s) => (s.t++, Number.NaN) })))).toBe(
      'count: seed 0 step 1: reward NaN, expected a finite number',
    );
    expect(verdict(envsOf(countGame({ step: (s) => (s.t++, Infinity), expectedReturn: () => null })))).toBe(
      'count: seed 0 step 1: reward Infinity, expected a finite number',
    );
  });

  it('a game that goes on past a million steps', () => {
    expect(verdict(envsOf(countGame(), { length: 1_000_001 }), 1)).toBe('count: seed 0: no end after a million steps');
  });
});

/** The count game's state: steps taken. */
interface Count {
  t: number;
}
interface CountOptions {
  length: number;
}
const countJson = z.strictObject({ t: z.int().min(0).default(0) });

/**
 * A minimal engine for what the card games cannot show: one action, always legal, taken
 * `length` times for a reward of 1 each, then the end, always won. Its JSON { t } may leave
 * t out (the start).
 */
function countGame(overrides: Partial<Game<CountOptions, Count>> = {}): Game<CountOptions, Count> {
  const game: Game<CountOptions, Count> = {
    name: 'count',
    optionsSchema: z.strictObject({ length: z.int().min(1).default(10) }),
    result: CARDS_LEFT_RESULT,
    numActions: () => 1,
    observationSize: () => 1,
    createState: () => ({ t: 0 }),
    copyState: (src, dst) => {
      dst.t = src.t;
    },
    parseDeck: () => {
      throw new TengymError('bad-deck', 'count takes no deck');
    },
    reset: (s) => {
      s.t = 0;
    },
    legalActions: (s, o, mask, legal) => {
      mask[0] = s.t < o.length ? 1 : 0;
      legal[0] = 0;
      return mask[0];
    },
    step: (s) => {
      s.t++;
      return 1;
    },
    status: (s, o) => (s.t < o.length ? RUNNING : TERMINATED),
    observe: (s, _o, out) => {
      out[0] = s.t;
    },
    outcome: (s, o) => ({ won: s.t >= o.length, cardsLeft: 0 }),
    expectedReturn: (_outcome, o) => o.length,
    describeAction: () => 'count one',
    whyIllegal: () => 'the count is over',
    render: (s) => `${s.t}`,
    toJSON: (s) => ({ t: s.t }),
    fromJSON: (json, o, s) => {
      const parsed = countJson.safeParse(json);
      if (!parsed.success || parsed.data.t > o.length)
        throw new TengymError('bad-state', `bad state: expected { t: 0..${o.length} }`);
      s.t = parsed.data.t;
    },
    checkState: (s, o) => (s.t >= 0 && s.t <= o.length ? null : `t is ${s.t}, outside 0..${o.length}`),
    sameOutcome: true,
    actionCards: () => [],
    prompt: () => '',
    board: () => ({ style: 'count', parts: [] }),
  };
  return { ...game, ...overrides };
}

describe('the contract checker passes what the contract allows', () => {
  it('a game with every action legal (no illegal id to try) whose JSON may leave out its fields', () => {
    expect(verdict(envsOf(countGame()))).toBeNull();
  });

  it(
    'a deal whose deck cannot be read back from its state is not read: no stock list, or a card pile without ' +
      'its card',
    () => {
      // Four Ten drawing into the hand chosen: the drawn card's pile is empty at the deal.
      expect(verdict(envsOf(fourTenGame, { drawVisible: false }), 5)).toBeNull();
      expect(verdict(envsOf(countGame()), 5)).toBeNull();
    },
  );

  it('rewards are checked only where the outcome fixes them, to within 1e-9', () => {
    const zeroRewards = (expected: number) =>
      countGame({
        step: (s) => {
          s.t++;
          return 0;
        },
        expectedReturn: () => expected,
      });
    expect(verdict(envsOf(zeroRewards(1e-9)))).toBeNull();
    expect(verdict(envsOf(zeroRewards(2e-9)))).toMatch(
      /^count: seed 0: rewards add up to 0, the outcome \{"won":true,"cardsLeft":0\} implies 2e-9$/,
    );
    expect(verdict(envsOf(countGame({ expectedReturn: () => null })))).toBeNull();
  });

  it('a game that leaves different numbers past its legal ids from run to run (only the listed ids count)', () => {
    let deals = 0;
    const game = tensWith({
      reset: (s, o, rng, deck) => {
        deals++;
        tensGame.reset(s, o, rng, deck);
      },
      legalActions: (s, o, mask, legal) => {
        const n = tensGame.legalActions(s, o, mask, legal);
        if (n < legal.length) legal[n] = deals;
        return n;
      },
    });
    expect(verdict(envsOf(game))).toBeNull();
  });

  it(
    'an observe that zeroes the whole buffer it is given, or rewrites only what changed in a buffer it wrote ' +
      'before',
    () => {
      expect(
        verdict(
          envsOf(
            tensWith({
              observe: (s: Tens, o, out) => {
                out.fill(0);
                tensGame.observe(s, o, out);
              },
            }),
          ),
        ),
      ).toBeNull();
      // Decade's observe keeps the buffer it last wrote and rewrites only the stacks that changed.
      expect(verdict(envsOf(decadeGame, { stacks: 7 }), 60)).toBeNull();
    },
  );
});

/**
 * The one agent interface used by evaluation, hints and play. An agent sees the env
 * (its legal list, observation and state) and returns a legal action; where it has
 * them it also scores every legal action, best first, which is what hints show.
 *
 * Fairness: a fair agent must not read the order of the stock (the cards not yet
 * seen). Only agents marked `fair: false` (the oracle) may; tests check that permuting
 * the unseen cards never changes a fair agent's choice.
 */
import * as z from 'zod/mini';
import { Env, validateSeed } from '../env/env.js';
import { TengymError, describeKind } from '../env/errors.js';
import type { AnyGame, EnvConfig } from '../env/game.js';
import type { ModelMetadata } from './learned/metadata.js';

/**
 * What a score means: a policy probability, an expected value, a win probability, a heuristic
 * rank on the agent's own scale, or 'choice': the agent only chooses (its move 1, the others 0).
 */
export type ScoreKind = 'probability' | 'value' | 'win-probability' | 'heuristic' | 'choice';

/** One legal action with the score an agent gives it (higher is better; `ActionScores.kind` says what a score is). */
export interface ScoredAction {
  action: number;
  score: number;
  /**
   * The game's result after this move as the agent expects it, by result field (`Game.result`), where it
   * estimates it (`pimc`: the cards left over its sampled deals, 0 where the table clears).
   */
  expected?: Readonly<Record<string, number>>;
}

/**
 * What a 'value' score measures, each so that higher is better: 'points' (expected points),
 * 'return' (the expected sum of the env's rewards), 'minus-rounds-left' (minus the expected rounds
 * still to play, this one included, a lost game counting more: −4.2 is better than −4.5),
 * 'minus-cards-left' (minus the cards left on the table at the end, a win counting 0: −3 is better
 * than −5). An agent of a game may measure in a unit of its own (`ScoreUnit`).
 */
export const VALUE_UNITS = ['points', 'return', 'minus-rounds-left', 'minus-cards-left'] as const;
/** A common unit of an agent's values: one of `VALUE_UNITS`. */
export type ValueUnit = (typeof VALUE_UNITS)[number];

/**
 * A unit an agent measures its values in beyond the common ones (`VALUE_UNITS`): its name, what a
 * value is as a hint says it after the number ("points net of fault cost, by the source's own play"),
 * and how far apart two values may be and still count as equal for a player (hints break ties by effort).
 */
export interface ScoreUnit {
  readonly name: string;
  readonly label: string;
  readonly near?: number;
}

/** What `Agent.score` returns: every legal action scored, best first, and what the scores mean. */
export interface ActionScores {
  kind: ScoreKind;
  /** For kind 'value': what the value measures, where the agent knows: a common unit, or one of its own. */
  unit?: ValueUnit | ScoreUnit;
  /** Every legal action, best first. */
  actions: ScoredAction[];
  /**
   * Where the scores are shares of sampled deals (a determinized search's): how many deals each score counts. A
   * score of 16 samples moves in steps of 1/16, and two moves a sample apart may be equal in truth.
   */
  samples?: number;
}

/**
 * A player of an env: `act` chooses a legal action for the env's current state, `score` (where the agent
 * has one) ranks every legal action, which is what a hint shows. Agents are seeded per deal (`reset`), so
 * a result never depends on how games were scheduled.
 */
export interface Agent {
  readonly name: string;
  /** False only for agents that see the stock order (the oracle). */
  readonly fair: boolean;
  /** Called before each episode with a seed derived from the deal, so results never depend on scheduling. */
  reset(seed: number): void;
  /** A legal action for the env's current state (the env must be running). */
  act(env: Env): number;
  /** Scores of every legal action, best first, where the agent has them. */
  score?(env: Env): ActionScores;
  /**
   * Sees the env's current state without choosing, for agents that remember what they saw
   * (Ten-Twenty-Thirty's order under the stock): such an agent must see every state of a game,
   * and `act` and `score` show it only the states it is asked about. Absent: nothing to remember.
   */
  observe?(env: Env): void;
  /**
   * Optional, for agents that can choose in several games at once (the trained models: one
   * forward pass for all of them): writes a legal action for each of envs[0 … count), running
   * games at a decision, into out[0 … count). Evaluators that play games side by side (the
   * trainer's held-out evaluation) call it for the decisions and `act` for the forced moves.
   * Only for agents that keep nothing between calls of one game (a batching evaluator does not
   * call `reset` per game).
   */
  actBatch?(envs: readonly Env[], count: number, out: Int32Array): void;
  /** Set by trained models: what the model plays and how it was trained. */
  readonly metadata?: ModelMetadata;
  /**
   * Set by trained models: frees the model's weights, which TensorFlow.js keeps in memory no
   * garbage collector frees (WebAssembly's, the GPU's), until this call. Afterwards `act`, `score`,
   * `actBatch` and `observe` throw a `TengymError` ('disposed'); a second call does nothing.
   * Absent: nothing to free.
   */
  dispose?(): void;
}

/** An agent as a caller passes one (to a hinter, to an evaluation): an object with a name and `act`. */
export const agentSchema = z.custom<Agent>(
  (a) =>
    a !== null &&
    typeof a === 'object' &&
    typeof (a as Agent).name === 'string' &&
    typeof (a as Agent).act === 'function',
  {
    error:
      'expected an agent (an object with name and act(env), such as loadAgent(dir) from tengym/node or ' +
      'agentFromModel(model) from tengym/models)',
  },
);

/**
 * A catalogue entry of `agents(envId)`: an agent's name, what it does, and whether it plays fair (sees
 * no hidden card).
 */
export interface AgentInfo {
  name: string;
  description: string;
  fair: boolean;
  /**
   * Marks an exact optimum (the `optimal` of Four Ten and of `decade-optional`): the ceiling the others are measured
   * against, not a baseline; "the best baseline" comparisons leave it out.
   */
  ceiling?: true;
}

/** An entry of the agent catalogue (agents/index.ts): what it is, which engines it plays, and how to make one. */
export interface AgentSpec extends AgentInfo {
  /** The engines it plays. */
  games: readonly AnyGame[];
  /** Where it plays only some option sets of those engines (the decade `optimal`): which. Default: all. */
  plays?(env: EnvConfig): boolean;
  /**
   * Where its first move does work of minutes before it answers (a solve of these options): what, for a note before it
   * plays; null otherwise.
   */
  slowFirstMove?(env: EnvConfig): string | null;
  create(env: EnvConfig): Agent;
}

/**
 * What every agent checks of the env it is asked to act in or score: an `Env`, dealt, its
 * episode running. A caller's mistake is said as one, not met as a TypeError or an action
 * that is not legal.
 */
export function checkPlaying(env: unknown, agent: string): asserts env is Env {
  if (!(env instanceof Env))
    throw new TengymError(
      'bad-argument',
      `agent "${agent}" acts in an env (make(id), then reset()), got ${describeKind(env)}`,
    );
  if (!env.hasStarted)
    throw new TengymError('not-reset', `agent "${agent}": the env has not been dealt yet; call reset() first`);
  if (!env.running)
    throw new TengymError('episode-over', `agent "${agent}": the episode is over; call reset() for the next`);
}

/**
 * What a trained model's agent checks first once its `dispose()` freed the model: said as a
 * `TengymError`, not as TensorFlow.js's "Layer 'hidden_0' is already disposed" (nor as a move,
 * where a search answers from what it kept).
 */
export function checkNotDisposed(disposed: boolean, agent: string): void {
  if (disposed)
    throw new TengymError(
      'disposed',
      `model "${agent}" was disposed: dispose() freed its weights; load the model again to play with it`,
    );
}

/**
 * What an agent whose play uses no seed checks of `reset`'s: none, or a seed as `pimc` takes it.
 * Anything else is a caller's mistake (a seed read from the wrong field), said here rather than
 * passed over by this agent and met later by one that does use it.
 */
export function checkUnusedSeed(seed: unknown, agent: string): void {
  if (seed !== undefined) validateSeed(seed, `agent "${agent}" seed`);
}

/**
 * An agent that uses no seed and keeps nothing from one game to the next: its `reset` only checks the seed it is given
 * (`checkUnusedSeed`). Fair unless it says otherwise.
 */
export abstract class SeedlessAgent implements Agent {
  abstract readonly name: string;
  readonly fair: boolean = true;

  reset(seed?: number): void {
    checkUnusedSeed(seed, this.name);
  }

  abstract act(env: Env): number;
}

/** A seedless agent that plays the move its own `score` ranks first. */
export abstract class BestScoredAgent extends SeedlessAgent {
  abstract score(env: Env): ActionScores;

  act(env: Env): number {
    checkPlaying(env, this.name);
    return this.score(env).actions[0].action;
  }
}

/**
 * What tengym's agents, hints and training know of a game, beyond the game itself: one object
 * per game (`GameKit`), written beside that game's agents (`decade/index.ts`,
 * `four-ten/index.ts`) and listed once in kits.ts. Every member is optional: a game without a
 * kit (Tens, Block Ten, a game registered at run time) still has `random` and `first`, hints
 * ranked by `first` and no training presets.
 */
import type { Env } from '../env/env.js';
import type { EnvConfig } from '../env/game.js';
import type { Agent, AgentSpec } from './agent.js';

/** A hint source: the agent, its catalogue name, what it is ("exact solver") and the sentence hints show. */
export interface HintBaseline {
  agent: Agent;
  name: string;
  role: string;
  source: string;
  /**
   * Why it answers rather than the env's shipped model, when that model fits (default: "it measured stronger than the
   * trained model in models/<id>/").
   */
  overModel?: string;
}

/** Per-algorithm training defaults of an env (fields of that algorithm's config; its schema checks them). */
export type TrainingPresets = Partial<
  Record<'ppo' | 'dqn' | 'afterstate', (env: EnvConfig) => Record<string, unknown>>
>;

export interface GameKit {
  /** Catalogue entries beyond `random` and `first` (`tengym agents`). */
  readonly agents?: readonly AgentSpec[];
  /**
   * The catalogue name of the game's best simple heuristic (decade: `longest`): the reference
   * that training curves and `tengym start` measure against. Without it, `first`.
   */
  readonly simpleBaseline?: string;
  /**
   * The catalogue names of its fair searches, strongest first: a learning curve shows where a model stands against one.
   */
  readonly searches?: readonly string[];
  /**
   * The search that ranks hints where no model is given, the strongest fair one measured;
   * `baseline(name, role)` makes one from the catalogue. Without it, `first` ranks them.
   */
  hintBaseline?(env: EnvConfig, baseline: (name: string, role: string) => HintBaseline): HintBaseline;
  /**
   * Whether a model shipped for an env of this game ranks hints before the search (it measured
   * level with the strongest fair search, or stronger): true for every id of the game, or the ids.
   */
  readonly modelFirst?: boolean | readonly string[];
  /** Words added to each hint's sentence, by action (Four Ten: the round's prospects); null when there are none. */
  hintDetails?(env: Env, agent: Agent): Map<number, string> | null;
  /** Training defaults per algorithm (`tengym train` applies them under the given config). */
  readonly presets?: TrainingPresets;
}

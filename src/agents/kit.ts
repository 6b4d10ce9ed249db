/**
 * What tengym's agents, hints and training know of a game beyond its engine: one object per game
 * (`GameKit`), written in the game's folder (src/games/<game>/) and registered with it
 * (modules.ts). Every member is optional: a game without a kit (one registered at run time) still
 * has `random` and `first`, hints ranked by `first` and the generic training defaults.
 */
import type { Env } from '../env/env.js';
import type { EnvConfig } from '../env/game.js';
import type { Agent, AgentSpec } from './agent.js';
import type { AfterstateFeatures, AfterstateTargets } from './afterstate.js';
import type { ModelMetadata } from './learned/metadata.js';
import type { ValueNetwork } from './value-network.js';

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

/**
 * Per-algorithm training defaults of an env, by algorithm name (`ppo`, `dqn`, `afterstate`, or one of
 * the game's own algorithms): fields of that algorithm's config, which its schema checks.
 */
export type TrainingPresets = Readonly<Record<string, (env: EnvConfig) => Record<string, unknown>>>;

/** The agent a trained model plays as: it carries the model's metadata, and `dispose()` frees its weights. */
export type TrainedAgent = Agent & {
  readonly metadata: ModelMetadata;
  /** Frees the model's weights; the agent refuses to play afterwards ('disposed'). */
  dispose(): void;
};

/**
 * A model head of the game's own (a model that plays other than by a policy, Q-values or afterstate
 * values, named by its metadata's `head`): the features its network reads and the agent that plays it.
 */
export interface ModelHead {
  /** The features the network reads under these options (checked against the network's input before it plays). */
  layout(env: EnvConfig): { readonly size: number; readonly encoding: string };
  /** The agent of a loaded model; it owns `network` (its `dispose()` frees it). */
  agent(name: string, network: ValueNetwork, metadata: ModelMetadata): TrainedAgent;
}

/** An algorithm of the game's own (`tengym train --algo NAME`). */
export interface GameAlgorithm {
  /**
   * The module exporting `algorithm` (an `AlgorithmSpec`, src/train/algorithm.ts): its path from the
   * package's dist/ folder for a game tengym ships ('games/decade/training/distill.js'), or its URL. Node-only
   * and bound to TensorFlow.js, so the game names it as data and `tengym train` imports it: no `import()` in
   * the game's browser-safe module, which bundlers would follow (Metro refuses one whose path is not a
   * string literal).
   */
  readonly module: string;
  /** What it is, for `--algo`'s help ("expert iteration: a search with learned values"). */
  readonly describe: string;
  /**
   * Its config fields beside the common ones, in lines as `tengym train --help` lists them (a test checks them
   * against its schema): each a heading ("for the decade family") and the space-separated names.
   */
  readonly fields: readonly (readonly [heading: string, names: string])[];
}

/**
 * The catalogue's agents measured on the same deals of one env id with its default options, as `tengym eval`
 * measured them (`tengym agents` shows the win rates; a test replays the cheap agents' deals).
 */
export interface AgentLadder {
  /** Deals played by every agent: seeds `seed` to `seed + deals - 1`. */
  readonly deals: number;
  /** The first deal's seed. */
  readonly seed: number;
  /** The `tengym eval` commands that measured them. */
  readonly commands: readonly string[];
  /** Deals won, by catalogue name. */
  readonly wins: Readonly<Record<string, number>>;
}

/**
 * Where an env id's winnable deals divide into thirds by difficulty (`dealDifficulty`, deals.ts): the traps at or below
 * which a third of them lie, and two thirds, measured on consecutive winnable deals with the id's preset options.
 */
export interface DifficultyThirds {
  /** Winnable deals measured: the first `deals` from seed `seed` on. */
  readonly deals: number;
  readonly seed: number;
  /** A deal with traps up to `easy` is easy, up to `medium` medium, above it hard. */
  readonly easy: number;
  readonly medium: number;
  /** The command that measured them. */
  readonly command: string;
}

/** The options that make an easy, a medium and a hard game of an id (laid over the player's own options). */
export type VariantDifficulty = Readonly<Record<'easy' | 'medium' | 'hard', Readonly<Record<string, unknown>>>>;

/**
 * What agents, hints and training know of a game beyond its engine: its catalogue agents, hint
 * sources, training presets, model heads and algorithms. A game without a kit still plays, with
 * `random` and `first`.
 */
export interface GameKit {
  /** Catalogue entries beyond `random` and `first` (`tengym agents`). */
  readonly agents?: readonly AgentSpec[];
  /** Where each id's winnable deals divide into easy, medium and hard thirds (`dealDifficulty`'s level), by id. */
  readonly difficultyThirds?: Readonly<Record<string, DifficultyThirds>>;
  /**
   * For a game without decisions (every order of moves ends the same way), the options of an easy, a medium and a
   * hard variant by id, ranked by measured win rates: a player's difficulty there is a variant, not a deal.
   */
  readonly variantDifficulty?: Readonly<Record<string, VariantDifficulty>>;
  /** Measured win rates of the catalogue's agents, by env id (`tengym agents --env ID` shows them). */
  readonly ladders?: Readonly<Record<string, AgentLadder>>;
  /**
   * The catalogue name of the game's best simple heuristic: the reference that training curves and
   * `tengym start` measure against. Without it, `first`.
   */
  readonly simpleBaseline?: string;
  /**
   * The catalogue names of its fair searches, strongest first: a learning curve shows where a model stands against one.
   */
  readonly searches?: readonly string[];
  /**
   * The catalogue name of the agent that plays a deal exactly, seeing every card (the exact solver): a deal it wins is
   * a winnable one (`isWinnable`, deals.ts). Without it, a game whose every order of moves ends the same way
   * (`sameOutcome`) is decided by playing it; any other's winnability is unknown.
   */
  readonly solver?: string;
  /**
   * A fast test that the game at env's state cannot be won, which spares the solver most losing deals (`isWinnable`,
   * `pickDeal`): true only where the solver would lose it too; false where it can be won or the test cannot tell.
   */
  cannotWin?(env: Env): boolean;
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
  /** Words added to each hint's sentence, by action (the round's prospects, say); null when there are none. */
  hintDetails?(env: Env, agent: Agent): Map<number, string> | null;
  /**
   * What a hint of this state by `agent` (with `hintDetails` where `details`) must build before it can answer in
   * milliseconds, as work that runs in slices (`Staged`, staged.ts), for a hinter with a time budget (`budgetMs`);
   * null when nothing is left to build, or nothing of it builds in slices.
   */
  hintWork?(env: Env, agent: Agent, details: boolean): Iterator<unknown> | null;
  /**
   * The catalogue name of the agent that answers, at once, the hints of a hinter with a time budget while `hintWork`
   * is not done.
   */
  readonly quickHints?: string;
  /**
   * What a move costs a player beyond itself, among moves of equal value (hints/tie-break.ts): lower is
   * shown first, so that a player following the top hint ends the turn rather than walk through moves that
   * change nothing the score can see. Without it, ties keep the ranking agent's order.
   */
  effort?(env: Env, action: number): number;
  /**
   * Whether the legal move `better` is provably at least as good as the legal move `worse` in env's state, whatever
   * the unseen cards (Pyramid: taking an available king, which pairs with nothing, never loses to another move).
   * Hints never rank `better` below `worse` (hints/tie-break.ts). Without it, the ranking agent's order stands.
   */
  dominates?(env: Env, better: number, worse: number): boolean;
  /**
   * Afterstate values: the game's position features and, for training, its targets (afterstate.ts). A shipped game
   * adds them, and its `heads`, from its learned/index.ts (`registerModelParts`, modules.ts), not in its module.
   */
  readonly afterstate?: {
    readonly features: AfterstateFeatures;
    /** The training targets (where the values are learned from); absent, the game's models only play. */
    readonly targets?: AfterstateTargets;
  };
  /** Model heads of the game's own, by the name a model's metadata gives (`head`). */
  readonly heads?: Readonly<Record<string, ModelHead>>;
  /** Algorithms of the game's own, by `--algo` name. */
  readonly algorithms?: Readonly<Record<string, GameAlgorithm>>;
  /** Training defaults per algorithm name (`tengym train` applies them under the given config). */
  readonly presets?: TrainingPresets;
}

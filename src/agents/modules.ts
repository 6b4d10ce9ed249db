/**
 * Game modules: a game is one folder (src/games/<game>/) whose index.ts makes one `GameModule`, its
 * engine, its env ids with their presets and its kit, and registers it here when imported
 * (src/games/index.ts imports every shipped game, a line each). Registering puts the ids in the
 * registry (`make`, `envs`, the checker) and the kit where the catalogue, the hints and training
 * look for it (`kitOf`). Generic code finds everything of a game through these two; none names one.
 */
import type { AnyGame } from '../env/game.js';
import { type EnvPreset, registerGame } from '../env/registry.js';
import type { GameKit } from './kit.js';
import { addModelAlgorithms } from './learned/algorithm-names.js';

/** A game as `registerModule` takes it: its engine, its env ids, and its kit. */
export interface GameModule {
  /** The engine (src/env/game.ts). */
  readonly game: AnyGame;
  /** Its env ids, each with its options over the engine's defaults, in the order `envs()` lists them. */
  readonly ids: readonly EnvPreset[];
  /** What agents, hints and training know of it (kit.ts). */
  readonly kit?: GameKit;
}

const KITS = new Map<AnyGame, GameKit>();
const NO_KIT: GameKit = {};

/** Options of `registerModule`. */
export interface RegisterOptions {
  /**
   * A game shipped with tengym (its folder under src/games/, imported by src/games/index.ts): known in
   * every thread, worker threads included, since each imports that list. Default: false, a game
   * registered at run time, known in the thread that registered it.
   */
  shipped?: boolean;
}

/** Registers a game module: its ids (`registerGame`) and its kit. Returns the module. */
export function registerModule<M extends GameModule>(module: M, options: RegisterOptions = {}): M {
  registerGame(module.game, module.ids, { shipped: options.shipped === true });
  if (module.kit) KITS.set(module.game, module.kit);
  addModelAlgorithms(Object.keys(module.kit?.algorithms ?? {}));
  return module;
}

/**
 * Ships a game with tengym under one env id, its options the engine's defaults: the module most games make,
 * `registerModule({ game, ids: [id], kit }, { shipped: true })`. Returns the module.
 */
export function shipGame(game: AnyGame, kit: GameKit, id: EnvPreset): GameModule {
  return registerModule({ game, ids: [id], kit }, { shipped: true });
}

/**
 * The members of a game's kit that only trained models and their training use: its afterstate features and targets,
 * its model heads. A shipped game registers them from its own `learned/index.ts`, which the list of games
 * (src/games/index.ts) imports and the game's module does not, so that an app importing the game alone
 * (`tengym/games/decade`) to play and hint bundles none of them; every entry point that loads or trains a model
 * imports that list. A game registered at run time may give them in its kit instead.
 */
export type ModelParts = Pick<GameKit, 'afterstate' | 'heads'>;

/** Adds a registered game's model parts to its kit (`kitOf` gives them from then on). */
export function registerModelParts(game: AnyGame, parts: ModelParts): void {
  KITS.set(game, { ...kitOf(game), ...parts });
}

/** What agents, hints and training know of `game`; an empty kit for a game they know nothing more of. */
export function kitOf(game: AnyGame): GameKit {
  return KITS.get(game) ?? NO_KIT;
}

/** Every registered kit (the catalogue's agent names, the algorithms games bring). */
export function registeredKits(): GameKit[] {
  return [...KITS.values()];
}

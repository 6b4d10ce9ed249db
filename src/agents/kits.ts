/**
 * The games tengym's agents, hints and training know more of than the engine says, listed
 * once: the catalogue, the hints, the learned agents and the training presets ask here.
 */
import type { AnyGame } from '../env/game.js';
import { decadeGame } from '../games/decade/engine.js';
import { fourTenGame } from '../games/four-ten/engine.js';
import { DECADE_KIT } from '../games/decade/kit.js';
import { FOUR_TEN_KIT } from '../games/four-ten/kit.js';
import type { GameKit } from './kit.js';

export type { GameKit, HintBaseline, TrainingPresets } from './kit.js';

const KITS = new Map<AnyGame, GameKit>([
  [decadeGame, DECADE_KIT],
  [fourTenGame, FOUR_TEN_KIT],
]);

const NO_KIT: GameKit = {};

/** What agents, hints and training know of `game`; an empty kit for a game they know nothing more of. */
export function kitOf(game: AnyGame): GameKit {
  return KITS.get(game) ?? NO_KIT;
}

/**
 * The games tengym's agents, hints and training know more of than the engine says, listed
 * once: the catalogue, the hints, the learned agents and the training presets ask here.
 */
import type { AnyGame } from '../env/game.js';
import { decadeGame } from '../env/games/decade.js';
import { fourTenGame } from '../env/games/four-ten.js';
import { DECADE_KIT } from './decade/index.js';
import { FOUR_TEN_KIT } from './four-ten/index.js';
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

// Placeholder until the engine lands.
import type { AnyGame } from '../game.js';
export const tensGame: AnyGame = undefined as unknown as AnyGame;

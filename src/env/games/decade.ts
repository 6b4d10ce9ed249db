// Placeholder until the engine lands.
import type { AnyGame } from '../game.js';
export const decadeGame: AnyGame = undefined as unknown as AnyGame;

// Placeholder until the engine lands.
import type { AnyGame } from '../game.js';
export const blockTenGame: AnyGame = undefined as unknown as AnyGame;

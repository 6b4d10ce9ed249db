// Placeholder until the engine lands.
import type { AnyGame } from '../game.js';
export const fourTenGame: AnyGame = undefined as unknown as AnyGame;

/**
 * tengym/engine: the engines, moves by card, step events, the card model, deals, the hints of the games' own
 * searches and the player's session (`Session`), for an app that loads no model and registers only the games it
 * plays (`import 'tengym/games/pairing'` registers Tens and Block Ten; `tengym/games/decade` and
 * `tengym/games/four-ten` the others). Nothing else of tengym's comes with it: no game is registered here, and no
 * evaluation, statistics, training or code of trained models (a game's features and heads for them come with the list
 * of games, src/games/index.ts); its bundle with one game is a quarter to a third of the root's (docs/apps.md gives
 * the figures).
 */
export {
  make,
  envs,
  envIds,
  envSpec,
  envConfig,
  registerGame,
  type EnvId,
  type EnvListing,
  type EnvOptions,
  type EnvSpec,
} from './env/registry.js';
export { Env, type EnvState, type ResetOptions, type StepResult } from './env/env.js';
export { TengymError, isTengymError, type TengymErrorCode } from './env/errors.js';
export type { BoardPart, BoardPile, BoardView, CardSpot, EmptySpot } from './env/board.js';
export type { Game, AnyGame, EnvConfig, Outcome, CardOutcome } from './env/game.js';
export {
  cardFace,
  cardLabel,
  parseCardCode,
  RANKS,
  RANK_LABELS,
  SUITS,
  SUIT_NAMES,
  SUIT_SYMBOLS,
  type CardFace,
} from './env/cards.js';
export { boardCards, placeKey, type Move, type MoveKind, type Place, type StepEvents } from './env/moves.js';
export {
  dailySeed,
  dealDifficulty,
  difficultyThirdsOf,
  isWinnable,
  leavesAChoice,
  pickDeal,
  winnableBy,
  type DealChoice,
  type DealDifficulty,
  type PickedDeal,
} from './agents/deals.js';
export type { DifficultyThirds } from './agents/kit.js';
export { registerModule, type GameModule } from './agents/modules.js';
export {
  createHinter,
  GameStates,
  type Hint,
  type HintResult,
  type Hinter,
  type HinterConfig,
  type SavedMoves,
} from './hints/hint.js';
// The player's session: `Session`, its types and helpers, as src/session/session.ts lists them.
export * from './session/session.js';

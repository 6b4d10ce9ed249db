/**
 * tengym: reinforcement-learning environments, agents and move hints for the
 * sum-to-ten solitaires. The engines (src/env) have no Node-only imports and run in
 * browsers and React Native as is; training and evaluation (src/train) use Node.
 *
 * @module tengym
 */
export {
  make,
  envs,
  envIds,
  envSpec,
  envConfig,
  registeredIdOf,
  resolveOptions,
  registerGame,
  type EnvId,
  type EnvListing,
  type EnvOptions,
  type EnvOptionsById,
  type KnownEnvOptions,
  type OutcomeOf,
  type EnvPreset,
  type EnvSpec,
} from './env/registry.js';
export {
  Env,
  validateSeed,
  type EnvState,
  type ResetOptions,
  type ResetResult,
  type StepInfo,
  type StepResult,
} from './env/env.js';
export {
  VectorEnv,
  type EpisodeRecord,
  type VectorEnvOptions,
  type VectorResetResult,
  type VectorStepResult,
} from './env/vector.js';
export { checkEnv, checkEnvFrom, ContractViolation, type CheckOptions, type CheckReport } from './env/checker.js';
export { playthrough } from './env/playthrough.js';
export { AgentThrewError, TengymError, isTengymError, type TengymErrorCode } from './env/errors.js';
export {
  stockCount,
  type BoardPart,
  type BoardPile,
  type BoardView,
  type CardSpot,
  type EmptySpot,
} from './env/board.js';
export {
  RUNNING,
  TERMINATED,
  TRUNCATED,
  type Game,
  type GameOptions,
  type AnyGame,
  type EnvConfig,
  type Outcome,
  type CardOutcome,
  type ResultSpec,
  type ResultField,
  type ResultFigure,
  type ResultCounter,
  type DeckInput,
  type OptionsSchema,
  type Status,
  CARDS_LEFT_RESULT,
  sameOutcomeOf,
} from './env/game.js';
// The shipped games, which register themselves here (make('decade') and envs() know them from the first
// call), with each one's own exports: its module, its options and outcome types.
export * from './games/index.js';
export {
  cardCode,
  cardFace,
  cardLabel,
  parseCardCode,
  parseStandardDeck,
  rankOf,
  suitOf,
  RANKS,
  RANK_LABELS,
  SUITS,
  SUIT_NAMES,
  SUIT_SYMBOLS,
  type CardFace,
} from './env/cards.js';
export {
  boardCards,
  cardChanges,
  placeKey,
  type Move,
  type MoveKind,
  type Place,
  type StepEvents,
} from './env/moves.js';
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
export { createRng, deriveSeed, randomInt, shuffleInPlace, type Rng } from './env/rng.js';
export type { Agent, AgentInfo, ActionScores, ScoredAction, ScoreKind, ValueUnit } from './agents/agent.js';
export { RandomAgent, FirstAgent } from './agents/basic.js';
export { agentLadder, agentsFor, createAgent, simpleBaseline } from './agents/index.js';
export { registerModule, kitOf, type GameModule, type RegisterOptions } from './agents/modules.js';
export type {
  AgentLadder,
  DifficultyThirds,
  VariantDifficulty,
  GameKit,
  HintBaseline,
  ModelHead,
  TrainedAgent,
  TrainingPresets,
  GameAlgorithm,
} from './agents/kit.js';
export {
  createHinter,
  hintBaseline,
  formatScore,
  GameStates,
  type Hint,
  type RecordedMove,
  type SavedMoves,
  type HintCard,
  type HintOptions,
  type HintResult,
  type Hinter,
  type HinterConfig,
} from './hints/hint.js';
export {
  chooseHintSource,
  hinterForEnv,
  type HintSourceChoice,
  type LoadedHinter,
  type ModelIndex,
  type ModelIndexEntry,
  type ShippedModelInfo,
  type ShippedModels,
} from './hints/source.js';

export { rulesSection, playerRules, forPlayers, plainText, headingAnchor } from './hints/rules.js';
export { randomPlayStats, type StatsResult } from './stats/random-play.js';
export { wilsonInterval } from './stats/intervals.js';
export { pairedDifference, pairedWins } from './stats/paired.js';
// The player's session: `Session`, its types and helpers, as src/session/session.ts lists them.
export * from './session/session.js';

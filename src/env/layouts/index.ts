/**
 * The card-layout toolkit: where a game of the adding-and-pairing family gets its engine from a
 * declaration, as PySolFC builds a game from shared stack types.
 *
 * - `card-state.ts`: what every layout's state does alike (the bad-state error, the card lists of a
 *   state's JSON with each card once, the removed cards, the deal order's and the stock's checks).
 * - `slots.ts`: face-up slots in a grid dealt from a stock: the state and the hot path. Its rules are
 *   declared in `slot-rules.ts` (`SlotRulesSpec`): pairs to a sum, same-rank pairs, single cards, four
 *   of a rank, sets of one of each rank set aside into reserves or not, pairs in touching slots, and
 *   refills at once, on a deal, or none while a reserve holds a card, the cards closing up first or
 *   not. Its words are in `slot-text.ts`, its JSON and checks in `slot-json.ts`, and `slot-game.ts`
 *   joins them into a `Game`.
 * - `triangle.ts`: rows of overlapping face-up cards with their cover masks and free test, a talon of
 *   stock and waste (draws, turn-overs, passes), and removals over the available places (pairs to a sum,
 *   ranks removed alone, overlap pairs), optionally beside a row of open piles (the piles layout's parts: Giza);
 *   its slots, places and ids in `triangle-shape.ts`, its words and board in `triangle-text.ts`, its JSON and
 *   checks in `triangle-json.ts`, and `triangle-game.ts` joins them into a `Game` (Pyramid).
 *
 * - `piles.ts`: piles of which only the top card is available, the cards below face up or face down, beside
 *   one-card slots refilled at once from a stock; removals of two tops that pair (a sum, one rank, pairs named
 *   one by one) or of a rank alone. Its words and board in `piles-text.ts`, its JSON and checks in
 *   `piles-json.ts`, and `piles-game.ts` joins them into a `Game`. `deck.ts`: the deck of some ranks a layout
 *   deals (all thirteen, or a stripped deck's).
 *
 * A game declares its layout and rules (`slotGame({ name, optionsSchema, rules, prompt })`, or
 * `triangleGame` likewise) and keeps only its special rules in its own folder. The hot path allocates nothing.
 */
export * from './card-state.js';
export { parseRankDeck, rankDeck, type RankDeck } from './deck.js';
export { pilesGame, type PilesGame, type PilesGameSpec } from './piles-game.js';
export {
  compilePilesRules,
  placeCard as pileTop,
  type PilesRules,
  type PilesRulesSpec,
  type PilesState,
} from './piles.js';
export {
  plainSlotGame,
  plainSlotOptionsSchema,
  slotGame,
  slotOptionFields,
  type PlainSlotGameSpec,
  type PlainSlotOptions,
  type SlotGame,
  type SlotGameSpec,
} from './slot-game.js';
export {
  EMPTY,
  EMPTY_RANK,
  NOWHERE,
  compileSlotRules,
  countInSlots,
  pairId,
  playSlotMove,
  reserveSuit,
  type SlotRules,
  type SlotRulesSpec,
  type SlotState,
} from './slots.js';
export {
  plainTriangleGame,
  triangleGame,
  triangleRewardRules,
  triangleStateOf,
  type TriangleGame,
  type TriangleGameSpec,
} from './triangle-game.js';
export {
  MAX_ROWS,
  compileTriangleRules,
  faceDownSlots,
  isFree,
  placePairId,
  popCount,
  slotOf,
  soleCover,
  triangleShape,
  type TriangleRules,
  type TriangleRulesSpec,
  type TriangleShape,
  type TriangleState,
} from './triangle.js';

/**
 * A piles game from its declaration: `pilesGame` joins the layout (piles.ts), its words (piles-text.ts)
 * and its JSON (piles-json.ts) into one `Game`. Fourteen Out, Nestor, Patient Pairs, The Wish, Hurricane,
 * Ides of March and Baroness are declarations over it.
 */
import { RANK_NAMES } from '../cards.js';
import { TengymError } from '../errors.js';
import type { CardOutcome, DeckInput, Game, OptionsSchema } from '../game.js';
import { layoutGameParts } from './card-state.js';
import { parseRankDeck } from './deck.js';
import { checkState, fromJSON, toJSON } from './piles-json.js';
import { actionCards, board, describeAction, pairText, render, whyIllegal } from './piles-text.js';
import * as piles from './piles.js';
import type { PilesRules, PilesRulesSpec, PilesState } from './piles.js';
import type { SlotOptions } from './slot-game.js';

/** A game over piles: its name, options (those of `slotOptionFields` among them), and the rules they give. */
export interface PilesGameSpec<O extends SlotOptions> {
  readonly name: string;
  readonly optionsSchema: OptionsSchema<O>;
  /** The layout and rules under options o (the reward and the undos come from the options themselves). */
  rules(o: O): Omit<PilesRulesSpec, 'rewardCards' | 'undoLimit'>;
  /** Whether every legal order of moves reaches the same end (default: no). */
  sameOutcome?: boolean;
}

/** A piles game's `Game`, with its compiled rules per options (what its agents read). */
export type PilesGame<O extends SlotOptions> = Game<O, PilesState> & { rulesOf(o: O): PilesRules };

/** The prompt: what goes out, in words. */
function promptOf(r: PilesRules): string {
  const alone = r.singles.length ? `, or a ${r.singles.map((rank) => RANK_NAMES[rank]).join(' or ')} alone` : '';
  const deal = r.dealId >= 0 ? ' Deal from the stock when you choose.' : '';
  const move = r.moveBase >= 0 ? ' A card may move into an empty pile.' : '';
  return `Remove two available cards that ${pairText(r)}${alone}.${deal}${move}`;
}

/** A `Game` from a piles game's declaration. */
export function pilesGame<O extends SlotOptions>(spec: PilesGameSpec<O>): PilesGame<O> {
  const rulesOf = (o: O): PilesRules =>
    piles.compilePilesRules({ ...spec.rules(o), rewardCards: o.reward === 'cards', undoLimit: o.undoLimit });
  const parseDeck = (input: DeckInput, o: O): Uint8Array => {
    const r = rulesOf(o);
    const deck = parseRankDeck(r.deck, input);
    const pile = r.distinctRanks ? piles.pileWithRepeat(r, deck) : -1;
    if (pile >= 0)
      throw new TengymError(
        'bad-deck',
        `bad deck: pile ${pile + 1} would hold two cards of one rank, which this game never deals`,
      );
    return deck;
  };
  return {
    name: spec.name,
    rulesOf,
    ...layoutGameParts(spec.optionsSchema, rulesOf, piles.createState, piles.observationBounds),
    copyState: piles.copyState,
    parseDeck,
    reset: (s, _o, rng, deck) => piles.resetState(s, rng, deck),
    legalActions: piles.legalActions,
    step: piles.stepState,
    status: piles.status,
    observe: piles.observe,
    outcome: piles.outcome,
    expectedReturn: (result, o) => {
      const { won, cardsLeft } = result as CardOutcome;
      const r = rulesOf(o);
      return r.rewardCards ? r.deck.size - cardsLeft : won ? 1 : 0;
    },
    describeAction: (s, _o, action) => describeAction(s, action),
    whyIllegal: (s, _o, action) => whyIllegal(s, action),
    render,
    toJSON,
    fromJSON: (json, _o, s) => fromJSON(json, s),
    checkState,
    sameOutcome: spec.sameOutcome ?? false,
    actionCards: (s, _o, action) => actionCards(s, action),
    moveKind: (s, _o, action) => {
      const r = s.rules;
      if (action < r.pairIds) return 'pair';
      if (action < r.extraBase) return 'single';
      return action === r.dealId ? 'deal' : 'place';
    },
    prompt: (s) => (s.legalCount === 0 ? '' : promptOf(s.rules)),
    board,
  };
}

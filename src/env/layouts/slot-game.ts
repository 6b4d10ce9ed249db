/**
 * A slot game from its declaration: `slotGame` joins the layout (slots.ts), its words (slot-text.ts)
 * and its JSON (slot-json.ts) into one `Game`.
 */
import * as z from 'zod/mini';
import { parseRankDeck } from './deck.js';
import type { CardOutcome, DeckInput, Game, OptionsSchema, Outcome } from '../game.js';
import { layoutGameParts } from './card-state.js';
import { checkState, fromJSON, slotInconsistencies, toJSON } from './slot-json.js';
import { actionCards, blockOf, board, describeAction, endText, render, stepNote, whyIllegal } from './slot-text.js';
import {
  compileSlotRules,
  copyState,
  createState,
  legalActions,
  observationBounds,
  observe,
  outcome,
  resetState,
  status,
  stepState,
  type SlotRules,
  type SlotRulesSpec,
  type SlotState,
} from './slots.js';

/**
 * The options every slot game takes, for its schema: undos per game, and the training reward, 1 for a
 * win or 1 per card (its description says "removed" or "cleared", as the game says it).
 */
export function slotOptionFields(cards: 'removed' | 'cleared') {
  return {
    undoLimit: z._default(z.literal([0, 3, 'unlimited']), 0).check(z.describe('Undos per game')),
    reward: z
      ._default(z.enum(['win', 'cards']), 'win')
      .check(z.describe(`Training reward: 1 for a win, or per card ${cards}`)),
  };
}

/** A game over slots: its name, options, the rules its options give, and what it says that the rules do not. */
/** The options `slotOptionFields` gives, which every slot game's options hold. */
export interface SlotOptions {
  readonly undoLimit: 0 | 3 | 'unlimited';
  readonly reward: 'win' | 'cards';
}

export interface SlotGameSpec<O extends SlotOptions> {
  readonly name: string;
  readonly optionsSchema: OptionsSchema<O>;
  /** The layout and rules under options o (the reward and the undos come from the options themselves). */
  rules(o: O): Omit<SlotRulesSpec, 'rewardCards' | 'undoLimit'>;
  /** The prompt while the game runs (default: none). */
  prompt?(r: SlotRules): string;
  /** Whether every legal order of moves reaches the same end (default: yes). */
  sameOutcome?: boolean | ((o: O) => boolean);
}

/** A slot game's `Game`, with its compiled rules per options (what its agents read). */
export type SlotGame<O extends SlotOptions> = Game<O, SlotState> & { rulesOf(o: O): SlotRules };

/** A `Game` from a slot game's declaration. */
export function slotGame<O extends SlotOptions>(spec: SlotGameSpec<O>): SlotGame<O> {
  const rulesOf = (o: O): SlotRules =>
    compileSlotRules({ ...spec.rules(o), rewardCards: o.reward === 'cards', undoLimit: o.undoLimit });
  return {
    name: spec.name,
    rulesOf,
    ...layoutGameParts(spec.optionsSchema, rulesOf, createState, observationBounds),
    copyState,
    parseDeck: (deck: DeckInput, o: O) => parseRankDeck(rulesOf(o).deck, deck),
    reset: (s, _o, rng, deck) => resetState(s, rng, deck),
    // The hot path's functions themselves, not wrapped: one call less a step.
    legalActions,
    step: stepState,
    status,
    observe,
    outcome: (s) => outcome(s),
    expectedReturn: (result: Outcome, o) => {
      const { won, cardsLeft } = result as CardOutcome;
      const r = rulesOf(o);
      return r.rewardCards ? r.deckSize - cardsLeft : won ? 1 : 0;
    },
    describeAction: (s, _o, action) => describeAction(s, action),
    whyIllegal: (s, _o, action) => whyIllegal(s, action),
    render: (s) => render(s),
    toJSON: (s) => toJSON(s),
    fromJSON: (json, _o, s) => fromJSON(json, s),
    checkState: (s) => checkState(s),
    sameOutcome: spec.sameOutcome ?? true,
    actionCards: (s, _o, action) => actionCards(s, action),
    moveKind: (s, _o, action) => {
      const block = blockOf(s.rules, action);
      if (block === 'set') return s.rules.setRanks.length === 4 ? 'quartet' : 'triple';
      return block === 'aside' || block === 'pile' ? 'single' : block;
    },
    prompt: (s) => (s.legalCount === 0 || !spec.prompt ? '' : spec.prompt(s.rules)),
    board: (s) => board(s),
    stepNote: (s) => stepNote(s),
    endText: (s) => endText(s),
    inconsistencies: (game, o, rng) => slotInconsistencies(rulesOf(o), game, rng),
  };
}

/** The options of a slot game that has none of its own: undos and the reward per card removed. */
export const plainSlotOptionsSchema = z.strictObject(slotOptionFields('removed'));

/** Those options, defaults filled in. */
export type PlainSlotOptions = z.output<typeof plainSlotOptionsSchema>;

/** A slot game whose options are `plainSlotOptionsSchema` and whose rules no option changes. */
export interface PlainSlotGameSpec {
  readonly name: string;
  /** The layout and rules, the same under every option. */
  readonly rules: ReturnType<SlotGameSpec<PlainSlotOptions>['rules']>;
  /** The prompt while the game runs. */
  readonly prompt: string;
  /** Whether every legal order of moves reaches the same end (default: yes). */
  readonly sameOutcome?: boolean;
}

/** A `Game` from a plain slot game's declaration: `slotGame` with the plain options and fixed rules. */
export function plainSlotGame(spec: PlainSlotGameSpec): SlotGame<PlainSlotOptions> {
  return slotGame<PlainSlotOptions>({
    name: spec.name,
    optionsSchema: plainSlotOptionsSchema,
    rules: () => spec.rules,
    prompt: () => spec.prompt,
    sameOutcome: spec.sameOutcome ?? true,
  });
}

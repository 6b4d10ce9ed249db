/**
 * A triangle game from its declaration: `triangleGame` joins the layout (triangle.ts), its words
 * (triangle-text.ts) and its JSON (triangle-json.ts) into one `Game`. Pyramid is one; the declaration
 * has room for its kin (rows, the pair sum, the ranks removed alone, the talon's draw and passes,
 * reserves), which take it as their rules come.
 */
import { parseStandardDeck } from '../cards.js';
import { RUNNING, type CardOutcome, type DeckInput, type Game, type OptionsSchema, type Outcome } from '../game.js';
import {
  compileTriangleRules,
  copyState,
  createState,
  legalActions,
  outcome,
  resetState,
  status,
  stepState,
  type TriangleRules,
  type TriangleRulesSpec,
  type TriangleState,
} from './triangle.js';
import { layoutGameParts } from './card-state.js';
import { plainSlotOptionsSchema, type PlainSlotOptions } from './slot-game.js';
import { checkState, fromJSON, toJSON } from './triangle-json.js';
import { observationBounds, observe } from './triangle-observe.js';
import { actionCards, board, describeAction, render, stepNote, whyIllegal } from './triangle-text.js';

/** A game over a triangle: its name, options, the rules its options give, and its prompt. */
export interface TriangleGameSpec<O extends object> {
  readonly name: string;
  readonly optionsSchema: OptionsSchema<O>;
  rules(o: O): TriangleRulesSpec;
  /** The prompt while the game runs (default: none). */
  prompt?(r: TriangleRules): string;
}

/** A triangle game's `Game`, with its compiled rules per options (what its agents read). */
export type TriangleGame<O extends object> = Game<O, TriangleState> & { rulesOf(o: O): TriangleRules };

/**
 * The rules that come straight from the options every triangle game shares: `reward` ('win' or 'cards') and
 * `undoLimit`.
 */
export function triangleRewardRules(o: {
  reward: 'win' | 'cards';
  undoLimit: 0 | 3 | 'unlimited';
}): Pick<TriangleRulesSpec, 'rewardCards' | 'undoLimit'> {
  return { rewardCards: o.reward === 'cards', undoLimit: o.undoLimit };
}

/** A triangle game whose options are the plain ones (`plainSlotOptionsSchema`: undos, the reward) and fix no rule. */
export interface PlainTriangleGameSpec {
  readonly name: string;
  /** The layout and rules, the same under every option (the reward and the undos come from the options). */
  readonly rules: Omit<TriangleRulesSpec, 'rewardCards' | 'undoLimit'>;
  /** The prompt while the game runs. */
  readonly prompt: string;
}

/** A `Game` from a plain triangle game's declaration: `triangleGame` with the plain options and fixed rules. */
export function plainTriangleGame(spec: PlainTriangleGameSpec): TriangleGame<PlainSlotOptions> {
  return triangleGame<PlainSlotOptions>({
    name: spec.name,
    optionsSchema: plainSlotOptionsSchema,
    rules: (o) => ({ ...spec.rules, ...triangleRewardRules(o) }),
    prompt: () => spec.prompt,
  });
}

/** Every game `triangleGame` made, so that agents written for the layout know its envs. */
const triangleGames = new WeakSet<object>();

/** The state of an env of a triangle game (for agents, which only read it), or null for another game's env. */
export function triangleStateOf(env: { game: object; rawState: unknown }): TriangleState | null {
  return triangleGames.has(env.game) ? (env.rawState as TriangleState) : null;
}

/** A `Game` from a triangle game's declaration. */
export function triangleGame<O extends object>(spec: TriangleGameSpec<O>): TriangleGame<O> {
  const rulesOf = (o: O): TriangleRules => compileTriangleRules(spec.rules(o));
  const game: TriangleGame<O> = {
    name: spec.name,
    rulesOf,
    ...layoutGameParts(spec.optionsSchema, rulesOf, createState, observationBounds),
    copyState,
    parseDeck: (deck: DeckInput) => parseStandardDeck(deck),
    reset: (s, _o, rng, deck) => resetState(s, rng, deck),
    legalActions,
    step: stepState,
    status,
    observe,
    outcome: (s) => outcome(s),
    expectedReturn: (result: Outcome, o) => {
      const { won, cardsLeft } = result as CardOutcome;
      const r = rulesOf(o);
      return r.rewardCards ? r.goalCards - cardsLeft : won ? 1 : 0;
    },
    describeAction: (s, _o, action) => describeAction(s, action),
    whyIllegal: (s, _o, action) => whyIllegal(s, action),
    render: (s) => render(s),
    toJSON: (s) => toJSON(s),
    fromJSON: (json, _o, s) => fromJSON(json, s),
    checkState: (s) => checkState(s),
    sameOutcome: false,
    actionCards: (s, _o, action) => actionCards(s, action),
    prompt: (s) => (s.status === RUNNING && spec.prompt ? spec.prompt(s.rules) : ''),
    board: (s) => board(s),
    stepNote: (s) => stepNote(s),
    unwinnable: (o) => unwinnable(rulesOf(o)),
  };
  triangleGames.add(game);
  return game;
}

/** A win removes the triangle's cards, two at most a step: fewer steps than half of them win no deal. */
function unwinnable(r: TriangleRules): string | null {
  const slots = (r.rows * (r.rows + 1)) / 2;
  const least = Math.ceil(slots / 2);
  return r.maxSteps < least
    ? `a win removes the ${slots} cards of the ${r.name}, two at most a step, and maxSteps ${r.maxSteps} ` +
        `stops the game before ${least} steps`
    : null;
}

/**
 * Four Ten's parts for trained models (browser-safe, TensorFlow.js-free), added to its kit: the afterstate features
 * with their search one turn deeper, and their training targets. The list of games (src/games/index.ts) imports this
 * file beside the game's module, which does not: an app that imports the game alone (`tengym/games/four-ten`) to play
 * and hint bundles none of it, and every entry point that loads or trains a model imports the list
 * (docs/decisions/games.md, "A game's model parts come with the list of games").
 */
// The game's module first: its kit registered, then these parts added to it.
import '../index.js';
import { registerModelParts } from '../../../agents/modules.js';
import { fourTenGame } from '../engine.js';
import { FOUR_TEN_FEATURES } from './afterstate-features.js';
import { FOUR_TEN_SEARCH } from './learned-lookahead.js';
import { FOUR_TEN_TARGETS } from './targets.js';

registerModelParts(fourTenGame, {
  afterstate: {
    /** The position features of the afterstate model, with its search one turn deeper. */
    features: { ...FOUR_TEN_FEATURES, search: FOUR_TEN_SEARCH },
    /** Its training targets: the exact pace values, or its own games. */
    targets: FOUR_TEN_TARGETS,
  },
});

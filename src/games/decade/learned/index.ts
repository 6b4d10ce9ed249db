/**
 * The decade family's parts for trained models (browser-safe, TensorFlow.js-free), added to its kit: the afterstate
 * features and their training targets, and the head of the search with learned values (learned-search.ts). The list
 * of games (src/games/index.ts) imports this file beside the game's module, which does not: an app that imports the
 * game alone (`tengym/games/decade`) to play and hint bundles none of it, and every entry point that loads or trains
 * a model imports the list (docs/decisions/games.md, "A game's model parts come with the list of games").
 */
// The game's module first: its kit registered, then these parts added to it.
import '../index.js';
import { registerModelParts } from '../../../agents/modules.js';
import type { EnvConfig } from '../../../env/game.js';
import { rulesOf } from '../agents/position.js';
import { decadeGame, type DecadeOptions } from '../engine.js';
import { DECADE_FEATURES } from './afterstate-features.js';
import { DecadeSearchAgent, positionLayout, type SearchConfig } from './learned-search.js';
import { DECADE_TARGETS } from './targets.js';

registerModelParts(decadeGame, {
  afterstate: {
    /** The position features of the afterstate models. */
    features: DECADE_FEATURES,
    /** Their training targets. */
    targets: DECADE_TARGETS,
  },
  heads: {
    // A network valuing the horizon of a search over the next draws (learned-search.ts).
    search: {
      /** The features the search's network reads under these options. */
      layout: (env: EnvConfig) => positionLayout(rulesOf(env.options as DecadeOptions)),
      /** The search agent of a loaded model. */
      agent: (name, network, metadata) =>
        new DecadeSearchAgent(name, network, metadata, metadata.search as SearchConfig),
    },
  },
});

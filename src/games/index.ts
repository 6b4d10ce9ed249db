/**
 * The games shipped with tengym, a line each, in the order `envs()` lists their ids: importing a game's
 * module registers it (its engine, ids and kit: src/agents/modules.ts), and its own exports (its module
 * object, its options and outcome types) are the package's. Every entry point imports this list (the
 * package root, `tengym/models` and `tengym/node`, the command line, the Python package's engine, the
 * worker threads, the play page); nothing else imports a game's folder. Then the parts of the games' trained models
 * (their afterstate features and targets, their model heads), which a game's own module leaves out so that an app
 * importing one game (`tengym/games/decade`) to play and hint bundles none of them: each game's learned/index.ts adds
 * them to its kit, for the entry points here that load and train models.
 */
export * from './pairing/index.js';
export * from './decade/index.js';
export * from './four-ten/index.js';
export * from './pyramid/index.js';
export * from './king-tut/index.js';
export * from './pyramid-thirteen/index.js';
export * from './giza/index.js';
export * from './elevens/index.js';
export * from './thirteens/index.js';
export * from './simple-pairs/index.js';
export * from './nines/index.js';
export * from './monte-carlo/index.js';
export * from './pile-pairs/index.js';
export * from './fifteens/index.js';
export * from './baroness/index.js';
export * from './simple-tens/index.js';
export * from './eight-cards/index.js';

import './decade/learned/index.js';
import './four-ten/learned/index.js';

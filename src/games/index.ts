/**
 * The games shipped with tengym, a line each, in the order `envs()` lists their ids: importing a game's
 * module registers it (its engine, ids and kit: src/agents/modules.ts), and its own exports (its module
 * object, its options and outcome types) are the package's. Every entry point imports this list (the
 * package root, `tengym/models` and `tengym/node`, the command line, the Python package's engine, the
 * worker threads, the play page); nothing else imports a game's folder.
 */
export * from './pairing/index.js';
export * from './decade/index.js';
export * from './four-ten/index.js';
export * from './pyramid/index.js';
export * from './elevens/index.js';
export * from './thirteens/index.js';

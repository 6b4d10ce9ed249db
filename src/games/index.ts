/**
 * The games shipped with tengym, a line each, in the order `envs()` lists their ids: importing a game's
 * module registers it (its engine, ids and kit: src/agents/modules.ts). Every entry point imports this
 * list (the package root, `tengym/models` and `tengym/node`, the command line, the Python package's
 * engine, the worker threads, the play page); nothing else imports a game's folder.
 */
import './pairing/index.js';
import './decade/index.js';
import './four-ten/index.js';

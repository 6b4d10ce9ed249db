/**
 * `tengym/node` in a browser bundle (the "browser" condition of its package export): it reads
 * files and starts worker threads, so a page that imports it would fail later on a Node built-in
 * the bundler left out. It fails here instead, saying what a page uses.
 */
import { TengymError } from '../env/errors.js';

throw new TengymError(
  'bad-argument',
  'tengym/node runs in Node only (it reads model folders from disk and evaluates on worker threads); in a ' +
    'page or an app, load a model with tengym/models (loadModelFromUrl) and take hints from tengym ' +
    '(hinterForEnv, createHinter): docs/api.md, "Trained models"',
);

/**
 * The models' index, `models/index.json`: for each model folder (`<id>/model.json` naming its env
 * and options under `userDefinedMetadata.tengym`), its env, options and number of weights, which
 * a page needs before it fetches a model (`hinterForEnv`'s `info`, `useBrowserBackend`'s weight
 * count). The package ships it in `models/` beside the models (`npm run build:models-index`
 * writes it), and the play page's build (`web/vite.config.ts`) writes the same text into
 * `dist/web/models/`.
 * Node-only, as everything in this folder.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ModelIndex } from '../hints/source.js';

export type { ModelIndex, ModelIndexEntry } from '../hints/source.js';

/** The index's file name, in the models folder. */
export const MODEL_INDEX_FILE = 'index.json';

interface ModelJson {
  weightsManifest: { paths: string[]; weights: { shape: number[] }[] }[];
  userDefinedMetadata?: { tengym?: { env?: string; options?: Record<string, unknown> } };
}

/**
 * Reads a models folder: the index, and the files of the models it lists (`<id>/model.json` and
 * each weight file its manifest names, relative to the folder). Entries that are not folders
 * with a model.json naming an env and its options are left out.
 */
export function readModelIndex(dir: string): { index: ModelIndex; files: string[] } {
  const index: ModelIndex = {};
  const files: string[] = [];
  for (const id of readdirSync(dir).sort()) {
    const modelFile = join(dir, id, 'model.json');
    if (!existsSync(modelFile)) continue;
    const json = JSON.parse(readFileSync(modelFile, 'utf8')) as ModelJson;
    const meta = json.userDefinedMetadata?.tengym;
    if (!meta?.env || !meta.options) continue;
    let weights = 0;
    for (const group of json.weightsManifest) {
      for (const w of group.weights) weights += w.shape.reduce((a, b) => a * b, 1);
      for (const path of group.paths) files.push(`${id}/${path}`);
    }
    files.push(`${id}/model.json`);
    index[id] = { env: meta.env, options: meta.options, weights };
  }
  return { index, files };
}

/** The text of `index.json` for an index (one-space indents, a final newline). */
export function modelIndexJson(index: ModelIndex): string {
  return JSON.stringify(index, null, 1) + '\n';
}

/** Writes `index.json` into a models folder, from the models there; returns its path. */
export function writeModelIndex(dir: string): string {
  const file = join(dir, MODEL_INDEX_FILE);
  writeFileSync(file, modelIndexJson(readModelIndex(dir).index));
  return file;
}

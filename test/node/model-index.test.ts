// models/index.json, the models' index the package ships beside them: it is what the models
// folder gives today (else the command that rewrites it is named), a stale one is caught, folders
// that are not models are left out, and the built page's copy is the same bytes.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MODEL_INDEX_FILE,
  modelIndexJson,
  readModelIndex,
  writeModelIndex,
  type ModelIndex,
} from '../../src/node/model-index.js';
import { SHIPPED_MODELS_DIR, shippedModelEnvs } from '../../src/node/resolve.js';

const MODELS = fileURLToPath(new URL('../../models/', import.meta.url));
const BUILT_INDEX = fileURLToPath(new URL('../../dist/web/models/index.json', import.meta.url));
const REGENERATE = 'npm run build:models-index';

/** Why `dir`/index.json is not what the models in `dir` give (naming the command that rewrites it), or null. */
function indexProblem(dir: string): string | null {
  const file = join(dir, MODEL_INDEX_FILE);
  const want = modelIndexJson(readModelIndex(dir).index);
  if (!existsSync(file)) return `${file} is missing: run ${REGENERATE}`;
  if (readFileSync(file, 'utf8') !== want) return `${file} does not match the models beside it: run ${REGENERATE}`;
  return null;
}

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the shipped models' folder (model.json files and the index; the weights are not read). */
function copyOfModels(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tengym-model-index-'));
  scratch.push(dir);
  cpSync(MODELS, dir, { recursive: true, filter: (src) => !src.endsWith('.bin') && !src.endsWith('.svg') });
  return dir;
}

describe('models/index.json', () => {
  it('is what the models folder gives', () => {
    expect(indexProblem(MODELS)).toBe(null);
  });

  it('lists every shipped model, with its env, options and weight count', () => {
    const index = JSON.parse(readFileSync(join(MODELS, MODEL_INDEX_FILE), 'utf8')) as ModelIndex;
    expect(join(SHIPPED_MODELS_DIR, '/')).toBe(MODELS);
    expect(Object.keys(index)).toEqual([...shippedModelEnvs()].sort());
    for (const [id, entry] of Object.entries(index)) {
      const meta = JSON.parse(readFileSync(join(MODELS, id, 'model.json'), 'utf8')).userDefinedMetadata.tengym;
      expect(entry.env).toBe(meta.env);
      expect(entry.options).toEqual(meta.options);
      // float32 weights: four bytes each.
      expect(entry.weights * 4, id).toBe(readFileSync(join(MODELS, id, 'weights.bin')).length);
    }
  });

  it('is caught when stale, and rewritten by the command', () => {
    const dir = copyOfModels();
    writeModelIndex(dir);
    expect(indexProblem(dir)).toBe(null);
    rmSync(join(dir, 'decade-fives'), { recursive: true });
    expect(indexProblem(dir)).toBe(
      `${join(dir, MODEL_INDEX_FILE)} does not match the models beside it: run ${REGENERATE}`,
    );
    writeModelIndex(dir);
    expect(indexProblem(dir)).toBe(null);
    const index = JSON.parse(readFileSync(join(dir, MODEL_INDEX_FILE), 'utf8')) as ModelIndex;
    expect(Object.keys(index)).not.toContain('decade-fives');
    expect(Object.keys(index)).toContain('decade');
    // A changed model (its options) is caught too, and a missing index.
    const modelFile = join(dir, 'decade', 'model.json');
    const json = JSON.parse(readFileSync(modelFile, 'utf8'));
    json.userDefinedMetadata.tengym.options.maxSteps = 4000;
    writeFileSync(modelFile, JSON.stringify(json));
    expect(indexProblem(dir)).toMatch(/does not match the models beside it: run npm run build:models-index$/);
    rmSync(join(dir, MODEL_INDEX_FILE));
    expect(indexProblem(dir)).toMatch(/is missing: run npm run build:models-index$/);
  });

  it(
    'leaves out what is not a model: the index itself, files, folders without a model.json or without its env ' +
      'and options',
    () => {
      const dir = copyOfModels();
      mkdirSync(join(dir, 'empty'));
      mkdirSync(join(dir, 'no-metadata'));
      const json = JSON.parse(readFileSync(join(MODELS, 'decade', 'model.json'), 'utf8'));
      delete json.userDefinedMetadata.tengym.options;
      writeFileSync(join(dir, 'no-metadata', 'model.json'), JSON.stringify(json));
      writeFileSync(join(dir, 'notes.txt'), 'not a model\n');
      const { index, files } = readModelIndex(dir);
      expect(Object.keys(index)).toEqual(Object.keys(readModelIndex(MODELS).index));
      expect(Object.keys(index)).toContain('decade');
      expect(files).toContain('decade/model.json');
      expect(files).toContain('decade/weights.bin');
      expect(files.filter((f) => !/^[a-z-]+\/(model\.json|weights\.bin)$/.test(f))).toEqual([]);
      expect(files.some((f) => f.startsWith('no-metadata/') || f.startsWith('empty/'))).toBe(false);
    },
  );

  it.skipIf(!existsSync(BUILT_INDEX))("is the same bytes as the built page's dist/web/models/index.json", () => {
    expect(readFileSync(BUILT_INDEX).equals(readFileSync(join(MODELS, MODEL_INDEX_FILE)))).toBe(true);
  });
});

/**
 * The hinter for an env, as the command line finds it (Node-only): a model directory
 * given by the user, else what `hinterForEnv` (hint-source.ts, shared with the play page)
 * chooses, with the shipped models read from `models/<env id>/` on disk.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { TengymError } from '../env/errors.js';
import { make } from '../env/registry.js';
import { createHinter, type HinterConfig } from './hint.js';
import { hinterForEnv, type LoadedHinter, type ShippedModelInfo, type ShippedModels } from './hint-source.js';
import { resolveAgent, shippedModelDir } from './resolve.js';

export type { LoadedHinter } from './hint-source.js';

/** The env id and options a model directory's model.json says it was trained for, or null. */
function trainedFor(dir: string): ShippedModelInfo | null {
  try {
    const json = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')) as { userDefinedMetadata?: { tengym?: { env?: unknown; options?: unknown } } };
    const meta = json.userDefinedMetadata?.tengym;
    if (typeof meta?.env !== 'string' || meta.options === null || typeof meta.options !== 'object') return null;
    return { env: meta.env, options: meta.options as Record<string, unknown> };
  } catch {
    return null;
  }
}

/** The models shipped in the package's `models/` directory. */
function shippedOnDisk(options: Record<string, unknown>): ShippedModels {
  return {
    info: (envId) => {
      const dir = shippedModelDir(envId);
      if (!existsSync(join(dir, 'model.json'))) return null;
      // A model.json without readable metadata counts as trained for nothing: the baseline answers.
      return trainedFor(dir) ?? { env: '', options: {} };
    },
    load: (modelId) => resolveAgent('model', modelId, options),
  };
}

export async function loadHinter(envId: string, options: Record<string, unknown>, modelDir?: string, config: Omit<HinterConfig, 'model' | 'agent' | 'source'> = {}): Promise<LoadedHinter> {
  const env = make(envId, options);
  const resolved = env.options as Record<string, unknown>;
  if (modelDir !== undefined) {
    const dir = resolve(modelDir);
    if (!existsSync(dir)) throw new TengymError('bad-argument', `no model at "${modelDir}": the directory does not exist`);
    const agent = await resolveAgent(dir, env.id, resolved);
    const source = `model ${modelDir}`;
    return { hinter: createHinter({ ...config, model: agent, source }), source, fromModel: true };
  }
  return hinterForEnv(env.id, resolved, shippedOnDisk(resolved), config);
}

/**
 * The hinter for an env, as the command line finds it (Node-only): a model directory
 * given by the user, else the model shipped in `models/<env id>/` when it was trained for
 * these options, else the env's search baseline (`hintBaseline`). The source says which.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { TengymError } from '../env/errors.js';
import { make } from '../env/registry.js';
import { SAME_OUTCOME_ENGINES, createHinter, hintBaseline, type Hinter, type HinterConfig } from './hint.js';
import { SHIPPED_MODELS_DIR, resolveAgent, shippedModelDir } from './resolve.js';

export interface LoadedHinter {
  hinter: Hinter;
  /** "model models/decade/ (shipped)", "lookahead (search baseline; no model is shipped for decade)". */
  source: string;
  /** Whether a trained model ranks the moves. */
  fromModel: boolean;
}

/** The env id and options a model directory's model.json says it was trained for, or null. */
function trainedFor(dir: string): { env: string; options: Record<string, unknown> } | null {
  try {
    const json = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')) as { userDefinedMetadata?: { tengym?: { env?: unknown; options?: unknown } } };
    const meta = json.userDefinedMetadata?.tengym;
    if (typeof meta?.env !== 'string' || meta.options === null || typeof meta.options !== 'object') return null;
    return { env: meta.env, options: meta.options as Record<string, unknown> };
  } catch {
    return null;
  }
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
  const shipped = shippedModelDir(env.id);
  const shown = `models/${relative(SHIPPED_MODELS_DIR, shipped)}/`;
  let why = `no model is shipped for ${env.id}`;
  if (existsSync(join(shipped, 'model.json'))) {
    const trained = trainedFor(shipped);
    if (trained && trained.env === env.id && JSON.stringify(trained.options) === JSON.stringify(resolved)) {
      const agent = await resolveAgent('model', env.id, resolved);
      const source = `model ${shown} (shipped)`;
      return { hinter: createHinter({ ...config, model: agent, source }), source, fromModel: true };
    }
    why = `the model shipped in ${shown} was trained for other options`;
  }
  const baseline = hintBaseline(env.id, resolved);
  const source = SAME_OUTCOME_ENGINES.has(env.game.name) ? baseline.source : `${baseline.name} (${baseline.role}; ${why})`;
  return { hinter: createHinter({ ...config, agent: baseline.agent, source }), source, fromModel: false };
}

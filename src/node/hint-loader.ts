/**
 * The hinter for an env, as the command line finds it (Node-only, as everything in this folder): an agent
 * the user names (`--agent`: a catalogue name, a model directory, or `model`, as `tengym eval
 * --agents` takes them), else what `hinterForEnv` (src/hints/source.ts, shared with the play page)
 * chooses, with the shipped models read from `models/<env id>/` on disk.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import * as z from 'zod';
import { TengymError, showValue } from '../env/errors.js';
import { envConfig, registeredIdOf } from '../env/registry.js';
import { agentSource, createHinter, type HinterConfig } from '../hints/hint.js';
import { hinterForEnv, shippedModelPath, type LoadedHinter, type ShippedModels } from '../hints/source.js';
import { looksLikePath, packagePath, resolveAgent, shippedModel, trainedFor } from './resolve.js';

export type { LoadedHinter } from '../hints/source.js';

/** The models shipped in the package's `models/` directory. */
function shippedOnDisk(options: Record<string, unknown>): ShippedModels {
  return {
    info: (envId) => {
      const dir = shippedModel(envId)?.dir;
      if (dir === undefined) return null;
      // A model.json without readable metadata counts as trained for nothing: the baseline answers.
      const trained = trainedFor(dir);
      return trained ? { env: trained.env, options: trained.options } : { env: '', options: {} };
    },
    load: (modelId) => resolveAgent('model', envConfig(modelId, options)),
  };
}

/**
 * Who ranks, when the user says: a model directory (`--model`), or any agent `tengym eval --agents` takes (`--agent`: a
 * catalogue name, a model directory, or `model`).
 */
export type HintChoice = { model: string } | { agent: string };

/** What `loadHinter`'s `choice` may be: a model directory, or an agent by the name `tengym eval --agents` takes. */
const hintChoiceSchema = z.union([
  z.strictObject({ model: z.string().min(1) }),
  z.strictObject({ agent: z.string().min(1) }),
]);

/**
 * The hinter for `envId` with `options`, as `tengym hint` and `tengym play` find it: ranked by the
 * user's `choice` when given, else by the env's default source (`chooseHintSource`: a shipped
 * model where it measured level with the strongest search, else that search), with its `source`
 * and whether a model ranks. `tengym/node` exports it for programs that want the command line's hints.
 */
export async function loadHinter(
  envId: string,
  options?: unknown,
  choice?: HintChoice,
  config: Omit<HinterConfig, 'model' | 'agent' | 'source'> = {},
): Promise<LoadedHinter> {
  if (choice !== undefined) {
    const parsed = hintChoiceSchema.safeParse(choice);
    if (!parsed.success)
      throw new TengymError(
        'bad-argument',
        `loadHinter's choice must be { model: 'DIR' } or { agent: 'NAME' }, got ${showValue(choice)}`,
      );
  }
  const env = envConfig(envId, options);
  const resolved = env.options;
  if (choice === undefined) return hinterForEnv(env.id, resolved, shippedOnDisk(resolved), config);
  const name = 'model' in choice ? choice.model : choice.agent;
  if (('model' in choice || looksLikePath(name)) && !existsSync(packagePath(name)))
    throw new TengymError('bad-argument', `no model at "${name}": the directory does not exist`);
  const agent = await resolveAgent('model' in choice ? resolve(packagePath(name)) : name, env);
  if (agent.metadata) {
    const source = name === 'model' ? `model ${shippedModelPath(registeredIdOf(env))} (shipped)` : `model ${name}`;
    return { hinter: createHinter({ ...config, model: agent, source }), source, fromModel: true };
  }
  const source = agentSource(agent, name);
  return { hinter: createHinter({ ...config, agent, source }), source, fromModel: false };
}

/**
 * Turns an agent name from the command line into an agent (Node-only, as everything in this folder): a name from
 * the catalogue (`tengym agents --env ID`), or a directory holding a trained model
 * (`model.json` + `weights.bin`), or `model` for the model shipped in `models/<env id>/`.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TengymError, isPlainObject } from '../env/errors.js';
import type { EnvConfig } from '../env/game.js';
import { envConfig, envIds, envSpec, make, registeredIdOf } from '../env/registry.js';
import type { Agent } from '../agents/agent.js';
import { agentsFor, createAgent } from '../agents/index.js';
import { kitOf } from '../agents/modules.js';
import { assertModelFits } from '../agents/learned/model-fit.js';
import { checkModelJson } from '../agents/learned/model-check.js';
import { isAgentModulePath, loadAgentModule } from './agent-module.js';
import { trainingOf, type ModelProvenance } from './provenance.js';

export type { ModelProvenance } from './provenance.js';

/** The package's root: models/ and configs/ sit beside dist/ (and src/). */
const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The package's shipped models. */
export const SHIPPED_MODELS_DIR = join(PACKAGE_ROOT, 'models');

/** The package's shipped training configs (configs/<name>.json). */
export const SHIPPED_CONFIGS_DIR = join(PACKAGE_ROOT, 'configs');

/** The names of the shipped training configs (`--config NAME`). */
export function shippedConfigNames(): string[] {
  return existsSync(SHIPPED_CONFIGS_DIR)
    ? readdirSync(SHIPPED_CONFIGS_DIR)
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.slice(0, -'.json'.length))
        .sort()
    : [];
}

/**
 * A path as the docs spell it ("models/decade", "configs/four-ten-solver.json"): the one in
 * the current folder when it is there, else the installed package's, so the docs' commands
 * work from any folder, not only from a clone.
 */
export function packagePath(path: string): string {
  if (existsSync(path)) return path;
  const m = /^(?:\.\/)?(models|configs)[\\/](.+)$/.exec(path);
  if (!m) return path;
  const shipped = join(PACKAGE_ROOT, m[1], m[2]);
  return existsSync(shipped) ? shipped : path;
}

/**
 * The directory of the model shipped for an env id (in the installed package); an error names the ids that have one.
 */
export function shippedModelDir(envId: string): string {
  const id = envSpec(envId).id;
  const shipped = shippedModel(id);
  if (!shipped)
    throw new TengymError('bad-argument', `no model is shipped for ${id}; shipped: ${shippedModelEnvs().join(', ')}`);
  return shipped.dir;
}

/** A path, by its spelling ("runs/x", "./x") or because such a directory exists ("model-ok"). */
export function looksLikePath(name: string): boolean {
  return (
    name.includes('/') ||
    name.includes('\\') ||
    name.startsWith('.') ||
    (existsSync(name) && statSync(name).isDirectory())
  );
}

/** Envs with a model in models/<env id>/, in registry order. */
export function shippedModelEnvs(): string[] {
  return envIds().filter((id) => shippedModel(id) !== null);
}

/** The model shipped for an env: where it is, or null when none is shipped. */
export function shippedModel(envId: string): { dir: string; shown: string } | null {
  const dir = join(SHIPPED_MODELS_DIR, envId);
  return existsSync(join(dir, 'model.json')) ? { dir, shown: `models/${envId}/` } : null;
}

/**
 * What a model directory's model.json says it was trained for (env id and options) and how (algorithm, env steps), or
 * null when it says no env and options.
 */
export function trainedFor(
  dir: string,
): { env: string; options: Record<string, unknown>; algorithm?: string; steps?: number } | null {
  try {
    const json = JSON.parse(readFileSync(join(dir, 'model.json'), 'utf8')) as {
      userDefinedMetadata?: { tengym?: { env?: unknown; options?: unknown; algorithm?: unknown; steps?: unknown } };
    };
    const meta = json.userDefinedMetadata?.tengym;
    if (typeof meta?.env !== 'string' || !isPlainObject(meta.options)) return null;
    return {
      env: meta.env,
      options: meta.options,
      ...(typeof meta.algorithm === 'string' ? { algorithm: meta.algorithm } : {}),
      ...(typeof meta.steps === 'number' ? { steps: meta.steps } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * Refuses a path that is not a model directory, saying what it is instead: missing, a file, or a folder without
 * model.json (a training run's: its best/).
 */
export function checkModelDir(dir: string): void {
  if (!existsSync(dir)) {
    // "models/<name>", as the docs write a shipped model: the names there are.
    const shipped = /^(?:\.\/)?models[\\/][^\\/]+[\\/]?$/.test(dir)
      ? `; the shipped models are ${shippedModelEnvs()
          .map((id) => `models/${id}`)
          .join(', ')}`
      : '';
    throw new TengymError('bad-argument', `no model at "${dir}": the directory does not exist${shipped}`);
  }
  if (!statSync(dir).isDirectory()) {
    // An agent written in TypeScript: Node imports JavaScript, so the module is the compiled file.
    const typescript = /\.[cm]?ts$/i.test(dir)
      ? `; a TypeScript agent plays once compiled to JavaScript: give its .mjs or .js file (an agent module)`
      : '';
    throw new TengymError(
      'bad-argument',
      `no model at "${dir}": it is a file, not a model directory (model.json + weights.bin)${typescript}`,
    );
  }
  if (!existsSync(join(dir, 'model.json'))) {
    // A training run's folder: its models are in best/ (and the checkpoints beside it).
    const best = existsSync(join(dir, 'best', 'model.json'))
      ? ` (a training run: its best model is ${join(dir, 'best')}/)`
      : '';
    throw new TengymError('bad-argument', `no model at "${dir}": it has no model.json${best}`);
  }
}

/**
 * The names that `resolveAgent` reads as model directories whatever the env: paths
 * (`looksLikePath`) that no env's catalogue names, so that a list of agents given without an env
 * can take it from its models.
 */
export function modelDirectoryNames(names: readonly string[]): string[] {
  const catalogue = new Set(envIds().flatMap((id) => agentsFor(id).map((a) => a.name)));
  return names.filter((name) => !catalogue.has(name) && looksLikePath(name) && !isAgentModulePath(name));
}

/**
 * The env a model directory was trained for (its id and options), from its metadata, checked as
 * loading the model checks it; an id or options this tengym does not take are refused, naming
 * the model.
 */
export async function modelEnvConfig(name: string): Promise<EnvConfig> {
  const dir = packagePath(name);
  checkModelDir(dir);
  const { readModelMetadata } = await import('./model-files.js');
  const meta = await readModelMetadata(dir);
  try {
    return envConfig(meta.env, meta.options);
  } catch (e) {
    if (e instanceof TengymError)
      throw new TengymError(
        'bad-argument',
        `model ${dir} was trained for an env this tengym cannot make: ${e.message}`,
      );
    throw e;
  }
}

/**
 * The model directory an `--agents` name means for an env, or null for a name that is no model
 * (a catalogue name, or one that is neither: `resolveAgent` refuses it). `model` is the one
 * shipped for the game played, under the env's id or another name for it.
 */
export function modelDirOf(name: string, env: EnvConfig): string | null {
  if (agentsFor(env).some((a) => a.name === name)) return null;
  const modelId = registeredIdOf(env);
  if (name === 'model' && !shippedModel(modelId))
    throw new TengymError('bad-argument', `no model is shipped for ${modelId} (models/${modelId}/model.json)`);
  return name === 'model' ? shippedModelDir(modelId) : looksLikePath(name) ? packagePath(name) : null;
}

/**
 * The provenance of a model directory (`modelDirOf`): its absolute path, one sha256 over model.json then its weight
 * files, and its training from the metadata.
 */
export function modelProvenance(dir: string): ModelProvenance {
  const path = resolve(dir);
  const json = readFileSync(join(path, 'model.json'));
  // The weights paths as the loader checks them (plain paths inside the folder), read after it loaded them.
  const checked = checkModelJson(json.toString('utf8'), `model ${dir}`);
  const model = checked.modelJSON as {
    userDefinedMetadata?: { tengym?: { algorithm?: unknown; steps?: unknown; command?: unknown } };
  };
  const weights = checked.paths;
  const hash = createHash('sha256').update(json);
  for (const file of weights) hash.update(readFileSync(join(path, file)));
  return {
    path,
    sha256: hash.digest('hex'),
    files: ['model.json', ...weights],
    ...trainingOf(model.userDefinedMetadata?.tengym),
  };
}

/**
 * The error for a catalogue name of this game that does not play these options (the decade
 * `optimal`, which plays only where holding is free): said as that, with where it plays as its
 * catalogue entry describes it, not as an unknown agent.
 */
function notForTheseOptions(name: string, env: EnvConfig): TengymError | null {
  const spec = (kitOf(env.game).agents ?? []).find((s) => s.name === name && s.games.includes(env.game));
  if (!spec) return null;
  const defaults = envConfig(env.id).options;
  const given = Object.fromEntries(
    Object.entries(env.options).filter(([k, v]) => JSON.stringify(defaults[k]) !== JSON.stringify(v)),
  );
  const shown = Object.keys(given).length > 0 ? `options ${JSON.stringify(given)}` : 'its default options';
  const names = agentsFor(env).map((a) => a.name);
  return new TengymError(
    'bad-argument',
    `agent "${name}" does not play ${env.id} with ${shown}: it plays only some option sets of ${env.id} ` +
      `(${name}: ${spec.description}): see tengym agents --env ${env.id} --options JSON; agents for these ` +
      `options: ${names.join(', ')}`,
  );
}

/**
 * Refuses a name that is no agent of the env (not in its catalogue, no agent module, no model
 * directory) without loading anything: a list of names is checked this way first, so that a bad
 * name is said before TensorFlow.js is loaded for a model among them.
 */
export function checkAgentName(name: string, env: EnvConfig): void {
  if (agentsFor(env).some((a) => a.name === name) || isAgentModulePath(name)) return;
  knownModelDir(name, env);
}

/** The model directory a name means for an env (checked to hold a model), or the error for an unknown agent. */
function knownModelDir(name: string, env: EnvConfig): string {
  const dir = modelDirOf(name, env);
  if (dir === null) {
    const elsewhere = notForTheseOptions(name, env);
    if (elsewhere) throw elsewhere;
    const names = agentsFor(env).map((a) => a.name);
    throw new TengymError(
      'bad-argument',
      `unknown agent "${name}" for ${env.id}; agents for ${env.id}: ${names.join(', ')}, or a model directory ` +
        `(model.json + weights.bin)${shippedModel(registeredIdOf(env)) ? ', or model (the shipped one)' : ''}, or ` +
        `an agent module of your own (./mine.mjs)`,
    );
  }
  checkModelDir(dir);
  return dir;
}

/**
 * The agent an `--agents` name means for an env (an id with options, or a config made by
 * `envConfig`): a catalogue name, a model directory, `model` (the shipped one, `registeredIdOf`),
 * or an agent module of one's own (`./mine.mjs`, `loadAgentModule`).
 */
export async function resolveAgent(name: string, envOrId: string | EnvConfig, options: unknown = {}): Promise<Agent> {
  const env = typeof envOrId === 'string' ? envConfig(envOrId, options) : envOrId;
  if (agentsFor(env).some((a) => a.name === name)) return createAgent(name, env);
  if (isAgentModulePath(name)) return loadAgentModule(name, env);
  const dir = knownModelDir(name, env);
  const { loadModelAgent } = await import('./load-model.js');
  const agent = await loadModelAgent(dir, name);
  try {
    assertModelFits(agent.metadata, make(env), `model "${name}"`);
  } catch (e) {
    agent.dispose();
    throw e;
  }
  const { announceBackend } = await import('./tf-backend.js');
  await announceBackend();
  return agent;
}

/**
 * Which source ranks an env's hints, decided in one place for every front end: `tengym hint`
 * and `tengym play` (through hint-loader.ts, which reads models from disk) and the play page
 * (which fetches them). Browser-safe: the caller says what `models/` holds for the env and how to
 * load it; this module decides and builds the hinter.
 *
 * The rule: the strongest fair source measured for the env (docs/hints.md, "Where hints come from").
 * A shipped model where its game kit says it measured level with the strongest fair search
 * (`modelFirst`: `decade`'s and `decade-fives`', distilled from `pimc`; `ten-twenty-thirty`'s,
 * level with `lookahead`, which answered there before) and it was trained for these options (under
 * another id too: `decade` with `{ fives: true }` takes `models/decade-fives/`, `registeredIdOf`);
 * everywhere else the engine's search (`hintBaseline`): on `decade-loop` `pimc` is a little ahead
 * of the shipped model on fresh deals, `optimal` where holding is free is the exact optimum, and
 * Four Ten's `bottom-direct` never needs more rounds than `bottom` (the shipped Four Ten model
 * sometimes does). The `source` sentence says which, and why no model.
 */
import { envConfig, registeredIdOf } from '../env/registry.js';
import { TengymError, isPlainObject, showValue } from '../env/errors.js';
import type { Agent } from '../agents/agent.js';
import { kitOf } from '../agents/modules.js';
import { whyOtherGame } from '../agents/learned/model-fit.js';
import { createHinter, hasSameOutcome, hintBaseline, type Hinter, type HinterConfig } from './hint.js';

/** What a shipped model's metadata says it was trained for (`userDefinedMetadata.tengym`). */
export interface ShippedModelInfo {
  env: string;
  options: Record<string, unknown>;
}

/**
 * What the models' index (`models/index.json`) says of one model: its metadata, and its number of weights
 * (`useBrowserBackend`'s).
 */
export interface ModelIndexEntry extends ShippedModelInfo {
  /** The number of weights (the sum of the products of the weights' shapes). */
  weights: number;
}

/** The models' index, `models/index.json`: model id (its folder's name) → entry. */
export type ModelIndex = Record<string, ModelIndexEntry>;

/** Where the hints of an env id come from: a shipped model, or an agent of the catalogue. */
export type HintSourceChoice =
  /** The model shipped in `models/<modelId>/`. */
  | { kind: 'model'; modelId: string; source: string }
  /** An agent from the catalogue (a search baseline or a solver). */
  | { kind: 'agent'; agent: Agent; name: string; source: string };

/** The shipped model's id as a path, as the source sentence shows it. */
export const shippedModelPath = (modelId: string): string => `models/${modelId}/`;

/**
 * The source for `envId` with `options`, given what `models/<id>/` holds for the id `registeredIdOf`
 * gives (the env's own, or another name for its game and options): the metadata of the model
 * shipped there, or null when none is, or none could be loaded (`lost` says why).
 */
export function chooseHintSource(
  envId: string,
  options: Record<string, unknown>,
  shipped: ShippedModelInfo | null,
  lost?: string,
): HintSourceChoice {
  checkShippedInfo(shipped, 'chooseHintSource takes as its third argument');
  if (lost !== undefined && typeof lost !== 'string')
    throw new TengymError(
      'bad-argument',
      `chooseHintSource takes as its fourth argument why no model could be loaded, a string (or nothing), got ` +
        `${showValue(lost)}`,
    );
  const env = envConfig(envId, options);
  const resolved = env.options;
  // The id the game is measured and shipped under: `decade` with `{ fives: true }` is `decade-fives`.
  const modelId = registeredIdOf(env);
  const path = shippedModelPath(modelId);
  // The ids whose shipped model measured level with the strongest fair search (docs/hints.md).
  const first = kitOf(env.game).modelFirst;
  const modelFirst = first === true || (Array.isArray(first) && first.includes(modelId));
  const fits = shipped !== null && whyOtherGame(shipped.env, shipped.options, env) === null;
  if (modelFirst && fits) {
    return { kind: 'model', modelId, source: `model ${path} (shipped)` };
  }
  const baseline = hintBaseline(env.id, resolved);
  let why: string | null;
  if (hasSameOutcome(env)) why = null;
  else if (!modelFirst)
    why = fits ? (baseline.overModel ?? `it measured stronger than the trained model in ${path}`) : null;
  else if (lost !== undefined) why = `the trained model could not be loaded: ${lost}`;
  else
    why = shipped ? `the model shipped in ${path} was trained for other options` : `no model is shipped for ${modelId}`;
  const source = why === null ? baseline.source : `${baseline.name} (${baseline.role}; ${why})`;
  return { kind: 'agent', agent: baseline.agent, name: baseline.name, source };
}

/** Throws unless `shipped` is a model's { env, options } or null; `what` starts the message. */
function checkShippedInfo(shipped: unknown, what: string): asserts shipped is ShippedModelInfo | null {
  if (shipped === null) return;
  const info = shipped as Partial<ShippedModelInfo> | undefined;
  if (typeof info !== 'object' || typeof info.env !== 'string' || !isPlainObject(info.options)) {
    throw new TengymError(
      'bad-argument',
      `${what} what models/<env id>/ holds: its model's metadata { env, options } (ShippedModelInfo), or null ` +
        `when no model is shipped there; got ${showValue(shipped)}`,
    );
  }
}

/** What `hinterForEnv` returns: a hinter whose source is loaded, and that source in words. */
export interface LoadedHinter {
  hinter: Hinter;
  /**
   * "model models/four-ten/ (shipped)", "pimc (a search that plays out many guesses of the unseen cards; it measured
   * stronger than the trained model in models/decade/)".
   */
  source: string;
  /** Whether a trained model ranks the moves. */
  fromModel: boolean;
}

/** Where the shipped models are: their metadata (null when none is shipped for an id) and a loader. */
export interface ShippedModels {
  /** The metadata of the model shipped for `envId`, or null when none is. */
  info(envId: string): Promise<ShippedModelInfo | null> | ShippedModelInfo | null;
  /**
   * The model's agent; not needed where `info` gives null (a search then answers), as in the fallback after a failed
   * load: `{ info: () => null, lost }`.
   */
  load?(modelId: string): Promise<Agent>;
  /**
   * Why no model can be loaded (the list or the files failed), read after `info`: said in the source in place of "no
   * model is shipped".
   */
  lost?: string;
}

/** The hinter `chooseHintSource` picks for the env, its model loaded through `models`. */
export async function hinterForEnv(
  envId: string,
  options: Record<string, unknown>,
  models: ShippedModels,
  config: Omit<HinterConfig, 'model' | 'agent' | 'source'> = {},
): Promise<LoadedHinter> {
  const env = envConfig(envId, options);
  const id = registeredIdOf(env);
  const m = models as Partial<ShippedModels> | null | undefined;
  if (
    m === null ||
    typeof m !== 'object' ||
    typeof m.info !== 'function' ||
    (m.load !== undefined && typeof m.load !== 'function')
  ) {
    throw new TengymError(
      'bad-argument',
      `hinterForEnv takes as its third argument the shipped models, { info(envId), load?(modelId), lost? } ` +
        `(ShippedModels: info gives a model's { env, options } or null, load its agent, needed where info gives ` +
        `a model), got ${showValue(models)}`,
    );
  }
  const shipped = await models.info(id);
  checkShippedInfo(shipped, `hinterForEnv: models.info("${id}") must give`);
  // `lost` after `info`: the list failing is a reason too.
  const choice = chooseHintSource(env.id, env.options, shipped, models.lost);
  if (choice.kind === 'model') {
    if (models.load === undefined) {
      throw new TengymError(
        'bad-argument',
        `hinterForEnv: models.info("${id}") gives a shipped model, which gives the hints here, and the ` +
          `shipped models have no load(modelId) to load it; give load, or info: () => null for hints from a ` +
          `search`,
      );
    }
    const model = await models.load(choice.modelId);
    return {
      hinter: createHinter({ ...config, model, source: choice.source }),
      source: choice.source,
      fromModel: true,
    };
  }
  return {
    hinter: createHinter({ ...config, agent: choice.agent, source: choice.source }),
    source: choice.source,
    fromModel: false,
  };
}

/**
 * What a model folder's files must be before any weight is read (browser-safe; the Node loader,
 * model-files.ts, and the page's loader, web/model-loader.ts, both use it). Models are files
 * people download and share, so `model.json` is read as untrusted input: every weights path a
 * plain relative path inside the folder, each file listed once, float32 weights only, and a
 * total size within `MAX_WEIGHT_BYTES` that the files must hold exactly, and a layer graph of the
 * kind tengym writes (`checkTopology`). The weights are then checked to be finite.
 */
import type * as tf from './tf.js';
import * as z from 'zod';
import { TengymError, formatZodError } from '../../env/errors.js';

/** The largest model.json read (the shipped ones hold well under 100 kB). */
export const MAX_MODEL_JSON_BYTES = 16 * 1024 * 1024;
/** The largest total of weights a model may describe (the shipped ones hold under 2 MB). */
export const MAX_WEIGHT_BYTES = 256 * 1024 * 1024;

const weightSpecSchema = z.object({
  name: z.string().min(1),
  shape: z.array(z.int().min(0).max(MAX_WEIGHT_BYTES)).max(8),
  // tengym saves float32 weights, unquantized: anything else is not a tengym model's.
  dtype: z.literal('float32'),
  quantization: z.undefined({ error: 'quantized weights are not supported' }).optional(),
});

const modelJsonSchema = z.object({
  modelTopology: z.record(z.string(), z.unknown()),
  weightsManifest: z
    .array(z.object({ paths: z.array(z.string()).max(1024), weights: z.array(weightSpecSchema) }))
    .max(1024),
  format: z.string().optional(),
  generatedBy: z.string().optional(),
  convertedBy: z.string().nullable().optional(),
  trainingConfig: z.unknown().optional(),
  signature: z.unknown().optional(),
  userDefinedMetadata: z.record(z.string(), z.unknown()).optional(),
});

/** A model.json that passed `checkModelJson`, with what its manifest lists. */
export interface CheckedModelJson {
  modelJSON: tf.io.ModelJSON;
  /** The weight files in order, each a plain relative path inside the folder, each once. */
  paths: string[];
  specs: tf.io.WeightsManifestEntry[];
  /** The bytes the weights take, which the files must hold exactly. */
  bytes: number;
}

/** The most layers a model may have (tengym's have a trunk of a few and two heads). */
export const MAX_LAYERS = 64;

/** A reference to a layer's output in tfjs's layers format: [layer name, node index, tensor index, kwargs?]. */
const tensorRef = z.tuple([z.string(), z.int(), z.int()]).rest(z.unknown());

const topologySchema = z.object({
  class_name: z.literal(['Model', 'Functional']),
  config: z.object({
    layers: z
      .array(
        z.object({
          name: z.string().min(1),
          class_name: z.string(),
          config: z.record(z.string(), z.unknown()),
          inbound_nodes: z.array(z.array(tensorRef)),
        }),
      )
      .min(1)
      .max(MAX_LAYERS),
    input_layers: z.array(tensorRef).min(1),
    output_layers: z.array(tensorRef).min(1),
  }),
});

/**
 * Throws unless the layer graph is one tengym writes (network.ts): an input layer, then dense
 * layers each applied once to one layer listed before it, the outputs among them. TensorFlow.js
 * builds any graph it is given, and one whose layer takes a missing layer, itself, or a node it
 * does not have, it waits on for ever (a page's tab, a training run's resume, spinning).
 */
function checkTopology(topology: unknown, where: string): void {
  const refuse = (why: string): never => {
    throw new TengymError(
      'bad-argument',
      `${where}: model.json's layers are not a tengym network (an input layer, then dense layers each taking ` +
        `one layer before it): ${why}`,
    );
  };
  const parsed = topologySchema.safeParse(topology);
  if (!parsed.success) refuse(formatZodError(parsed.error));
  const { layers, input_layers: inputs, output_layers: outputs } = parsed.data!.config;
  const seen = new Set<string>();
  for (const layer of layers) {
    if (seen.has(layer.name)) refuse(`two layers are named ${JSON.stringify(layer.name)}`);
    if (layer.class_name === 'InputLayer') {
      if (layer.inbound_nodes.length !== 0) refuse(`input layer ${JSON.stringify(layer.name)} takes an input`);
    } else if (layer.class_name === 'Dense') {
      const units = layer.config.units;
      if (!Number.isInteger(units) || (units as number) < 1 || (units as number) > MAX_WEIGHT_BYTES / 4)
        refuse(`layer ${JSON.stringify(layer.name)} has ${JSON.stringify(units)} units`);
      const nodes = layer.inbound_nodes;
      if (nodes.length !== 1 || nodes[0].length !== 1)
        refuse(`layer ${JSON.stringify(layer.name)} does not take exactly one input once`);
      const [from, node, tensor] = nodes[0][0];
      if (!seen.has(from) || node !== 0 || tensor !== 0)
        refuse(
          `layer ${JSON.stringify(layer.name)} takes ${JSON.stringify([from, node, tensor])}, not the output ` +
            `of a layer listed before it`,
        );
    } else {
      refuse(`layer ${JSON.stringify(layer.name)} is a ${JSON.stringify(layer.class_name)}`);
    }
    seen.add(layer.name);
  }
  const isInput = (name: string): boolean => layers.some((l) => l.name === name && l.class_name === 'InputLayer');
  for (const [name, node, tensor] of inputs)
    if (!isInput(name) || node !== 0 || tensor !== 0)
      refuse(`its inputs name ${JSON.stringify([name, node, tensor])}, not an input layer`);
  for (const [name, node, tensor] of outputs)
    if (!seen.has(name) || node !== 0 || tensor !== 0)
      refuse(`its outputs name ${JSON.stringify([name, node, tensor])}, not a layer's output`);
}

/**
 * Why a weights path could name a file outside the model's folder (or be no file name at all), or null when it is a
 * plain relative path.
 */
function pathProblem(path: string): string | null {
  if (path.length === 0 || path.length > 255) return 'not a file name';
  if (path.startsWith('/') || path.includes('\\') || path.includes(':') || path.includes('\0'))
    return 'outside its folder';
  if (/[?#%]/.test(path)) return 'not a plain file path';
  if (path.split('/').some((part) => part === '' || part === '.' || part === '..')) return 'outside its folder';
  return null;
}

/** model.json's text, checked; `where` names the model in messages ("model runs/x"). */
export function checkModelJson(text: string, where: string): CheckedModelJson {
  if (text.length > MAX_MODEL_JSON_BYTES)
    throw new TengymError(
      'bad-argument',
      `${where}: model.json holds more than ${MAX_MODEL_JSON_BYTES} bytes, the bound for a model`,
    );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    // A web server's page where the file is not (a 404 page, a single-page app's fallback route) is HTML.
    const html = /^\s*</.test(text)
      ? ' (it is an HTML page: the server has no model.json at that address, and answered with a page; check the URL)'
      : '';
    throw new TengymError('bad-argument', `${where}: model.json is not valid JSON${html}: ${(e as Error).message}`);
  }
  const parsed = modelJsonSchema.safeParse(json);
  if (!parsed.success)
    throw new TengymError(
      'bad-argument',
      `${where}: model.json is not a TensorFlow.js layers model of float32 weights: ${formatZodError(parsed.error)}`,
    );
  checkTopology(parsed.data.modelTopology, where);
  const paths: string[] = [];
  const specs: tf.io.WeightsManifestEntry[] = [];
  for (const group of parsed.data.weightsManifest) {
    for (const path of group.paths) {
      const problem = pathProblem(path);
      if (problem)
        throw new TengymError(
          'bad-argument',
          `${where}: model.json lists a weights path ${problem}: ${JSON.stringify(path)} (weights must be ` +
            `files inside the model's folder)`,
        );
      if (paths.includes(path))
        throw new TengymError(
          'bad-argument',
          `${where}: model.json lists the weights file ${JSON.stringify(path)} more than once`,
        );
      paths.push(path);
    }
    specs.push(...(group.weights as tf.io.WeightsManifestEntry[]));
  }
  let bytes = 0;
  for (const spec of specs) {
    bytes += spec.shape.reduce((a, b) => a * b, 1) * 4;
    if (bytes > MAX_WEIGHT_BYTES)
      throw new TengymError(
        'bad-argument',
        `${where}: model.json describes more than ${MAX_WEIGHT_BYTES} bytes of weights, the bound for a model`,
      );
  }
  return { modelJSON: parsed.data as unknown as tf.io.ModelJSON, paths, specs, bytes };
}

/** Throws unless the files' sizes add up to what the manifest describes. */
export function checkWeightSizes(checked: CheckedModelJson, sizes: readonly number[], where: string): void {
  const got = sizes.reduce((a, b) => a + b, 0);
  if (got === checked.bytes) return;
  const what =
    got < checked.bytes
      ? `${checked.bytes - got} bytes short: ${checked.paths.length === 1 ? 'the' : 'a'} file is truncated`
      : `${got - checked.bytes} bytes too long: not the weights model.json describes`;
  throw new TengymError(
    'bad-argument',
    `${where}: ${checked.paths.join(' + ')} hold${checked.paths.length === 1 ? 's' : ''} ${got} bytes, ` +
      `model.json describes ${checked.bytes} (${what})`,
  );
}

/** Throws unless every weight is a finite number (NaN or infinite weights would play garbage). */
export function checkWeightsFinite(checked: CheckedModelJson, data: ArrayBuffer, where: string): void {
  const values = new Float32Array(data, 0, checked.bytes / 4);
  let at = 0;
  for (const spec of checked.specs) {
    const n = spec.shape.reduce((a, b) => a * b, 1);
    for (let i = at; i < at + n; i++) {
      if (!Number.isFinite(values[i]))
        throw new TengymError(
          'bad-argument',
          `${where}: weight ${spec.name} holds ${values[i]} at index ${i - at}: weights must be finite numbers`,
        );
    }
    at += n;
  }
}

/** The artifacts tfjs loads from, for a checked model.json and its weights. */
export function modelArtifacts(checked: CheckedModelJson, data: ArrayBuffer): tf.io.ModelArtifacts {
  const m = checked.modelJSON;
  return {
    modelTopology: m.modelTopology,
    weightSpecs: checked.specs,
    weightData: data,
    format: m.format,
    generatedBy: m.generatedBy,
    convertedBy: m.convertedBy,
    ...(m.trainingConfig == null ? {} : { trainingConfig: m.trainingConfig }),
    ...(m.signature == null ? {} : { signature: m.signature }),
    ...(m.userDefinedMetadata == null ? {} : { userDefinedMetadata: m.userDefinedMetadata }),
  };
}

/**
 * tfjs's own errors while it builds the network, as a TengymError naming the model: where the
 * topology and the weights disagree ("Shape mismatch") that is what the message says; anything
 * else (an unknown layer, a runtime TensorFlow.js cannot run on) keeps its own words, so it does
 * not send the reader to check the model's files. TengymErrors pass through.
 */
export function modelLoadError(e: unknown, where: string): TengymError {
  if (e instanceof TengymError) return e;
  const message = e instanceof Error ? e.message : String(e);
  const why = /shape/i.test(message)
    ? 'its layers and weights do not fit together'
    : 'TensorFlow.js could not build its network';
  return new TengymError('bad-argument', `${where}: ${why}: ${message}`);
}

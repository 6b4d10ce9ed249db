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
import { TengymError, formatZodError, showValue } from '../../env/errors.js';

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

/** The most weights a model may list: a kernel and a bias for each of its layers. */
export const MAX_WEIGHTS = 128;

const modelJsonSchema = z.object({
  modelTopology: z.record(z.string(), z.unknown()),
  weightsManifest: z
    .array(z.object({ paths: z.array(z.string()).max(1024), weights: z.array(weightSpecSchema).max(MAX_WEIGHTS) }))
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
  /**
   * The widths its network reads and outputs (its input layers' and output layers', each a batch of rows [null, n]),
   * from model.json alone: what `checkModelJsonFits` (from-model.ts) compares with what the agent needs, before
   * TensorFlow.js builds anything.
   */
  widths: { inputs: number[]; outputs: number[] };
}

/** The most layers a model may have (tengym's have a trunk of a few and two heads). */
export const MAX_LAYERS = 64;

/** The deepest nesting of model.json's values (tengym's nest 9 deep). */
export const MAX_JSON_DEPTH = 64;

/**
 * The depth of a JSON value's nesting, counted without recursion (a model.json nested 100,000 deep would overflow
 * the stack of any recursive reader: TensorFlow.js's, the metadata's checks), up to `bound + 1`.
 */
function nestingDepth(value: unknown, bound: number): number {
  let deepest = 0;
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [v, depth] = pending.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > deepest) deepest = depth + 1;
    if (deepest > bound) return deepest;
    for (const child of Object.values(v))
      if (child !== null && typeof child === 'object') pending.push([child, depth + 1]);
  }
  return deepest;
}

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

type Topology = z.infer<typeof topologySchema>;

/** The activations TensorFlow.js 4's layers know (`ActivationIdentifier`); tengym's networks use relu and linear. */
const ACTIVATIONS: readonly string[] = [
  'elu',
  'hardSigmoid',
  'linear',
  'relu',
  'relu6',
  'selu',
  'sigmoid',
  'softmax',
  'softplus',
  'softsign',
  'tanh',
  'swish',
  'mish',
  'gelu',
  'gelu_new',
];

/** The widest layer or input a model may have (its weights bound it below this). */
const MAX_WIDTH = MAX_WEIGHT_BYTES / 4;

/**
 * Throws unless the layer graph is one tengym writes (network.ts): an input layer of rows of a stated width, then
 * dense layers each applied once to one layer listed before it, the outputs among them. TensorFlow.js
 * builds any graph it is given, and one whose layer takes a missing layer, itself, or a node it does
 * not have, it waits on for ever (a page's tab, a training run's resume, spinning). Returns each layer's width.
 */
function checkTopology(topology: unknown, where: string): { topology: Topology; widths: Map<string, number> } {
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
  const widths = new Map<string, number>();
  for (const layer of layers) {
    if (widths.has(layer.name)) refuse(`two layers are named ${JSON.stringify(layer.name)}`);
    if (layer.class_name === 'InputLayer') {
      if (layer.inbound_nodes.length !== 0) refuse(`input layer ${JSON.stringify(layer.name)} takes an input`);
      const shape = layer.config.batch_input_shape;
      const width = Array.isArray(shape) && shape.length === 2 && shape[0] === null ? shape[1] : undefined;
      if (!Number.isInteger(width) || (width as number) < 1 || (width as number) > MAX_WIDTH)
        refuse(
          `input layer ${JSON.stringify(layer.name)} has batch_input_shape ${JSON.stringify(shape) ?? 'undefined'}, ` +
            `not [null, n] with n from 1 to ${MAX_WIDTH}`,
        );
      widths.set(layer.name, width as number);
    } else if (layer.class_name === 'Dense') {
      const units = layer.config.units;
      if (!Number.isInteger(units) || (units as number) < 1 || (units as number) > MAX_WIDTH)
        refuse(`layer ${JSON.stringify(layer.name)} has ${JSON.stringify(units)} units`);
      const activation = layer.config.activation;
      // Keras writes snake case ("hard_sigmoid"), which TensorFlow.js reads as camel case.
      const camel = typeof activation === 'string' ? activation.replace(/_([a-z])/g, (_, c) => c.toUpperCase()) : '';
      if (activation !== undefined && !ACTIVATIONS.includes(activation as string) && !ACTIVATIONS.includes(camel))
        refuse(
          `layer ${JSON.stringify(layer.name)} has activation ${showValue(activation)}; TensorFlow.js knows ` +
            `${ACTIVATIONS.join(', ')}`,
        );
      const nodes = layer.inbound_nodes;
      if (nodes.length !== 1 || nodes[0].length !== 1)
        refuse(`layer ${JSON.stringify(layer.name)} does not take exactly one input once`);
      const [from, node, tensor] = nodes[0][0];
      if (!widths.has(from) || node !== 0 || tensor !== 0)
        refuse(
          `layer ${JSON.stringify(layer.name)} takes ${JSON.stringify([from, node, tensor])}, not the output ` +
            `of a layer listed before it`,
        );
      widths.set(layer.name, units as number);
    } else {
      refuse(`layer ${JSON.stringify(layer.name)} is a ${JSON.stringify(layer.class_name)}`);
    }
  }
  const isInput = (name: string): boolean => layers.some((l) => l.name === name && l.class_name === 'InputLayer');
  for (const [name, node, tensor] of inputs)
    if (!isInput(name) || node !== 0 || tensor !== 0)
      refuse(`its inputs name ${JSON.stringify([name, node, tensor])}, not an input layer`);
  for (const [name, node, tensor] of outputs)
    if (!widths.has(name) || node !== 0 || tensor !== 0)
      refuse(`its outputs name ${JSON.stringify([name, node, tensor])}, not a layer's output`);
  return { topology: parsed.data!, widths };
}

/**
 * Throws unless the manifest lists exactly the weights the layers have, each of the shape they need (a dense layer's
 * kernel [its input's width, units] and bias [units]), by name, as TensorFlow.js loads them: checked before
 * TensorFlow.js builds the layers, which allocates every kernel at the shape the topology says (a tampered input
 * shape of [null, 4000000] took 4 GB and 20 s before TensorFlow.js's own "Shape mismatch").
 */
function checkWeightShapes(
  topology: Topology,
  widths: Map<string, number>,
  specs: readonly tf.io.WeightsManifestEntry[],
  where: string,
): void {
  const given = new Map<string, readonly number[]>();
  for (const spec of specs) {
    if (given.has(spec.name))
      throw new TengymError('bad-argument', `${where}: model.json's manifest lists the weight ${spec.name} twice`);
    given.set(spec.name, spec.shape);
  }
  const shown = (shape: readonly number[]) => JSON.stringify(shape);
  for (const layer of topology.config.layers) {
    if (layer.class_name !== 'Dense') continue;
    const inputs = widths.get(layer.inbound_nodes[0][0][0])!;
    const units = layer.config.units as number;
    const needed: [string, number[]][] = [[`${layer.name}/kernel`, [inputs, units]]];
    if (layer.config.use_bias !== false) needed.push([`${layer.name}/bias`, [units]]);
    for (const [name, shape] of needed) {
      const got = given.get(name);
      if (got === undefined || shown(got) !== shown(shape))
        throw new TengymError(
          'bad-argument',
          `${where}: its layers and weights do not fit together: layer ${JSON.stringify(layer.name)} reads ` +
            `${inputs} values into ${units} units, so its weight ${name} is ${shown(shape)}; model.json's manifest ` +
            (got === undefined ? 'has no such weight' : `gives ${shown(got)}`),
        );
      given.delete(name);
    }
  }
  for (const name of given.keys())
    throw new TengymError(
      'bad-argument',
      `${where}: its layers and weights do not fit together: model.json's manifest lists a weight ${name} that ` +
        `no layer has`,
    );
}

/**
 * Why a weights path could name a file outside the model's folder (or be no file name at all), or null when it is a
 * plain relative path.
 */
function pathProblem(path: string): string | null {
  if (path.length === 0 || path.length > 255) return 'not a file name';
  if (path.startsWith('/') || path.includes('\\') || path.includes(':') || path.includes('\0'))
    return 'outside its folder';
  // A URL parser drops tabs and newlines (".\t./x" is "../x" to it): no control character, in any file name.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters refused
  if (/[?#%\u0000-\u001f\u007f-\u009f]/.test(path)) return 'not a plain file path';
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
  if (nestingDepth(json, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    throw new TengymError(
      'bad-argument',
      `${where}: model.json nests its values more than ${MAX_JSON_DEPTH} deep (a model's nest under 10)`,
    );
  const parsed = modelJsonSchema.safeParse(json);
  if (!parsed.success)
    throw new TengymError(
      'bad-argument',
      `${where}: model.json is not a TensorFlow.js layers model of float32 weights: ${formatZodError(parsed.error)}`,
    );
  const { topology, widths } = checkTopology(parsed.data.modelTopology, where);
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
    for (const spec of group.weights) specs.push(spec as tf.io.WeightsManifestEntry);
  }
  if (specs.length > MAX_WEIGHTS)
    throw new TengymError(
      'bad-argument',
      `${where}: model.json lists ${specs.length} weights, more than the ${MAX_WEIGHTS} a model's ${MAX_LAYERS} ` +
        `layers may have`,
    );
  let bytes = 0;
  for (const spec of specs) {
    bytes += spec.shape.reduce((a, b) => a * b, 1) * 4;
    if (bytes > MAX_WEIGHT_BYTES)
      throw new TengymError(
        'bad-argument',
        `${where}: model.json describes more than ${MAX_WEIGHT_BYTES} bytes of weights, the bound for a model`,
      );
  }
  checkWeightShapes(topology, widths, specs, where);
  const { input_layers: inputs, output_layers: outputs } = topology.config;
  return {
    modelJSON: parsed.data as unknown as tf.io.ModelJSON,
    paths,
    specs,
    bytes,
    widths: { inputs: inputs.map(([name]) => widths.get(name)!), outputs: outputs.map(([name]) => widths.get(name)!) },
  };
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

/**
 * The artifacts tfjs loads from, for a checked model.json and its weights. A `trainingConfig` (how Keras compiles a
 * network to train it) is not passed on: tengym plays the network and trains it with its own optimizer, and
 * TensorFlow.js would compile whatever the file holds (a tampered one failed as "Cannot convert undefined or null to
 * object").
 */
export function modelArtifacts(checked: CheckedModelJson, data: ArrayBuffer): tf.io.ModelArtifacts {
  const m = checked.modelJSON;
  return {
    modelTopology: m.modelTopology,
    weightSpecs: checked.specs,
    weightData: data,
    format: m.format,
    generatedBy: m.generatedBy,
    convertedBy: m.convertedBy,
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
  // TensorFlow.js's first sentence: what follows is its advice on Python and registerClass, not tengym's.
  const message = (e instanceof Error ? e.message : String(e)).split(/\n| This may be due to /)[0].trim();
  const why = /shape/i.test(message)
    ? 'its layers and weights do not fit together'
    : 'TensorFlow.js could not build its network';
  return new TengymError('bad-argument', `${where}: ${why}: ${message}`);
}

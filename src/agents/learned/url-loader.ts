/**
 * Loads a tengym model from a URL (browser-safe: the page's loader, web/model-loader.ts): the
 * same checks as the Node loader (model-check.ts) before any weight is fetched, weights fetched
 * only from inside the model's folder, each once, and only as many bytes as the manifest
 * describes; then the network and metadata checked against the env (`checkModelFits`).
 */
import * as tf from './tf.js';
import { TengymError, describeKind, showValue } from '../../env/errors.js';
import { agentFromModel, checkModelJsonFits, type TrainedAgent } from './from-model.js';
import { utf8Decode } from './tf-platform.js';
import {
  MAX_MODEL_JSON_BYTES,
  checkModelJson,
  checkWeightSizes,
  checkWeightsFinite,
  modelArtifacts,
  modelLoadError,
} from './model-check.js';

/** The part of a response's body stream the loader reads (a `ReadableStream<Uint8Array>`'s). */
export interface BodyStream {
  getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(reason?: unknown): Promise<void> };
}

/**
 * What the loader needs of `fetch` (a test passes its own). With a `body` stream (browsers, Node), the bytes are
 * counted as they arrive and the read stops at the file's bound; without one (React Native's fetch), the body is
 * read by `arrayBuffer()`, bounded only by a declared `content-length`.
 */
export type FetchLike = (url: string) => Promise<{
  ok: boolean;
  status: number;
  headers: {
    /** A response header, or null. */
    get(name: string): string | null;
  };
  /** The response's body as a stream, read within its bound as it arrives (where the fetch gives one). */
  body?: BodyStream | null;
  /** The response's whole body. */
  arrayBuffer(): Promise<ArrayBuffer>;
}>;

/**
 * A body's bytes, read from its stream until it ends, or refused as soon as it passes `bound`: a server that sends
 * no length (chunked) and never ends is read no further than the bound, and the rest is cancelled.
 */
async function readBounded(
  body: BodyStream,
  bound: number,
  tooBig: (bytes: string) => TengymError,
): Promise<ArrayBuffer> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!(value instanceof Uint8Array)) continue;
    total += value.byteLength;
    if (total > bound) {
      // Not awaited: a server that keeps sending must not hold the refusal.
      reader.cancel().catch(() => {});
      throw tooBig(`more than ${bound} bytes`);
    }
    chunks.push(value);
  }
  const data = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    data.set(chunk, at);
    at += chunk.byteLength;
  }
  return data.buffer;
}

async function fetchBytes(
  fetchFn: FetchLike,
  url: string,
  name: string,
  bound: number,
  where: string,
): Promise<ArrayBuffer> {
  let response: Awaited<ReturnType<FetchLike>>;
  try {
    response = await fetchFn(url);
  } catch (e) {
    throw new TengymError('bad-argument', `${where}: cannot fetch ${name} from ${url} (${(e as Error).message})`);
  }
  if (
    response === null ||
    typeof response !== 'object' ||
    typeof response.arrayBuffer !== 'function' ||
    typeof response.headers?.get !== 'function'
  ) {
    throw new TengymError(
      'bad-argument',
      `${where}: fetch gave ${describeKind(response)} for ${name}, not a response { ok, status, headers, ` +
        `arrayBuffer() }`,
    );
  }
  // Where the URL is wrong or the folder not served, the server's answer says so: named with the
  // URL, since the fix is in the URL or in what the server serves there.
  const serve = "serve the model's folder (model.json, its weights beside it) at the URL given to loadModelFromUrl";
  if (!response.ok)
    throw new TengymError(
      'bad-argument',
      `${where}: ${name} is ${response.status === 404 ? 'missing' : 'unavailable'} (HTTP ${response.status} ` +
        `from ${url}); ${serve}`,
    );
  // A server that answers every unknown path with a page (a single-page app's fallback, Vite's
  // dev server) gives its HTML with status 200.
  if (/^\s*text\/html\b/i.test(response.headers.get('content-type') ?? '')) {
    throw new TengymError(
      'bad-argument',
      `${where}: ${name} is missing: ${url} answered with an HTML page, not the file (a server sends one for ` +
        `a path it has no file at); ${serve}`,
    );
  }
  const tooBig = (bytes: string) =>
    new TengymError('bad-argument', `${where}: ${name} holds ${bytes}, more than the ${bound} it may`);
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  if (length > bound) throw tooBig(`${length} bytes`);
  const body = response.body;
  if (body != null && typeof body.getReader === 'function') {
    try {
      return await readBounded(body, bound, tooBig);
    } catch (e) {
      if (e instanceof TengymError) throw e;
      throw new TengymError('bad-argument', `${where}: cannot fetch ${name} from ${url} (${(e as Error).message})`);
    }
  }
  const data = await response.arrayBuffer();
  if (data.byteLength > bound) throw tooBig(`${data.byteLength} bytes`);
  return data;
}

/** A URL that names its scheme ("https://…"): absolute, nothing to resolve. */
const WITH_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * `modelUrl` as an absolute URL: a relative one ("/models/decade/model.json") resolved against
 * the page's address, where there is a page; elsewhere there is nothing to resolve it against.
 * An absolute one is taken as given, not through `URL`: React Native's own `URL` (without a
 * polyfill) is no parser, and adds a "/" after model.json.
 */
function absoluteUrl(modelUrl: string, where: string): string {
  if (WITH_SCHEME.test(modelUrl)) return modelUrl;
  const page = (globalThis as { location?: { href?: unknown } }).location?.href;
  if (typeof page !== 'string') {
    throw new TengymError(
      'bad-argument',
      `${where}: "${modelUrl}" is not an absolute URL, and outside a page there is no address to resolve it against; pass an absolute URL such as https://example.com/models/decade/model.json`,
    );
  }
  try {
    return new URL(modelUrl, page).href;
  } catch {
    throw new TengymError('bad-argument', `${where}: "${modelUrl}" is not a URL`);
  }
}

/**
 * The URL of a weights file beside model.json. `path` is a plain relative path inside the
 * model's folder (checkModelJson refuses any other), so it goes after the folder's URL, as
 * `new URL(path, modelUrl)` would put it, without React Native's `URL`.
 */
function besideModel(modelUrl: string, path: string): string {
  const file = modelUrl.replace(/[?#][\s\S]*$/, '');
  return file.slice(0, file.lastIndexOf('/') + 1) + path;
}

/** Whether `URL` parses as browsers and Node do (WHATWG's); React Native's own only joins strings. */
function parsesUrls(): boolean {
  try {
    return new URL('a/../b', 'http://h/x/').href === 'http://h/x/b';
  } catch {
    return false;
  }
}

/**
 * Whether `fileUrl`, as the URL parser that `fetch` uses reads it, is inside the folder of `modelUrl`: a second check
 * after the path's own (model-check.ts), since the parser strips tabs and newlines and then resolves the dot segments
 * they hid (".\t./secret.bin" is "../secret.bin" to it). Where `URL` is no parser, the path's check is the check.
 */
function insideFolder(modelUrl: string, fileUrl: string): boolean {
  if (!parsesUrls()) return true;
  try {
    return new URL(fileUrl).href.startsWith(new URL('./', modelUrl).href);
  } catch {
    return false;
  }
}

/** model.json's bytes as text (UTF-8, without TextDecoder where the engine has none: tf-platform.ts). */
function utf8Text(data: ArrayBuffer, where: string): string {
  try {
    return utf8Decode(new Uint8Array(data));
  } catch {
    throw new TengymError('bad-argument', `${where}: model.json is not UTF-8 text`);
  }
}

/**
 * TensorFlow.js's plain-JavaScript backend greets a Node process at its first tensor ("Hi, looks like you are running
 * TensorFlow.js in Node.js…", a banner on stderr about a package tengym does not need): that first tensor is made here,
 * with TensorFlow.js's messages off (its PROD flag) for that one tensor only.
 */
function withoutGreeting(): void {
  if (!tf.env().getBool('IS_NODE')) return;
  // No backend yet (undefined): the model's first tensor would set one up, the cpu backend in Node.
  const backend = tf.getBackend() as string | undefined;
  if (backend !== undefined && backend !== 'cpu') return;
  const prod = tf.env().getBool('PROD');
  tf.env().set('PROD', true);
  try {
    tf.tensor1d([0]).dispose();
  } finally {
    tf.env().set('PROD', prod);
  }
}

/**
 * The model whose model.json is at `modelUrl` (its weights beside it), checked before it plays.
 * `name` is the agent's name (hints give it as their source, errors quote it), checked against
 * nothing: the env the model plays is its metadata's, and a hint of another env is refused.
 */
export async function loadModelFromUrl(
  modelUrl: string,
  name: string,
  fetchFn: FetchLike = (url) => fetch(url),
): Promise<TrainedAgent> {
  if (typeof name !== 'string')
    throw new TengymError(
      'bad-argument',
      `loadModelFromUrl takes the model's name (for messages) as a string, got ${showValue(name)}`,
    );
  const where = `model "${name}"`;
  if (typeof modelUrl !== 'string')
    throw new TengymError(
      'bad-argument',
      `${where}: loadModelFromUrl takes the URL of model.json as a string, got ${showValue(modelUrl)}`,
    );
  if (typeof fetchFn !== 'function')
    throw new TengymError(
      'bad-argument',
      `${where}: loadModelFromUrl takes a fetch function (url) => ` +
        `Promise<Response> or nothing, got ${describeKind(fetchFn)}`,
    );
  modelUrl = absoluteUrl(modelUrl, where);
  const text = utf8Text(await fetchBytes(fetchFn, modelUrl, 'model.json', MAX_MODEL_JSON_BYTES, where), where);
  const checked = checkModelJson(text, where);
  // What the agent needs of the network (its metadata's env, sizes and features), before any weight is fetched.
  checkModelJsonFits(checked, where);
  const data = new Uint8Array(checked.bytes);
  let at = 0;
  for (const path of checked.paths) {
    // A file may hold at most what the manifest leaves for it; the total is checked below.
    const url = besideModel(modelUrl, path);
    if (!insideFolder(modelUrl, url))
      throw new TengymError(
        'bad-argument',
        `${where}: model.json lists a weights path outside its folder: ${JSON.stringify(path)} is ${url} (weights ` +
          `must be files inside the model's folder)`,
      );
    const buf = await fetchBytes(fetchFn, url, path, checked.bytes - at, where);
    data.set(new Uint8Array(buf), at);
    at += buf.byteLength;
  }
  checkWeightSizes(checked, [at], where);
  checkWeightsFinite(checked, data.buffer, where);
  let model: tf.LayersModel;
  try {
    withoutGreeting();
    model = await tf.loadLayersModel(tf.io.fromMemory(modelArtifacts(checked, data.buffer)));
  } catch (e) {
    throw modelLoadError(e, where);
  }
  try {
    return agentFromModel(model, name);
  } catch (e) {
    model.dispose();
    throw e;
  }
}

/**
 * The TensorFlow.js backend for a model in a web page, chosen by the model's size. tengym's
 * networks are small multilayer perceptrons asked for a few dozen positions at a time: there
 * WebAssembly is fastest, plain JavaScript (`cpu`) next, and WebGL slowest, losing most of a
 * hint's time to uploading the inputs and reading the values back (measured in Chromium for
 * every shipped model, 0.13–0.24 million weights: docs/play-page.md, "Figures"). Browser-safe;
 * `tengym/models` exports it.
 */
// Registers 'webgl' in a browser (not in Node or React Native, where it has no WebGL to use).
import '@tensorflow/tfjs-backend-webgl';
import * as tf from './tf.js';
import { TengymError, isPlainObject, showValue } from '../../env/errors.js';

/** A TensorFlow.js backend a page can run a model on. */
export type BrowserBackend = 'wasm' | 'webgl' | 'cpu';

const BACKENDS: BrowserBackend[] = ['wasm', 'webgl', 'cpu'];

/**
 * Weights from which WebGL is tried first: four times the largest model measured. Above the
 * measured range a GPU's matrix products should outweigh the round trip; that crossover could
 * not be measured on a machine without a GPU, so this is where measuring should start.
 */
export const WEBGL_FROM_WEIGHTS = 1_000_000;

/** The backends to try, best first, for a model with `weights` weights. */
export function backendsFor(weights: number): BrowserBackend[] {
  return weights >= WEBGL_FROM_WEIGHTS ? ['webgl', 'wasm', 'cpu'] : ['wasm', 'cpu', 'webgl'];
}

/** Options of `useBrowserBackend`: where the WebAssembly files are served, and a backend to force. */
export interface BrowserBackendOptions {
  /** Where the page serves the `tfjs-backend-wasm*.wasm` files (a URL prefix ending in "/"). */
  wasmPath: string;
  /** Use this backend instead of the size rule (to measure one). */
  prefer?: BrowserBackend;
}

/** The wasmPath last given to TensorFlow.js. */
let wasmPathSet: string | null = null;

/**
 * The set-up under way, which the next call waits for: two set-ups at once (a page loading the
 * models of several games together) raced in TensorFlow.js, one told 'cpu', another 'wasm',
 * and cpu left set under every model.
 */
let settingUp: Promise<unknown> = Promise.resolve();

/**
 * Sets the first backend of `backendsFor(weights)` that initialises here, and returns its name.
 * Calls made at once run one after the other, each answering with the backend it set.
 */
export async function useBrowserBackend(weights: number, options: BrowserBackendOptions): Promise<BrowserBackend> {
  if (typeof weights !== 'number' || !Number.isFinite(weights) || weights < 0) {
    throw new TengymError(
      'bad-argument',
      `useBrowserBackend takes the model's number of weights (≥ 0, as ` +
        `models/index.json gives it), got ${showValue(weights)}`,
    );
  }
  if (!isPlainObject(options) || typeof options.wasmPath !== 'string') {
    throw new TengymError(
      'bad-argument',
      `useBrowserBackend takes options { wasmPath, prefer? }, wasmPath a URL prefix ending in "/" where the ` +
        `page serves the tfjs-backend-wasm .wasm files; got ${showValue(options)}`,
    );
  }
  if (!options.wasmPath.endsWith('/')) {
    // TensorFlow.js appends the file's name: "/wasm" would fetch /wasmtfjs-backend-wasm-simd.wasm.
    throw new TengymError(
      'bad-argument',
      `useBrowserBackend: wasmPath is a URL prefix ending in "/" (the .wasm files' names are appended to it), ` +
        `got ${showValue(options.wasmPath)}`,
    );
  }
  if (options.prefer !== undefined && !(BACKENDS as unknown[]).includes(options.prefer)) {
    throw new TengymError(
      'bad-argument',
      `useBrowserBackend: prefer is one of ${BACKENDS.join(', ')}, got ${showValue(options.prefer)}`,
    );
  }
  const run = settingUp.then(() => setUp(weights, options));
  settingUp = run.catch(() => undefined);
  return run;
}

async function setUp(weights: number, options: BrowserBackendOptions): Promise<BrowserBackend> {
  const { setWasmPaths } = await import('@tensorflow/tfjs-backend-wasm');
  try {
    setWasmPaths(options.wasmPath);
  } catch {
    // Once the WebAssembly backend failed to set up, TensorFlow.js refuses any path; it tries
    // again from the one it has, so the same path again (the next model, a later try) is fine.
    if (options.wasmPath !== wasmPathSet) {
      throw new TengymError(
        'bad-argument',
        `useBrowserBackend: the WebAssembly backend failed to set up from wasmPath ${showValue(wasmPathSet)} ` +
          `earlier in this page, and TensorFlow.js takes no other path after that; got ${showValue(options.wasmPath)}`,
      );
    }
  }
  wasmPathSet = options.wasmPath;
  // The single-threaded SIMD build everywhere: the threaded one's worker does not start in a
  // bundled page, where a host sends cross-origin isolation headers.
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  // Hermes (React Native) has no WebAssembly: trying it there logs an abort and a failed
  // initialisation before TensorFlow.js falls back, which a React Native dev build shows as errors.
  const hasWasm = (globalThis as { WebAssembly?: unknown }).WebAssembly !== undefined;
  if (options.prefer === 'wasm' && !hasWasm) {
    throw new TengymError(
      'bad-argument',
      "useBrowserBackend: prefer 'wasm' needs WebAssembly, which this JavaScript engine lacks (Hermes has " +
        "none); leave prefer out to get 'cpu'",
    );
  }
  const order = (options.prefer ? [options.prefer] : backendsFor(weights)).filter((name) => name !== 'wasm' || hasWasm);
  for (const name of order) {
    if (await tf.setBackend(name)) {
      await tf.ready();
      return name;
    }
  }
  throw new Error(`none of the TensorFlow.js backends ${order.join(', ')} initialised in this browser`);
}

/**
 * The TensorFlow.js backend for a model in a web page, chosen by the model's size. tengym's
 * networks are small multilayer perceptrons asked for a few dozen positions at a time: there
 * WebAssembly is fastest, and WebGL loses most of a hint's time to uploading the inputs and
 * reading the values back (measured in Chromium for every shipped model: README, "In the
 * browser"). WebGL pays off only for networks much larger than any tengym ships. Browser-safe;
 * `tengym/models` exports it.
 */
import * as tf from '@tensorflow/tfjs';

export type BrowserBackend = 'wasm' | 'webgl' | 'cpu';

/**
 * Weights above which WebGL is tried first. The shipped models hold 0.13–0.24 million weights;
 * up to 4 million, an MLP of their shape stays a matter of a few matrix-vector products per
 * hint, which WebAssembly does without the GPU round trip.
 */
export const WEBGL_FROM_WEIGHTS = 4_000_000;

/** The backends to try, best first, for a model with `weights` weights. */
export function backendsFor(weights: number): BrowserBackend[] {
  return weights >= WEBGL_FROM_WEIGHTS ? ['webgl', 'wasm', 'cpu'] : ['wasm', 'cpu', 'webgl'];
}

export interface BrowserBackendOptions {
  /** Where the page serves the `tfjs-backend-wasm*.wasm` files (a URL prefix ending in "/"). */
  wasmPath: string;
  /** Use this backend instead of the size rule (to measure one). */
  prefer?: BrowserBackend;
}

/** Sets the first backend of `backendsFor(weights)` that initialises here, and returns its name. */
export async function useBrowserBackend(weights: number, options: BrowserBackendOptions): Promise<BrowserBackend> {
  const { setWasmPaths } = await import('@tensorflow/tfjs-backend-wasm');
  setWasmPaths(options.wasmPath);
  const order = options.prefer ? [options.prefer] : backendsFor(weights);
  for (const name of order) {
    if (await tf.setBackend(name)) {
      await tf.ready();
      return name;
    }
  }
  throw new Error(`none of the TensorFlow.js backends ${order.join(', ')} initialised in this browser`);
}

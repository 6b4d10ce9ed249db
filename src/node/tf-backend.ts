/**
 * Picks the TensorFlow.js backend once per process: `@tensorflow/tfjs-node` (native
 * TensorFlow) when it is installed, else WebAssembly, else plain JavaScript (`cpu`).
 * tfjs-node is an optional dependency whose install downloads libtensorflow, so it is
 * often absent; nothing requires it. Node-only, as everything in this folder.
 */
import * as tf from '@tensorflow/tfjs';
import { backendChoiceAnnounced } from './backend-announcement.js';

export type BackendName = 'tensorflow' | 'wasm' | 'cpu';

let chosen: Promise<BackendName> | null = null;

async function tryNode(): Promise<boolean> {
  try {
    // A variable specifier keeps bundlers and the type checker from requiring the package.
    const name = '@tensorflow/tfjs-node';
    await import(name);
    return await tf.setBackend('tensorflow');
  } catch {
    return false;
  }
}

async function tryWasm(): Promise<boolean> {
  try {
    await import('@tensorflow/tfjs-backend-wasm');
    return await tf.setBackend('wasm');
  } catch {
    return false;
  }
}

async function pick(prefer: BackendName | undefined, quiet: boolean): Promise<BackendName> {
  let name: BackendName;
  if (prefer === 'cpu') name = 'cpu';
  else if (prefer !== 'wasm' && (await tryNode())) name = 'tensorflow';
  else if (await tryWasm()) name = 'wasm';
  else name = 'cpu';
  if (name === 'cpu') await tf.setBackend('cpu');
  await tf.ready();
  if (!quiet) process.stderr.write(`tengym: TensorFlow.js backend: ${name}${name === 'tensorflow' ? ' (tfjs-node)' : ''}\n`);
  return name;
}

/**
 * Chooses and initialises the backend; later calls return the first choice.
 * `TENGYM_TF_BACKEND=wasm|cpu` (or `prefer`) skips the faster ones. The choice is said on
 * stderr where `quiet` is false, or, without `quiet`, in the command line unless `TENGYM_QUIET` is set.
 */
export function initBackend(options: { prefer?: BackendName; quiet?: boolean } = {}): Promise<BackendName> {
  const fromEnv = process.env.TENGYM_TF_BACKEND as BackendName | undefined;
  chosen ??= pick(options.prefer ?? fromEnv, options.quiet ?? (Boolean(process.env.TENGYM_QUIET) || !backendChoiceAnnounced()));
  return chosen;
}

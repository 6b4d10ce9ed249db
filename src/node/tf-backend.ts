/**
 * Picks the TensorFlow.js backend once per process: `@tensorflow/tfjs-node` (native
 * TensorFlow) when it is installed, else WebAssembly, else plain JavaScript (`cpu`).
 * tfjs-node is an optional dependency whose install downloads libtensorflow, so it is
 * often absent; nothing requires it. Node-only, as everything in this folder.
 */
import * as tf from '../agents/learned/tf.js';
import { backendAnnouncedByDefault } from './backend-announcement.js';

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

/**
 * The WebAssembly module (Emscripten's) adds process handlers for uncaught exceptions and unhandled
 * rejections that throw them again: an app's own handler (a server that logs and goes on) could no
 * longer keep it running, and every crash was reported from inside the module. They serve only its
 * own exit(), which TensorFlow.js never calls, so they are taken off again.
 */
async function withoutProcessHandlersAdded<T>(load: () => Promise<T>): Promise<T> {
  const events = ['uncaughtException', 'unhandledRejection'];
  // As a plain emitter: the process's typed overloads take one event name at a time.
  const emitter: NodeJS.EventEmitter = process;
  const before = events.map((event) => new Set(emitter.listeners(event)));
  try {
    return await load();
  } finally {
    events.forEach((event, k) => {
      for (const listener of emitter.listeners(event))
        if (!before[k].has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
    });
  }
}

async function tryWasm(): Promise<boolean> {
  try {
    return await withoutProcessHandlersAdded(async () => {
      await import('@tensorflow/tfjs-backend-wasm');
      const set = await tf.setBackend('wasm');
      await tf.ready();
      return set;
    });
  } catch {
    return false;
  }
}

async function pick(prefer: BackendName | undefined): Promise<BackendName> {
  let name: BackendName;
  if (prefer === 'cpu') name = 'cpu';
  else if (prefer !== 'wasm' && (await tryNode())) name = 'tensorflow';
  else if (await tryWasm()) name = 'wasm';
  else name = 'cpu';
  if (name === 'cpu') await tf.setBackend('cpu');
  await tf.ready();
  return name;
}

/**
 * Chooses and initialises the backend; later calls return the first choice.
 * `TENGYM_TF_BACKEND=wasm|cpu` (or `prefer`) skips the faster ones.
 */
export function initBackend(options: { prefer?: BackendName } = {}): Promise<BackendName> {
  const fromEnv = process.env.TENGYM_TF_BACKEND as BackendName | undefined;
  chosen ??= pick(options.prefer ?? fromEnv);
  return chosen;
}

let said = false;

/**
 * Says the backend chosen on stderr, once: where `quiet` is false, or, without `quiet`, in the
 * command line unless `TENGYM_QUIET` is set. Called once what needed the backend has succeeded
 * (a model loaded and fitting its env, a training run set up), so a refused command prints its
 * one error line and nothing before it.
 */
export async function announceBackend(options: { quiet?: boolean } = {}): Promise<void> {
  const quiet = options.quiet ?? (Boolean(process.env.TENGYM_QUIET) || !backendAnnouncedByDefault());
  if (said || quiet || chosen === null) return;
  said = true;
  const name = await chosen;
  // On a terminal, from the start of a cleared line: a progress bar may be drawn there.
  const clear = process.stderr.isTTY ? '\r\x1b[K' : '';
  process.stderr.write(
    `${clear}tengym: TensorFlow.js backend: ${name}${name === 'tensorflow' ? ' (tfjs-node)' : ''}\n`,
  );
}

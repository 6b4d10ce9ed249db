/**
 * Builds the play page (web/) into a static site, dist/web/: the page and its scripts, the
 * TensorFlow.js WebAssembly binaries beside them, and the shipped models under models/ with an
 * index (models/index.json: each model's env, options and weight count), so that any static
 * host can serve it. `tengym serve` serves that directory.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
// The TypeScript source, not dist/: Vite bundles this config with what it imports, so the page's
// index is computed by the same function as the package's models/index.json, from the source.
import { MODEL_INDEX_FILE, modelIndexJson, readModelIndex } from '../src/node/model-index.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const repo = join(root, '..');
const WASM_DIR = join(repo, 'node_modules/@tensorflow/tfjs-backend-wasm/dist');
/** The single-threaded builds (browser-backend.ts never asks for the threaded one). */
const WASM_FILES = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm'];
const MODELS_DIR = join(repo, 'models');

/** Copies the wasm binaries and the shipped models into the build, with the models' index. */
function staticAssets(): Plugin {
  return {
    name: 'tengym-static-assets',
    generateBundle() {
      for (const file of WASM_FILES)
        this.emitFile({ type: 'asset', fileName: file, source: readFileSync(join(WASM_DIR, file)) });
      const { index, files } = readModelIndex(MODELS_DIR);
      for (const file of files)
        this.emitFile({ type: 'asset', fileName: `models/${file}`, source: readFileSync(join(MODELS_DIR, file)) });
      this.emitFile({ type: 'asset', fileName: `models/${MODEL_INDEX_FILE}`, source: modelIndexJson(index) });
    },
  };
}

export default defineConfig({
  root,
  base: './',
  logLevel: 'warn',
  publicDir: false,
  plugins: [staticAssets()],
  // The deals' worker (deal-worker.ts) is a module, as the page is: the library's chunks split as the page's do.
  worker: { format: 'es' },
  build: {
    outDir: join(repo, 'dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    // TensorFlow.js alone is over a megabyte; it loads only when a model gives the hints.
    chunkSizeWarningLimit: 4000,
    reportCompressedSize: false,
  },
});

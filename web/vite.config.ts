/**
 * Builds the play page (web/) into a static site, dist/web/: the page and its scripts, the
 * TensorFlow.js WebAssembly binaries beside them, and the shipped models under models/ with an
 * index (models/index.json: each model's env, options and weight count), so that any static
 * host can serve it. `tengym serve` serves that directory.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));
const repo = join(root, '..');
const WASM_DIR = join(repo, 'node_modules/@tensorflow/tfjs-backend-wasm/dist');
/** The single-threaded builds (browser-backend.ts never asks for the threaded one). */
const WASM_FILES = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm'];
const MODELS_DIR = join(repo, 'models');

interface ModelJson {
  weightsManifest: { paths: string[]; weights: { shape: number[] }[] }[];
  userDefinedMetadata?: { tengym?: { env?: string; options?: Record<string, unknown> } };
}

/** Copies the wasm binaries and the shipped models into the build, with the models' index. */
function staticAssets(): Plugin {
  return {
    name: 'tengym-static-assets',
    generateBundle() {
      for (const file of WASM_FILES) this.emitFile({ type: 'asset', fileName: file, source: readFileSync(join(WASM_DIR, file)) });
      const index: Record<string, { env: string; options: Record<string, unknown>; weights: number }> = {};
      for (const id of readdirSync(MODELS_DIR).sort()) {
        const modelFile = join(MODELS_DIR, id, 'model.json');
        if (!existsSync(modelFile)) continue;
        const json = JSON.parse(readFileSync(modelFile, 'utf8')) as ModelJson;
        const meta = json.userDefinedMetadata?.tengym;
        if (!meta?.env || !meta.options) continue;
        let weights = 0;
        for (const group of json.weightsManifest) {
          for (const w of group.weights) weights += w.shape.reduce((a, b) => a * b, 1);
          for (const path of group.paths) this.emitFile({ type: 'asset', fileName: `models/${id}/${path}`, source: readFileSync(join(MODELS_DIR, id, path)) });
        }
        this.emitFile({ type: 'asset', fileName: `models/${id}/model.json`, source: readFileSync(modelFile) });
        index[id] = { env: meta.env, options: meta.options, weights };
      }
      this.emitFile({ type: 'asset', fileName: 'models/index.json', source: JSON.stringify(index, null, 1) + '\n' });
    },
  };
}

export default defineConfig({
  root,
  base: './',
  logLevel: 'warn',
  publicDir: false,
  plugins: [staticAssets()],
  build: {
    outDir: join(repo, 'dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    // TensorFlow.js alone is over a megabyte; it loads only when a model gives the hints.
    chunkSizeWarningLimit: 4000,
    reportCompressedSize: false,
  },
});

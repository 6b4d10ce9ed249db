// Bundles the engine process (engine.ts, the env layer, the agent catalogue and the code
// that plays it, src/eval/episodes.ts; no hints, models or TensorFlow.js) into the one file
// the Python package carries: `npm run build:python`.
import { readFileSync } from 'node:fs';
import { defineConfig } from 'rolldown';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

export default defineConfig({
  input: new URL('./engine.ts', import.meta.url).pathname,
  platform: 'node',
  // Paths as the checkout sees them: a node_modules that is a link elsewhere would otherwise
  // put the link's target in the bundle's comments, and the bundle would differ by checkout.
  resolve: { symlinks: false },
  output: {
    file: new URL('../../python/src/tengym/_engine/engine.mjs', import.meta.url).pathname,
    format: 'esm',
    // The version the Python side checks in its handshake (python/src/tengym/_version.py).
    banner:
      `// Built by \`npm run build:python\` from src/bridge/engine.ts; do not edit.\nconst __TENGYM_VERSION__ = ` +
      `${JSON.stringify(version)};`,
  },
});

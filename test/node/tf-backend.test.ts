// The TensorFlow.js backend as an app meets it (src/node/tf-backend.ts): loading a model on
// WebAssembly leaves the process's own error handling as it was. Emscripten's module adds handlers
// that throw every uncaught exception again, so an app's own handler could not keep it running.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const NODE_ENTRY = new URL('../../dist/node/index.js', import.meta.url).href;
const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `body` as an ES module after loading the shipped decade model on WebAssembly. */
function afterLoadingAModel(body: string) {
  const script = `import { loadAgent } from ${JSON.stringify(NODE_ENTRY)};\nawait loadAgent('models/decade');\n${body}`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...process.env, TENGYM_TF_BACKEND: 'wasm' },
    timeout: 60_000,
  });
}

describe('a model loaded on WebAssembly', () => {
  it("leaves an app's uncaughtException handler in charge: it handles the error and the app runs on", () => {
    const r = afterLoadingAModel(`
      process.on('uncaughtException', (e) => console.log('handled: ' + e.message));
      setTimeout(() => { throw new Error('boom'); }, 0);
      setTimeout(() => console.log('still running'), 50);`);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('handled: boom\nstill running\n');
    expect(r.status).toBe(0);
  });

  it('adds no process handler of its own, so an uncaught error is reported where it was thrown', () => {
    const r = afterLoadingAModel(`
      console.log(process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection'));
      null.x;`);
    expect(r.stdout).toBe('0 0\n');
    expect(r.status).toBe(1);
    expect(r.stderr).not.toContain('tf-backend-wasm');
    expect(r.stderr).toMatch(/TypeError: Cannot read properties of null \(reading 'x'\)/);
  });
});

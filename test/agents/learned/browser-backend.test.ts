// useBrowserBackend as a page calls it: once per model to load, so several at once where a page
// prepares the hinters of several games together (play-page.md's snippet, in Promise.all).
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import * as tf from '../../../src/agents/learned/tf.js';
import { describe, expect, it, vi } from 'vitest';
import { useBrowserBackend } from '../../../src/agents/learned/browser-backend.js';

// The .wasm files where a page would serve them; in Node a folder path serves as the prefix.
const WASM_PATH =
  join(dirname(createRequire(import.meta.url).resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + '/';

describe('useBrowserBackend', () => {
  it(
    'without WebAssembly (Hermes, React Native) sets cpu without a word: trying wasm there logged an abort and ' +
      'a failed initialisation',
    async () => {
      const global = globalThis as { WebAssembly?: unknown };
      const wasm = global.WebAssembly;
      const said: unknown[] = [];
      const spies = (['error', 'warn', 'log'] as const).map((level) =>
        vi.spyOn(console, level).mockImplementation((...args) => void said.push(args)),
      );
      try {
        delete global.WebAssembly; // as on Hermes
        expect(await useBrowserBackend(200_000, { wasmPath: WASM_PATH })).toBe('cpu');
        await expect(useBrowserBackend(200_000, { wasmPath: WASM_PATH, prefer: 'wasm' })).rejects.toThrow(
          /needs WebAssembly, which this JavaScript engine lacks/,
        );
      } finally {
        global.WebAssembly = wasm;
        for (const spy of spies) spy.mockRestore();
      }
      expect(said).toEqual([]);
      expect(tf.getBackend()).toBe('cpu');
    },
  );

  it(
    'called several times at once, sets one backend and says the one that is set: it answered cpu to one call ' +
      'and left cpu set while telling another wasm',
    async () => {
      const chosen = await Promise.all([1, 2, 3].map(() => useBrowserBackend(200_000, { wasmPath: WASM_PATH })));
      expect(chosen).toEqual(['wasm', 'wasm', 'wasm']);
      expect(tf.getBackend()).toBe('wasm');
      // And later, one at a time, as before.
      expect(await useBrowserBackend(200_000, { wasmPath: WASM_PATH })).toBe('wasm');
    },
  );

  it('a call refused for its arguments does not hold up the next', async () => {
    await expect(useBrowserBackend(5, { wasmPath: '/wasm' })).rejects.toThrow(
      /wasmPath is a URL prefix ending in "\/"/,
    );
    expect(await useBrowserBackend(200_000, { wasmPath: WASM_PATH })).toBe('wasm');
  });
});

// tengym/node under a bundler's "browser" condition: it throws at import, naming what a page
// uses; without the condition (Node) it is the Node entry point. Node resolves the package's own
// name from inside it, by its exports, as a bundler resolves it from an app.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function importNode(conditions: string[]) {
  const program =
    "import('tengym/node').then((m) => console.log(typeof m.loadAgent), (e) => { console.log(e.code, e.message); })";
  return spawnSync(
    process.execPath,
    [...conditions.map((c) => `--conditions=${c}`), '--input-type=module', '-e', program],
    { cwd: ROOT, encoding: 'utf8' },
  );
}

describe('tengym/node in a browser bundle', () => {
  it('throws at import, naming tengym/models and tengym in its place; in Node it loads', () => {
    const browser = importNode(['browser']);
    expect(browser.stdout.trim()).toMatch(
      new RegExp(
        String.raw`^bad-argument tengym\/node runs in Node only .*load a model with tengym\/models ` +
          String.raw`\(loadModelFromUrl\) and take hints from tengym \(hinterForEnv, createHinter\)`,
      ),
    );
    expect(importNode([]).stdout.trim()).toBe('function');
  });
});

// The engine entry with its three game entries, and the root, as esbuild bundles them for an app (minified, no
// Babel), given to the hermes VM of hermes-engine-cli 0.12.0 (hermes-vm.ts). Hermes 0.12 compiles a whole script
// before it runs any of it and names every construct it refuses. Regular expressions with Unicode property escapes
// (`\p{L}`) are among them, and tengym spells those classes out, so none of its regular expressions may be refused.
// Hermes 0.12 also refuses class syntax and async functions, which tengym's engine, zod and pure-rand use: the
// refusals are printed (docs/apps.md), and for the light runtime (the engine entry with one game) counted by the file
// they are in, so that no more of tengym's own come onto its path.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { hermesVm, RUNS_HERE } from './hermes-vm.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * An app's use of the engine, every game entry registered, and of the root (its rules text among the rest), as esbuild
 * bundles it: one minified script.
 */
async function minifiedScript(): Promise<string> {
  const games = ['pairing', 'decade', 'four-ten'].map((g) => `import './src/games/${g}/index.ts';`).join(' ');
  return script(
    "import { make, createHinter } from './src/engine.ts'; " +
      `${games} import { headingAnchor } from './src/index.ts'; const env = make('tens'); env.reset({ seed: 1 }); ` +
      "print(createHinter().hint(env).hints[0].text, headingAnchor('Ten-Twenty-Thirty'));",
    true,
  );
}

/** An app's code as esbuild bundles it into one script, minified or with each module's path above its code. */
async function script(contents: string, minify: boolean): Promise<string> {
  const result = await build({
    stdin: { contents, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    minify,
    format: 'iife',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    write: false,
    logLevel: 'error',
  });
  return result.outputFiles[0].text;
}

/** What Hermes 0.12 refuses in a script: each refusal's line and its reason. */
function refusals(path: string): { line: number; why: string }[] {
  const run = spawnSync(hermesVm(), ['-ferror-limit=0', path], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return run.stderr.split('\n').flatMap((text) => {
    const found = /:(\d+):\d+: error: (.*)$/.exec(text);
    return found ? [{ line: Number(found[1]), why: found[2] }] : [];
  });
}

describe.skipIf(!RUNS_HERE)('the engine bundled by esbuild, minified, on Hermes 0.12', () => {
  it('compiles with no regular expression refused, and prints what Hermes 0.12 refuses', async () => {
    const hermes = hermesVm();
    const dir = mkdtempSync(join(tmpdir(), 'tengym-esbuild-hermes-'));
    try {
      const script = join(dir, 'app.js');
      writeFileSync(script, await minifiedScript());
      const run = spawnSync(hermes, ['-ferror-limit=0', script], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      const refused = run.stderr.split('\n').flatMap((line) => /: error: (.*)$/.exec(line)?.[1] ?? []);
      const kinds = new Map<string, number>();
      for (const why of refused) kinds.set(why, (kinds.get(why) ?? 0) + 1);
      for (const [why, n] of kinds) console.log(`esbuild → Hermes 0.12 refuses: ${why} (${n}×)`);
      expect(refused.filter((why) => /regular expression/i.test(why))).toEqual([]);
      // Hermes reports what it refuses; a bundle it refuses nothing of must also run.
      if (refused.length === 0) expect(run.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
  it("refuses no more of tengym's own code in the light runtime than its classes on that path", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tengym-esbuild-hermes-'));
    try {
      const path = join(dir, 'light.js');
      const code = await script(
        "import { make, createHinter } from './src/engine.ts'; import './src/games/pairing/index.ts'; " +
          "const env = make('tens'); env.reset({ seed: 1 }); print(createHinter().hint(env).hints[0].text);",
        false,
      );
      writeFileSync(path, code);
      // esbuild writes each module's path above its code ("  // src/env/errors.ts"): a refusal is in the nearest above.
      const lines = code.split('\n');
      const origins = new Map<string, number>();
      for (const { line } of refusals(path)) {
        let at = line - 1;
        while (at > 0 && !/^ {2}\/\/ (?:src\/|.*node_modules\/)/.test(lines[at])) at--;
        const origin = lines[at]?.replace(/^ {2}\/\/ (?:.*node_modules\/)?/, '') ?? '?';
        origins.set(origin, (origins.get(origin) ?? 0) + 1);
      }
      const ours = [...origins].filter(([file]) => file.startsWith('src/'));
      for (const [file, n] of origins) console.log(`esbuild → Hermes 0.12, tengym/engine + pairing: ${file} (${n}×)`);
      expect(origins.size).toBeGreaterThan(0);
      // Classes today: TengymError and AgentThrewError, Env, the two agents' bases, FirstAgent and RandomAgent, and
      // the slot games' patient agent. One more on this path is one more for a Babel-less Hermes to refuse.
      expect(ours.reduce((sum, [, n]) => sum + n, 0)).toBeLessThanOrEqual(8);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
});

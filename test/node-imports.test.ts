// Browser safety as a folder rule: Node-only code lives in its own folders, and no file outside
// them imports a Node built-in (so the engines, the agents and both browser entry points run in
// a browser or React Native as they are).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

/** The folders of src/ whose code may use Node (DEVELOPERS.md's layout names them). */
const NODE_ONLY = ['agents/node', 'train', 'cli', 'node', 'page'];

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The Node built-ins a source text loads (static, dynamic or `require`; type-only imports load nothing). */
function nodeBuiltins(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(IMPORT)) {
    if (m[1]) continue;
    const spec = m[2] ?? m[3] ?? m[4];
    if (spec.startsWith('node:') || builtinModules.includes(spec) || builtinModules.includes(spec.split('/')[0])) out.push(spec);
  }
  return out;
}

const walk = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));

/** Whether a file under src/ is in a Node-only folder. */
function nodeOnly(file: string): boolean {
  const path = relative(SRC, file).split(sep).join('/');
  return NODE_ONLY.some((folder) => path.startsWith(`${folder}/`));
}

describe('browser safety by folder', () => {
  it('no file outside the Node-only folders imports a Node built-in', () => {
    const files = walk(SRC).filter((f) => f.endsWith('.ts') && !nodeOnly(f));
    // The rule covers the engines, the agents (but agents/node) and the entry points.
    for (const f of ['env/games/decade.ts', 'agents/tf/afterstate.ts', 'agents/hint.ts', 'index.ts', 'models.ts']) expect(files).toContain(join(SRC, f));
    expect(files.some((f) => f.startsWith(join(SRC, 'agents', 'node')))).toBe(false);
    const found = files.flatMap((f) => nodeBuiltins(readFileSync(f, 'utf8')).map((spec) => `${relative(SRC, f)} imports ${spec}`));
    expect(found).toEqual([]);
  });

  it('the Node-only folders exist, and their files are the ones that use Node', () => {
    for (const folder of NODE_ONLY) expect(statSync(join(SRC, folder)).isDirectory()).toBe(true);
    const users = walk(SRC).filter((f) => f.endsWith('.ts') && nodeBuiltins(readFileSync(f, 'utf8')).length > 0);
    expect(users.length).toBeGreaterThan(5);
    expect(users.filter((f) => !nodeOnly(f))).toEqual([]);
  });

  it('the scan sees every way of loading a built-in, and not a type-only import', () => {
    expect(nodeBuiltins(`import { readFileSync } from 'node:fs';`)).toEqual(['node:fs']);
    expect(nodeBuiltins(`import * as path from 'path';\nexport { cpus } from 'os';`)).toEqual(['path', 'os']);
    expect(nodeBuiltins(`const { Worker } = await import('node:worker_threads');`)).toEqual(['node:worker_threads']);
    expect(nodeBuiltins(`const fs = require('fs/promises');`)).toEqual(['fs/promises']);
    expect(nodeBuiltins(`import type { Worker } from 'node:worker_threads';\nimport { z } from 'zod';\nimport { x } from './fs.js';`)).toEqual([]);
  });
});

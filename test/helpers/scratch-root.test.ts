import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';

describe("the tests' scratch root (test/helpers/scratch-root.ts)", () => {
  it("holds every temporary file of the run, the spawned commands' too, so the run removes them all", () => {
    expect(basename(tmpdir())).toMatch(/^tengym-tests-/);
    const child = spawnSync(process.execPath, ['-e', "console.log(require('node:os').tmpdir())"], { encoding: 'utf8' });
    expect(child.stdout.trim()).toBe(tmpdir());
  });
});

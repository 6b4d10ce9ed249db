// Four Ten game values stored as JSON: solved once, read back unchanged.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrSolveGameValues, readGameValues, writeGameValues } from '../../research/game-values-file.js';

const RULES = {
  drawVisible: false,
  check: 'faults-first' as const,
  handTarget: 6,
  gameTarget: 12,
  safeties: 1,
  maxRounds: 100,
};

describe('Four Ten game values as a file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tengym-four-ten-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('caches game values as JSON and loads them back unchanged', () => {
    const solved = loadOrSolveGameValues(RULES, dir);
    expect(readdirSync(dir)).toHaveLength(1);
    const loaded = loadOrSolveGameValues(RULES, dir);
    expect(Array.from(loaded.shortfall)).toEqual(Array.from(solved.shortfall));
    expect(loaded.discount).toBe(solved.discount);
  });

  it('reads what it writes, with the stored round cap unless another is asked for', () => {
    const solved = loadOrSolveGameValues(RULES, dir);
    const path = join(dir, 'values.json');
    writeGameValues(path, { ...RULES, maxRounds: 60 }, solved, 1.5);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({
      rules: { maxRounds: 60 },
      discount: solved.discount,
      seconds: 1.5,
    });
    const read = readGameValues(path);
    expect(read.rules).toEqual({ ...RULES, maxRounds: 60 });
    expect(Array.from(read.shortfall)).toEqual(Array.from(solved.shortfall));
    expect(readGameValues(path, 200).rules.maxRounds).toBe(200);
  });

  it('refuses a file of another shape', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ rules: RULES, discount: 0 }));
    expect(() => readGameValues(bad)).toThrow(/shortfall/);
  });
});

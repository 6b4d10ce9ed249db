// The command line in a user's first minutes: every table and sentence within 100 columns, work over two seconds that
// says how far it is, and rows that compare what the README says they compare.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { envIds } from '../../src/env/registry.js';
import { envConfig } from '../../src/env/registry.js';
import { emptyRows } from '../../src/eval/episodes.js';
import { buildReport } from '../../src/eval/evaluate.js';
import { recordedKeys } from '../../src/stats/figures.js';
import { claimLines } from '../../src/cli/commands/start.js';
import { tengymHere } from '../helpers/cli.js';
import { sampled } from '../helpers/scale.js';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

/** The longest line of `text`. */
const widest = (text: string) => Math.max(...text.split('\n').map((line) => line.length));

describe('within 100 columns', () => {
  // In the test's process (a process each cost most of this file's time); the bench below runs the built command.
  it.each(envIds())('agents --env %s', async (id) => {
    const r = await tengymHere('agents', '--env', id);
    expect(r.code, r.stderr).toBe(0);
    expect(widest(r.stdout)).toBeLessThanOrEqual(100);
  });

  it('envs, its option columns in line within each id', async () => {
    const r = await tengymHere('envs');
    expect(r.code, r.stderr).toBe(0);
    expect(widest(r.stdout)).toBeLessThanOrEqual(100);
    // Each id's options: the defaults start in one column, and the allowed values in another.
    for (const block of r.stdout.split(/\n(?=\S)/)) {
      const options = block.split('\n').filter((line) => /^ {4}\S/.test(line));
      const header = options[0];
      expect(header).toMatch(/^ {4}option +default +allowed$/);
      const [defaults, allowed] = [header.indexOf('default'), header.indexOf('allowed')];
      for (const line of options.slice(2)) {
        expect(line[defaults - 1], line).toBe(' ');
        expect(line[defaults], line).not.toBe(' ');
        expect(line[allowed - 1], line).toBe(' ');
      }
    }
  });
});

describe('bench says how far it is', () => {
  it('each env a row as soon as it is timed, not the table at the end', async () => {
    // Below full scale a sample of the ids: each row waits for its id's thread to start (some 0.35 s), whatever id,
    // and four rows show them arriving one by one as well as eight did.
    const ids = sampled(envIds(), 4);
    const seconds = 0.1;
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, 'bench', '--seconds', String(seconds), '--env', ids.join(',')], {
      env: { ...process.env },
    });
    const arrivals: { at: number; text: string }[] = [];
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => arrivals.push({ at: performance.now() - started, text }));
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    const ended = performance.now() - started;
    expect(code).toBe(0);
    const rowOf = (id: string) => new RegExp(`^${id}\\s+[\\d,]+\\s+[\\d,]+$`, 'm');
    const all = arrivals.map((a) => a.text).join('');
    for (const id of ids) expect(all).toMatch(rowOf(id));
    const firstRow = arrivals.find((a) => rowOf(ids[0]).test(a.text));
    expect(firstRow).toBeDefined();
    // Each later id is timed at two modes of `seconds` at least after the first row is out.
    expect(ended - (firstRow as { at: number }).at).toBeGreaterThan((ids.length - 1) * 2 * seconds * 1000);
    expect(widest(all)).toBeLessThanOrEqual(100);
  }, 120_000);
});

describe("start's Four Ten row", () => {
  it('claims the rounds where every agent wins: the figure that tells them apart', () => {
    const env = envConfig('four-ten');
    const keys = recordedKeys(env.game.result);
    const played = ['model', 'greedy'].map((agent, k) => {
      const rows = emptyRows(10, keys);
      rows.won.fill(1);
      rows.values.rounds.set(Array.from({ length: 10 }, (_, i) => 4 + 2 * k + (i % 2)));
      return { agent, rows, seconds: 1 };
    });
    const report = buildReport(env, 123, 'greedy', played);
    const [claim] = claimLines({ report, strongest: null });
    expect(claim).toMatch(/points of win rate; rounds: -2\.000 \[.*\] over the 10 deals both won \(fewer is better\)/);
    expect(widest(claim)).toBeLessThanOrEqual(100);
  });
});

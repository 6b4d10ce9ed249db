// tengym eval and tengym train under a pseudo-terminal (script(1)), as a person runs them: the progress bar is drawn
// within 2 s of the start (of what `tengym --version` takes to start, which on a busy machine is seconds itself) and
// every few seconds after; with --json, or with stdout piped, nothing of it is printed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const hasScript = spawnSync('script', ['-qfc', 'true', '/dev/null']).status === 0;
const root = mkdtempSync(join(tmpdir(), 'tengym-progress-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;

/** The moments (ms after the start) at which the bar was drawn, and all that was printed, under a terminal. */
function underTerminal(args: string[], pipeStdout = false): Promise<{ draws: number[]; text: string; code: number }> {
  const command = `${quote(process.execPath)} ${quote(BIN)} ${args.map(quote).join(' ')}${pipeStdout ? ' | cat' : ''}`;
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TENGYM_QUIET: '1' },
    });
    const draws: number[] = [];
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const s = chunk.toString();
      text += s;
      for (const _ of s.matchAll(/\r\[[#-]{30}\]/g)) draws.push(performance.now() - start);
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ draws, text, code: code ?? -1 }));
  });
}

/** The longest wait between two draws, and from the last draw to the end of the bar's work. */
function longestGap(draws: number[]): number {
  let gap = 0;
  for (let i = 1; i < draws.length; i++) gap = Math.max(gap, draws[i] - draws[i - 1]);
  return gap;
}

describe.skipIf(!hasScript)('progress on a terminal', () => {
  const evalArgs = ['eval', '--env', 'ten-twenty-thirty', '--agents', 'lookahead,longest', '--episodes', '150'];
  /**
   * 1,500 steps: an evaluation at the start, a training iteration, an evaluation at the end, each reporting. 300
   * held-out deals: the start's evaluation plays them with longest, random and pimc too, seconds of redraws to time
   * (1,500 deals timed the same at about 5 s of processor time more).
   */
  const trainArgs = (out: string, evalEpisodes = 300) => [
    'train',
    '--env',
    'decade',
    '--algo',
    'ppo',
    '--steps',
    '1500',
    '--config',
    JSON.stringify({ evalEpisodes, evalEvery: 1000 }),
    '--out',
    join(root, out),
  ];
  // Where no bar may be drawn, a shorter run of the same parts: the bar that would be drawn is drawn at once, then at
  // each report. The long evaluations are there to time the redraws, which only the bar's own test does.
  const shortEvalArgs = [...evalArgs.slice(0, -1), '30'];
  const shortTrainArgs = (out: string) => trainArgs(out, 20);

  it.each([
    ['eval', evalArgs],
    ['train', trainArgs('run')],
  ])('tengym %s draws its bar within 2 s of the start and every few seconds after', async (_name, args) => {
    // What Node.js and the command line take to start on this machine now (a busy machine takes seconds): the bar is
    // drawn within 2 s of it.
    const before = performance.now();
    spawnSync(process.execPath, [BIN, '--version']);
    const startup = performance.now() - before;
    const r = await underTerminal(args);
    expect(r.code, r.text).toBe(0);
    expect(r.draws.length, r.text).toBeGreaterThan(2);
    expect(r.draws[0]).toBeLessThan(startup + 2000);
    // Every few seconds: training redraws it after each iteration (a few seconds of decade's PPO on a busy machine).
    expect(longestGap(r.draws)).toBeLessThan(10_000);
    // Each result line starts on a line of its own: the bar is cleared before it.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the bar's clearing escape
    expect(r.text).not.toMatch(/elapsed, ~[\d?]+s left [^\r\n\u001b]/);
  });

  it.each([
    ['eval --json', [...shortEvalArgs, '--json'], false],
    ['eval | cat', shortEvalArgs, true],
    ['train --json', [...shortTrainArgs('json'), '--json'], false],
    ['train | cat', shortTrainArgs('piped'), true],
  ])('tengym %s draws no bar', async (_name, args, piped) => {
    const r = await underTerminal(args as string[], piped as boolean);
    expect(r.code, r.text).toBe(0);
    expect(r.draws).toEqual([]);
    expect(r.text).not.toMatch(/elapsed, ~/);
  });
});

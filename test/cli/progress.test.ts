// The progress bar of tengym train and tengym eval (src/cli/progress.ts), drawn on a terminal's stderr.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProgressBar } from '../../src/cli/progress.js';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The bar's lines for updates at the given times (seconds), stderr taken for a terminal. */
function draw(updates: [seconds: number, done: number, total: number][]): string[] {
  const isTTY = Object.getOwnPropertyDescriptor(process.stderr, 'isTTY');
  const outIsTTY = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY');
  Object.defineProperty(process.stderr, 'isTTY', { value: true, configurable: true });
  Object.defineProperty(process.stdout, 'isTTY', { value: true, configurable: true });
  const clock = vi.spyOn(performance, 'now').mockReturnValue(0);
  const written: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    const bar = new ProgressBar();
    for (const [seconds, done, total] of updates) {
      clock.mockReturnValue(seconds * 1000);
      bar.update(done, total, 'steps');
    }
  } finally {
    if (isTTY) Object.defineProperty(process.stderr, 'isTTY', isTTY);
    else delete (process.stderr as { isTTY?: boolean }).isTTY;
    if (outIsTTY) Object.defineProperty(process.stdout, 'isTTY', outIsTTY);
    else delete (process.stdout as { isTTY?: boolean }).isTTY;
  }
  return written;
}

describe('ProgressBar', () => {
  it(
    "gives the time left at the pace of this process: a resumed run's earlier steps are not counted as done in " +
      'its seconds',
    () => {
      // Resumed at 9,000,000 of 10,000,000 steps; 100,000 more in 10 s: 900,000 left at 10,000 a second.
      const lines = draw([
        [10, 9_000_000, 10_000_000],
        [20, 9_100_000, 10_000_000],
      ]);
      expect(lines[0]).toMatch(/ 90% steps +10s elapsed, ~\?s left $/);
      expect(lines[1]).toMatch(/ 91% steps +20s elapsed, ~90s left $/);
    },
  );

  it('counts from the first update, not from the set-up before it', () => {
    // 30 s of loading, then 1,000 of 4,000 deals in 10 s: 30 s left.
    const lines = draw([
      [30, 10, 4000],
      [40, 1010, 4000],
      [70, 4000, 4000],
    ]);
    expect(lines[1]).toMatch(/ 25% steps +40s elapsed, ~30s left $/);
    expect(lines[2]).toMatch(/100% steps +70s elapsed, ~0s left $/);
  });
});

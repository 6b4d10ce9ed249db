// Child processes in tests: a command's first line on stdout (`tengym serve` says where it listens), the processor
// time one has used, and a limit on how many run at once.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Resolves with stdout up to and including its first newline; rejects if the process exits first. */
export function firstStdoutLine(child: ChildProcess, what: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out);
    });
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}`)));
  });
}

/**
 * The processor time a running process has used so far, in seconds (all its threads), or null where /proc/<pid>/stat
 * cannot be read (a system without /proc, or the process gone).
 */
export function cpuSeconds(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The fields after the command name (which may hold spaces) in parentheses: utime and stime are the 12th and 13th,
  // in clock ticks, 100 a second on Linux.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Runs the tasks given it at most `n` at once, the others waiting their turn: child processes side by side, no more
 * of them than the machine has cores for.
 */
export function limit(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running < n) running++;
    else await new Promise<void>((go) => waiting.push(go));
    try {
      return await task();
    } finally {
      // The slot passes to the next waiting task, or is freed.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

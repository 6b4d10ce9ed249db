// A child process's first line on stdout, for commands that say where they listen and keep running (`tengym serve`).
import type { ChildProcess } from 'node:child_process';

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

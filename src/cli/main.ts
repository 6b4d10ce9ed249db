#!/usr/bin/env node
/**
 * The `tengym` command: src/cli/program.ts run on this process's arguments. Every command has --help; errors on bad
 * input are one line on stderr naming the problem, with exit code 1.
 */
import { hideBin } from 'yargs/helpers';
import { main } from './program.js';

// `tengym … | head` closes stdout early: that is not an error. Output that cannot be written
// (`> file` on a full disk) is one line, as every other error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  const reason = e.message.replace(/^[A-Z]+: /, '').replace(/, write$/, '');
  process.stderr.write(`tengym: cannot write the output: ${reason}${e.code ? ` (${e.code})` : ''}\n`);
  process.exit(1);
});

await main(hideBin(process.argv));

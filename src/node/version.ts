/**
 * Node-only: tengym's own version, from its package.json (yargs alone would report the version
 * of the package.json nearest the working directory: the host app's). Reports, run folders and
 * models record it.
 */
import { readFileSync } from 'node:fs';

export const TENGYM_VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

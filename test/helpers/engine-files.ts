// Where each shipped engine's doc comment is: the file under src/games/ that names it (`name:
// '<engine>'`) and opens with the tables of its options, actions, observation, rewards and end.
// Found, not listed, so that a new game's folder is covered without editing the tests.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GAMES = join(ROOT, 'src', 'games');

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));

/** The engine's file, from the repository's root (src/games/decade/engine.ts), or null when none is found. */
export function engineFile(engine: string): string | null {
  const named = new RegExp(`\\bname: '${engine}'`);
  const found = walk(GAMES).find((f) => {
    if (!f.endsWith('.ts')) return false;
    const source = readFileSync(f, 'utf8');
    return named.test(source) && /^ \* ## Options$/m.test(source.slice(0, source.indexOf('*/')));
  });
  return found === undefined ? null : relative(ROOT, found).split('\\').join('/');
}

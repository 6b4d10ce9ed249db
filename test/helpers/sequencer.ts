// The order vitest starts the test files in. First the files that share a module graph (`isolate: false`), a project's
// together, then the others: vitest keeps a shared worker only while the next file in its queue is of its project, so
// files of several projects taken in turns would start a new worker, and import every game again, for most shared
// files. Within each project the longest go first (by test/durations.json, which `node scripts/test-times.mjs REPORT
// --write-durations` writes), so that no worker is left with a long file at the end while the others idle. Vitest's
// own order needs a previous run's cache, which a fresh clone lacks. Files not in the list go first: a new file may be
// a slow one.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';

const LIST = new URL('../durations.json', import.meta.url);
const durations: Record<string, number> = existsSync(LIST) ? JSON.parse(readFileSync(LIST, 'utf8')) : {};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const time = (f: TestSpecification) => durations[relative(root, f.moduleId)] ?? Number.POSITIVE_INFINITY;
    const shares = (f: TestSpecification) => f.project.config.isolate === false;
    return [...files].sort((a, b) => {
      if (shares(a) !== shares(b)) return shares(a) ? -1 : 1;
      if (shares(a) && a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      return time(a) === time(b) ? 0 : time(b) > time(a) ? 1 : -1;
    });
  }
}

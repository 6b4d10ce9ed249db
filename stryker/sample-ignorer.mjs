// A Stryker ignorer for stryker/sample.mjs: it leaves in place only the drawn mutants' nodes.
//
// A `--mutate` range also takes in every mutant inside the drawn one's span (a block's
// statements, an expression's operands). Ignored mutants are never put into the code, so
// ignoring those keeps the instrumented code, and the run, small. Stryker asks once per
// node and ignores its whole subtree, so a node that encloses a drawn node is kept.
import { readFileSync } from 'node:fs';

/** The drawn spans by file, as Babel counts them (lines from 1, columns from 0). */
const drawn = JSON.parse(readFileSync(process.env.TENGYM_MUTANT_SAMPLE, 'utf8'));

const before = (a, b) => a.line < b.line || (a.line === b.line && a.column <= b.column);
const encloses = (outer, inner) => before(outer.start, inner.start) && before(inner.end, outer.end);

const notDrawn = {
  shouldIgnore(path) {
    const fileName = path.hub?.file?.opts?.filename ?? '';
    const spans = Object.entries(drawn).find(([name]) => fileName.endsWith(name))?.[1];
    const loc = path.node.loc;
    if (!spans || !loc) return undefined;
    // A drawn node encloses its own span.
    return spans.some((span) => encloses(loc, span)) ? undefined : 'not drawn for this sample';
  },
};

export const strykerPlugins = [{ kind: 'Ignore', name: 'not-drawn', value: notDrawn }];

// The type-checks of test/cli/package.test.ts, in a worker thread: each message names a folder with a tsconfig.json,
// and the answer is what `tsc -p` would print there and its exit code. One program after another in one thread,
// sharing TypeScript's document registry (as its language service shares files between projects): a declaration
// file read alike by several programs (the lib, zod's, tengym's) is parsed once, not once a `tsc` process. A thread,
// not the test's own, so that the other tests' processes are heard while a program is checked.
import { join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import ts from 'typescript';

const documents = ts.createDocumentRegistry();

/** `tsc -p dir`'s diagnostics, as it prints them without a terminal, and its exit code. */
function typeCheck(dir) {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(dir, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  const host = ts.createCompilerHost(config.options);
  host.getSourceFile = (fileName, languageVersionOrOptions) => {
    const text = ts.sys.readFile(fileName);
    if (text === undefined) return undefined;
    const snapshot = ts.ScriptSnapshot.fromString(text);
    return documents.acquireDocument(fileName, config.options, snapshot, '1', undefined, languageVersionOrOptions);
  };
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options, host });
  const diagnostics = [...config.errors, ...ts.getPreEmitDiagnostics(program)];
  const output = ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => dir,
    getNewLine: () => '\n',
  });
  return { output, status: diagnostics.length === 0 ? 0 : 2 };
}

parentPort.on('message', ({ id, dir }) => {
  try {
    parentPort.postMessage({ id, ...typeCheck(dir) });
  } catch (e) {
    parentPort.postMessage({ id, output: String(e instanceof Error ? e.stack : e), status: null });
  }
});

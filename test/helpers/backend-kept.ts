// Every test file leaves TensorFlow.js's backend as it found it. The backend belongs to the process, and the files of a
// shared worker run one after another in it; tengym chooses the backend once a process (src/node/tf-backend.ts). A
// file that switched it left a later file's model on the plain-JavaScript backend, five times slower, with every test
// still passing (docs/decisions/tests.md, "Files share a worker unless they must not").
import { afterAll, beforeAll, expect } from 'vitest';
import { backendSet } from './tf-engine.js';

let atStart: string | null = null;
beforeAll(() => {
  atStart = backendSet();
});
afterAll(() => {
  // A file that loads TensorFlow.js first may choose the backend; one that found a backend set must leave it so.
  if (atStart !== null)
    expect(backendSet(), 'the TensorFlow.js backend this file found, which a later file of the worker uses').toBe(
      atStart,
    );
});

// @isolated: full collections measure what the copies hold; in a shared worker, whose heap holds the earlier files'
// modules and data, its 36 collections took 32 to 38 s where a fresh process takes 3.
// VectorEnv's estimate of a copy's size (copyBytes, which bounds the copies one VectorEnv takes) against what copies
// of a sample of the ids really take on the heap and in buffers.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { envConfig, envIds } from '../../src/env/registry.js';
import { VectorEnv, copyBytes } from '../../src/env/vector.js';
import { sampled } from '../helpers/scale.js';

describe('the size of a VectorEnv copy', () => {
  it('the estimate is above what a copy really takes on the heap and in buffers', async () => {
    // Collected before and after, so the difference is what the copies hold, not garbage a
    // collection happened to leave or take (without it the figure swings by thousands of bytes
    // a copy with the load on the machine); the largest of three tries. Node releases a collected
    // buffer's memory on a thread of its own, so the count is read after a moment and a second
    // collection: read at once, the last try's buffers could still count in `before`.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const settled = async () => {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 100));
      gc();
      return process.memoryUsage();
    };
    for (const id of sampled(envIds(), 3)) {
      const n = 2000;
      let measured = 0;
      for (let trial = 0; trial < 3; trial++) {
        const before = await settled();
        const v = new VectorEnv(id, {}, n);
        v.reset({ seed: 1 });
        const after = await settled();
        measured = Math.max(
          measured,
          (after.heapUsed - before.heapUsed + after.arrayBuffers - before.arrayBuffers) / v.numEnvs,
        );
      }
      expect(copyBytes(envConfig(id)), id).toBeGreaterThan(measured);
    }
  });
});

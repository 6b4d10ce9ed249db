// The learned search's horizon bound (maxLeaves): trees one draw too deep are given up as they
// pass it, not once built, so the depth a model's metadata names costs no more than the deepest
// search that fits (a depth of 8 used to build every tree eight draws deep: 12 GB, then a crash).
import { valueNetwork } from '../../../../src/agents/learned/network.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { DecadeSearchAgent } from '../../../../src/games/decade/learned/learned-search.js';
import { make } from '../../../../src/env/registry.js';
import { loadModel } from '../../../../src/node/load-model.js';
import { shippedModelDir } from '../../../../src/node/resolve.js';
import type * as tf from '../../../../src/agents/learned/tf.js';
import type { ModelMetadata } from '../../../../src/agents/learned/metadata.js';

let shipped: { model: tf.LayersModel; metadata: ModelMetadata };
beforeAll(async () => {
  shipped = await loadModel(shippedModelDir('decade'));
});

describe('DecadeSearchAgent: the horizon bound', () => {
  it(
    'eight draws deep within 512 leaves scores every move as the deepest search that fits does (here three ' +
      'draws or fewer)',
    () => {
      const agent = (depth: number) =>
        new DecadeSearchAgent('search', valueNetwork(shipped.model), shipped.metadata, {
          depth,
          maxLeaves: 512,
          tieWeight: 0.02,
        });
      const deep = agent(8);
      const three = agent(3);
      const one = agent(1);
      let decisions = 0;
      let deeperThanOne = 0;
      for (let seed = 0; decisions < 12; seed++) {
        const env = make('decade');
        env.reset({ seed });
        // Decisions with a long stock: a tree three draws deep already holds thousands of positions.
        while (env.running && decisions < 12) {
          if (env.legalCount > 1) {
            decisions++;
            const scores = deep.score(env);
            expect(scores).toEqual(three.score(env));
            if (JSON.stringify(scores) !== JSON.stringify(one.score(env))) deeperThanOne++;
          }
          env.step(env.legal[0]);
        }
      }
      // The bound leaves room for more than one draw somewhere: the comparison tells depths apart.
      expect(deeperThanOne).toBeGreaterThan(0);
    },
  );
});

describe('DecadeSearchAgent: a model whose metadata does not name its features', () => {
  it('says what the metadata lacks or names, not a width that is the same on both sides', () => {
    const env = make('decade');
    env.reset({ seed: 1 });
    while (env.legalCount === 1) env.step(env.legal[0]);
    const search = { depth: 1, maxLeaves: 64, tieWeight: 0.02 };
    const unnamed = { ...shipped.metadata, features: undefined };
    expect(() => new DecadeSearchAgent('m', valueNetwork(shipped.model), unnamed, search).act(env)).toThrow(
      /^model "m": its metadata names no encoding \("features"\); decade needs "decade-line\/1" \(532 features\)$/,
    );
    const misnamed = { ...shipped.metadata, features: 'decade-loop/1' };
    expect(() => new DecadeSearchAgent('m', valueNetwork(shipped.model), misnamed, search).act(env)).toThrow(
      new RegExp(
        String.raw`^model "m": its metadata says its features are "decade-loop\/1"; decade needs "decade-line\/1" ` +
          String.raw`\(532 features\)$`,
      ),
    );
  });
});

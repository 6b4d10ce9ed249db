// Which source answers an env's hints (hint-source.ts): one decision shared by `tengym hint`
// (models read from disk) and the play page (models fetched), here with the shipped models'
// own metadata and a loader that counts its calls.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Agent } from '../src/agents/agent.js';
import { createAgent } from '../src/agents/index.js';
import { chooseHintSource, hinterForEnv, type ShippedModelInfo } from '../src/agents/hint-source.js';
import { loadHinter } from '../src/agents/hint-loader.js';
import { envIds, make } from '../src/env/registry.js';

/** What models/<id>/model.json says it was trained for. */
function shippedInfo(id: string): ShippedModelInfo {
  const json = JSON.parse(readFileSync(fileURLToPath(new URL(`../models/${id}/model.json`, import.meta.url)), 'utf8'));
  const { env, options } = json.userDefinedMetadata.tengym;
  return { env, options };
}

describe('chooseHintSource', () => {
  it('takes the shipped model when it was trained for these options (defaults given or not)', () => {
    for (const id of ['decade', 'decade-fives', 'decade-loop', 'decade-optional', 'four-ten']) {
      const choice = chooseHintSource(id, {}, shippedInfo(id));
      expect(choice).toEqual({ kind: 'model', modelId: id, source: `model models/${id}/ (shipped)` });
      expect(chooseHintSource(id, make(id).options as Record<string, unknown>, shippedInfo(id)).kind).toBe('model');
    }
  });

  it('falls back to the search baseline, saying why, for other options or where no model is shipped', () => {
    const other = chooseHintSource('decade', { maxSteps: 100 }, shippedInfo('decade'));
    expect(other.kind).toBe('agent');
    expect(other.source).toBe('lookahead (search baseline; the model shipped in models/decade/ was trained for other options)');
    const none = chooseHintSource('decade-stacks', {}, null);
    expect(none.source).toBe('lookahead (search baseline; no model is shipped for decade-stacks)');
    expect(chooseHintSource('four-ten', {}, null).source).toBe('optimal (exact solver; no model is shipped for four-ten)');
    // A model of another env in the directory is no model for this one.
    expect(chooseHintSource('decade', {}, shippedInfo('decade-fives')).kind).toBe('agent');
    expect(chooseHintSource('tens', {}, null).source).toBe('none needed: every legal move leads to the same end');
  });

  it('is what loadHinter (the command line) answers for every env id', async () => {
    for (const id of envIds()) {
      let info: ShippedModelInfo | null = null;
      try {
        info = shippedInfo(id);
      } catch {
        info = null;
      }
      expect((await loadHinter(id, {})).source, id).toBe(chooseHintSource(id, {}, info).source);
    }
  });
});

describe('hinterForEnv', () => {
  it('loads the model only when the choice is the model, and ranks with what it loaded', async () => {
    const loaded: string[] = [];
    // A real agent standing in for a model, so the ranking shows which one answers.
    const models = {
      info: (id: string) => (id === 'decade-fives' ? shippedInfo(id) : null),
      load: async (id: string): Promise<Agent> => {
        loaded.push(id);
        return createAgent('longest', id, {});
      },
    };
    const withModel = await hinterForEnv('decade-fives', {}, models);
    expect(withModel).toMatchObject({ source: 'model models/decade-fives/ (shipped)', fromModel: true });
    expect(loaded).toEqual(['decade-fives']);
    const env = make('decade-fives');
    env.reset({ seed: 2 });
    while (env.running && env.legalCount < 3) env.step(env.legal[0]);
    expect(withModel.hinter.hint(env).hints[0].action).toBe(createAgent('longest', 'decade-fives', {}).act(env));

    const without = await hinterForEnv('decade-stacks', {}, models);
    expect(without).toMatchObject({ source: 'lookahead (search baseline; no model is shipped for decade-stacks)', fromModel: false });
    expect(loaded).toEqual(['decade-fives']);
  });
});

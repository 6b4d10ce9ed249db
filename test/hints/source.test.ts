// Which source answers an env's hints (src/hints/source.ts): one decision shared by `tengym hint`
// (models read from disk) and the play page (models fetched), here with the shipped models'
// own metadata and a loader that counts its calls.
// @slow: loads the hinter of every env id, its model where it has one.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Agent } from '../../src/agents/agent.js';
import { createAgent } from '../../src/agents/index.js';
import { chooseHintSource, hinterForEnv, type ShippedModelInfo } from '../../src/hints/source.js';
import { loadHinter } from '../../src/node/hint-loader.js';
import { loadAgent, shippedModelDir } from '../../src/node/index.js';
import { envIds, make } from '../../src/env/registry.js';

/** What models/<id>/model.json says it was trained for. */
function shippedInfo(id: string): ShippedModelInfo {
  const json = JSON.parse(
    readFileSync(fileURLToPath(new URL(`../../models/${id}/model.json`, import.meta.url)), 'utf8'),
  );
  const { env, options } = json.userDefinedMetadata.tengym;
  return { env, options };
}

describe('chooseHintSource', () => {
  it(
    'takes the shipped model where it measured level with the strongest fair search (decade, decade-fives; ' +
      'ten-twenty-thirty with lookahead), when it was trained for these options (defaults given or not)',
    () => {
      for (const id of ['decade', 'decade-fives', 'ten-twenty-thirty']) {
        const choice = chooseHintSource(id, {}, shippedInfo(id));
        expect(choice).toEqual({ kind: 'model', modelId: id, source: `model models/${id}/ (shipped)` });
        expect(chooseHintSource(id, make(id).options as Record<string, unknown>, shippedInfo(id)).kind).toBe('model');
      }
    },
  );

  it(
    "the rest of the decade family: decade-loop's shipped model, level with pimc; optimal where holding is " +
      'free; lookahead where pimc is behind, level or too slow',
    () => {
      const loop = chooseHintSource('decade-loop', {}, shippedInfo('decade-loop'));
      expect(loop).toEqual({ kind: 'model', modelId: 'decade-loop', source: 'model models/decade-loop/ (shipped)' });
      // With no model shipped, or options the shipped model was not trained for, pimc.
      expect(chooseHintSource('decade-loop', {}, null).source).toBe(
        'pimc (a search that plays out many guesses of the unseen cards; no model is shipped for decade-loop)',
      );
      expect(chooseHintSource('decade-loop', { maxSteps: 1000 }, shippedInfo('decade-loop')).source).toBe(
        'pimc (a search that plays out many guesses of the unseen cards; the model shipped in models/decade-loop/ ' +
          'was trained for other options)',
      );
      for (const id of ['decade-stacks', 'decade-max3'])
        expect(chooseHintSource(id, {}, null).source, id).toBe("lookahead (a search over the next cards' chances)");
      expect(chooseHintSource('ten-twenty-thirty', { maxSteps: 1000 }, shippedInfo('ten-twenty-thirty')).source).toBe(
        "lookahead (a search over the next cards' chances; the model shipped in models/ten-twenty-thirty/ was " +
          'trained for other options)',
      );
      expect(chooseHintSource('decade-optional', {}, null).source).toBe('optimal (the exact optimum)');
      // Optional discards with other options on one line: holding is still free.
      expect(chooseHintSource('decade', { discard: 'optional', fives: true }, shippedInfo('decade')).source).toBe(
        'optimal (the exact optimum; the model shipped in models/decade/ was trained for other options)',
      );
    },
  );

  it(
    'Four Ten: bottom-direct for the default rules, saying why not the shipped model; the exact solver or ' +
      'expectimax for other rules',
    () => {
      const reason = 'safety first, then the best round prospects, by the fewest exchanges';
      expect(chooseHintSource('four-ten', {}, shippedInfo('four-ten'))).toMatchObject({
        kind: 'agent',
        name: 'bottom-direct',
        source:
          `bottom-direct (${reason}; never more rounds than bottom, unlike the trained model in ` + `models/four-ten/)`,
      });
      expect(chooseHintSource('four-ten', { reward: 'rounds' }, null).source).toBe(`bottom-direct (${reason})`);
      expect(chooseHintSource('four-ten', { maxRounds: 10 }, shippedInfo('four-ten')).source).toBe(
        "expectimax (a search over the next cards' chances)",
      );
    },
  );

  it('falls back to the search, saying why, where a model would answer but none fits', () => {
    expect(chooseHintSource('decade', {}, null).source).toBe(
      'pimc (a search that plays out many guesses of the unseen cards; no model is shipped for decade)',
    );
    // A model that could not be loaded is said as such, not as none shipped; where no model would answer, it changes
    // nothing.
    expect(chooseHintSource('decade', {}, null, 'models/index.json: HTTP 404').source).toBe(
      'pimc (a search that plays out many guesses of the unseen cards; the trained model could not be loaded: ' +
        'models/index.json: HTTP 404)',
    );
    expect(chooseHintSource('four-ten', {}, null, 'models/index.json: HTTP 404').source).toBe(
      chooseHintSource('four-ten', {}, null).source,
    );
    expect(chooseHintSource('decade', { maxSteps: 100 }, shippedInfo('decade')).source).toBe(
      'pimc (a search that plays out many guesses of the unseen cards; the model shipped in models/decade/ ' +
        'was trained for other options)',
    );
    // The training reward changes what the env pays, not the game: the model still answers.
    expect(chooseHintSource('decade', { reward: 'cards' }, shippedInfo('decade'))).toMatchObject({
      kind: 'model',
      source: 'model models/decade/ (shipped)',
    });
    // A model of another env in the directory is no model for this one.
    expect(chooseHintSource('decade', {}, { env: 'decade-fives', options: {} }).kind).toBe('agent');
    expect(chooseHintSource('tens', {}, null).source).toBe('none needed: every legal move leads to the same end');
  });

  it(
    "an env given under another id with the same game takes that id's model: decade with fives is decade-fives " +
      '(registeredIdOf)',
    () => {
      expect(chooseHintSource('decade', { fives: true }, shippedInfo('decade-fives'))).toEqual({
        kind: 'model',
        modelId: 'decade-fives',
        source: 'model models/decade-fives/ (shipped)',
      });
      expect(chooseHintSource('decade-fives', { fives: false }, shippedInfo('decade'))).toMatchObject({
        kind: 'model',
        modelId: 'decade',
      });
      // The source is the id's under any name: decade-loop's model; lookahead on seven stacks.
      expect(chooseHintSource('decade', { loop: true, maxRun: 3 }, shippedInfo('decade-loop')).source).toBe(
        chooseHintSource('decade-loop', {}, shippedInfo('decade-loop')).source,
      );
      expect(chooseHintSource('decade', { stacks: 7 }, null).source).toBe(
        "lookahead (a search over the next cards' chances)",
      );
    },
  );

  it('refuses a shipped-model argument that is not what models/<env id>/ holds, by name', () => {
    const refused = (f: () => unknown, message: RegExp) =>
      expect(f).toThrow(
        expect.objectContaining({ name: 'TengymError', code: 'bad-argument', message: expect.stringMatching(message) }),
      );
    refused(
      () => chooseHintSource('decade', {}, undefined as never),
      new RegExp(
        String.raw`^chooseHintSource takes as its third argument what models\/<env id>\/ holds: its model's ` +
          String.raw`metadata \{ env, options \} \(ShippedModelInfo\), or null when no model is shipped there; got ` +
          'undefined$',
      ),
    );
    refused(() => chooseHintSource('decade', {}, {} as never), /\(ShippedModelInfo\).*got \{\}$/);
    refused(
      () => chooseHintSource('decade', {}, { env: 'decade', options: null } as never),
      /got \{"env":"decade","options":null\}$/,
    );
    refused(
      () => chooseHintSource('decade', {}, null, 404 as never),
      /^chooseHintSource takes as its fourth argument why no model could be loaded, a string \(or nothing\), got 404$/,
    );
    // What the page's index.json gives (with weights) is taken.
    expect(chooseHintSource('decade', {}, { ...shippedInfo('decade'), weights: 1 } as ShippedModelInfo).kind).toBe(
      'model',
    );
  });

  it('is what loadHinter (the command line) answers for every env id', async () => {
    for (const id of envIds()) {
      let info: ShippedModelInfo | null = null;
      try {
        info = shippedInfo(id);
      } catch {
        info = null;
      }
      const loaded = await loadHinter(id, {});
      const choice = chooseHintSource(id, {}, info);
      expect(loaded.source, id).toBe(choice.source);
      expect(loaded.fromModel, id).toBe(choice.kind === 'model');
      // And its best move is the chosen source's own, at a decision of a fresh deal.
      const own = choice.kind === 'model' ? await loadAgent(shippedModelDir(choice.modelId)) : choice.agent;
      const env = make(id);
      for (let seed = 11; !(env.running && env.legalCount > 1); seed++) {
        env.reset({ seed });
        // Not reset with the deal's seed: the hinter never resets its source, and a sampled search draws its samples
        // from its seed, so the two must start alike to be compared.
        while (env.running && env.legalCount < 2) {
          own.observe?.(env);
          env.step(env.legal[0]);
        }
      }
      const top = loaded.hinter.hint(env).hints[0].action;
      const mine = own.act(env);
      if (top !== mine && own.score) {
        // Moves of equal value (every sample lost, say) may come in another order: the top hint is one of them.
        const scores = own.score(env).actions;
        const value = (action: number) => scores.find((a) => a.action === action)?.score;
        expect(value(top), `${id}: hint ${top}, own move ${mine}`).toBe(value(mine));
      } else expect(top, id).toBe(mine);
    }
  }, 60_000);
});

describe('hinterForEnv', () => {
  it('loads the model only when the choice is the model, and ranks with what it loaded', async () => {
    const loaded: string[] = [];
    // A real agent standing in for a model, so the ranking shows which one answers.
    const models = {
      info: (id: string) => (id === 'decade' || id === 'four-ten' ? shippedInfo(id) : null),
      load: async (id: string): Promise<Agent> => {
        loaded.push(id);
        return createAgent('longest', id, {});
      },
    };
    const withModel = await hinterForEnv('decade', {}, models);
    expect(withModel).toMatchObject({ source: 'model models/decade/ (shipped)', fromModel: true });
    expect(loaded).toEqual(['decade']);
    // At a decision where the stand-in and the search that would answer otherwise disagree.
    const env = make('decade');
    const longest = createAgent('longest', 'decade', {});
    const pimc = createAgent('pimc', 'decade', {});
    env.reset({ seed: 1 });
    pimc.reset(1);
    while (env.running && (env.legalCount < 2 || longest.act(env) === pimc.act(env))) env.step(longest.act(env));
    expect(env.running).toBe(true);
    expect(withModel.hinter.hint(env).hints[0].action).toBe(longest.act(env));
    expect(withModel.hinter.hint(env).hints[0].action).not.toBe(pimc.act(env));

    // decade with fives asks for decade-fives' model and loads it.
    const fives = await hinterForEnv(
      'decade',
      { fives: true },
      { info: (id: string) => (id === 'decade-fives' ? shippedInfo(id) : null), load: models.load },
    );
    expect(fives).toMatchObject({ source: 'model models/decade-fives/ (shipped)', fromModel: true });
    expect(loaded).toEqual(['decade', 'decade-fives']);
    loaded.pop();

    // Four Ten ships a model, but bottom-direct answers: the model is never loaded.
    const without = await hinterForEnv('four-ten', {}, models);
    expect(without).toMatchObject({
      source:
        'bottom-direct (safety first, then the best round prospects, by the fewest exchanges; never more ' +
        'rounds than bottom, unlike the trained model in models/four-ten/)',
      fromModel: false,
    });
    expect(loaded).toEqual(['decade']);
  });

  it(
    'after a model failed to load, { info: () => null, lost } gives the search chosen where no model is ' +
      'shipped, with the reason (play-page.md), and needs no load',
    async () => {
      const lost = 'model "models/decade/": model.json is missing';
      const fallback = await hinterForEnv('decade', {}, { info: () => null, lost });
      expect(fallback).toMatchObject({
        source:
          `pimc (a search that plays out many guesses of the unseen cards; the trained model could not be loaded: ` +
          `${lost})`,
        fromModel: false,
      });
      const env = make('decade');
      env.reset({ seed: 1 });
      expect(fallback.hinter.hint(env).hints.length).toBe(env.legalCount);
      // Where the model would answer, there must be a load to load it.
      await expect(hinterForEnv('decade', {}, { info: (id: string) => shippedInfo(id) })).rejects.toThrow(
        expect.objectContaining({
          name: 'TengymError',
          code: 'bad-argument',
          message:
            'hinterForEnv: models.info("decade") gives a shipped model, which gives the hints here, and the ' +
            'shipped models have no load(modelId) to load it; give load, or info: () => null for hints from a ' +
            'search',
        }),
      );
      // Where a search answers anyway, none is needed.
      expect((await hinterForEnv('four-ten', {}, { info: (id: string) => shippedInfo(id) })).fromModel).toBe(false);
    },
  );

  it(
    'refuses shipped models that are not { info, load }, and an info that is not a model’s metadata or null, by ' +
      'name',
    async () => {
      const refused = (p: Promise<unknown>, message: RegExp) =>
        expect(p).rejects.toThrow(
          expect.objectContaining({
            name: 'TengymError',
            code: 'bad-argument',
            message: expect.stringMatching(message),
          }),
        );
      const usage = new RegExp(
        String.raw`^hinterForEnv takes as its third argument the shipped models, \{ info\(envId\), ` +
          String.raw`load\?\(modelId\), lost\? \} \(ShippedModels: info gives a model's \{ env, options \} or ` +
          String.raw`null, load its agent, needed where info gives a model\), got `,
      );
      await refused(hinterForEnv('decade', {}, undefined as never), new RegExp(`${usage.source}undefined$`));
      await refused(hinterForEnv('decade', {}, {} as never), new RegExp(`${usage.source}\\{\\}$`));
      await refused(hinterForEnv('decade', {}, {} as never, {}), new RegExp(`${usage.source}\\{\\}$`));
      await refused(
        hinterForEnv(
          'decade',
          {},
          { info: () => undefined as never, load: async () => createAgent('first', 'decade', {}) },
        ),
        /^hinterForEnv: models\.info\("decade"\) must give what models\/<env id>\/ holds: .*got undefined$/,
      );
    },
  );
});

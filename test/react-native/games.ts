// What the Hermes test runs on both engines: whole games from fixed seeds with the catalogue's
// agents, state saved mid-game and played on, hints, the rules text, errors, the vector env and
// the statistics, each written as a line. It reaches tengym only through the package root it is
// given and uses nothing an engine may lack (no console, no Node): the lines from Hermes must be
// the lines from Node.
import type * as Tengym from '../../src/index.js';

export interface GameInputs {
  /** The rules document (docs/rules.md and the games' pages), which an app bundles and passes to rulesSection. */
  rules: string;
  /** A shipped model's tengym metadata (models/decade/model.json), for the source a model's hints name. */
  decadeModelMetadata: unknown;
}

interface Game {
  id: string;
  options?: Record<string, unknown>;
  seed: number;
  agents: string[];
  /** Decision points (more than one legal move) at which to ask the default hinter. */
  hints?: number;
}

/** Games with agents and hints of their own; every other registered id is played by random and first. */
const GAMES: Game[] = [
  { id: 'tens', seed: 1, agents: ['random', 'first'], hints: 1 },
  { id: 'tens', options: { tableau: 15, refill: 'buffered', reward: 'cards' }, seed: 3, agents: ['random'] },
  { id: 'block-ten', seed: 5, agents: ['random', 'first'], hints: 1 },
  { id: 'decade', seed: 7, agents: ['random', 'longest', 'lookahead', 'pimc', 'oracle'], hints: 1 },
  { id: 'decade-optional', seed: 9, agents: ['optimal', 'lookahead'], hints: 2 },
  { id: 'decade-max3', seed: 10, agents: ['longest', 'pimc'] },
  { id: 'decade-loop', seed: 11, agents: ['random', 'pimc'], hints: 1 },
  { id: 'decade-fives', seed: 12, agents: ['lookahead'], hints: 1 },
  { id: 'decade-stacks', seed: 13, agents: ['longest', 'lookahead'], hints: 1 },
  { id: 'ten-twenty-thirty', seed: 14, agents: ['random', 'lookahead', 'pimc'], hints: 2 },
  // The round prospects behind bottom, expectimax and the hints take seconds to solve on Hermes, once per option set.
  { id: 'four-ten', seed: 15, agents: ['random', 'greedy', 'bottom', 'expectimax'], hints: 1 },
  {
    id: 'four-ten',
    options: { drawVisible: false, check: 'faults-first', reward: 'rounds' },
    seed: 17,
    agents: ['random', 'greedy'],
  },
];

/** FNV-1a's step over 32-bit words. */
const mix = (h: number, word: number): number => Math.imul(h ^ word, 0x01000193);

/** A short fingerprint of a long text, the same on every engine. */
function fingerprint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = mix(h, text.charCodeAt(i));
  return `${(h >>> 0).toString(16)}/${text.length}`;
}

/** `h` carried over an observation's float32 bits: every value exactly, without writing them out. */
function withObservation(h: number, observation: Float32Array): number {
  const words = new Uint32Array(observation.buffer, observation.byteOffset, observation.length);
  for (let i = 0; i < words.length; i++) h = mix(h, words[i]);
  return h;
}

/** The error a call throws, as a program sees it: its class, code and message. */
function thrown(tengym: typeof Tengym, fn: () => unknown): string {
  try {
    fn();
    return 'no error';
  } catch (e) {
    const err = e as Error & { code?: string };
    return JSON.stringify([err instanceof Error, tengym.isTengymError(err), err.name, err.code ?? null, err.message]);
  }
}

export async function playGames(tengym: typeof Tengym, inputs: GameInputs): Promise<string[]> {
  const lines: string[] = [];
  const say = (label: string, value: unknown) =>
    lines.push(`${label}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);

  say('env ids', tengym.envIds());
  say('listing', fingerprint(JSON.stringify(tengym.envs())));
  say('cards', Array.from({ length: 52 }, (_, c) => `${tengym.cardCode(c)}=${tengym.cardLabel(c)}`).join(' '));
  const rng = tengym.createRng(42);
  const deck = Array.from({ length: 20 }, (_, i) => i);
  tengym.shuffleInPlace(rng, deck);
  say('rng', [Array.from({ length: 8 }, () => tengym.randomInt(rng, 0, 99)), deck]);

  // Every registered id GAMES does not name is played too, by the agents every env has: a new game is covered.
  const listed = new Set(GAMES.map((g) => g.id));
  const others = tengym
    .envIds()
    .filter((id) => !listed.has(id))
    .map((id): Game => ({ id, seed: 1, agents: ['random', 'first'] }));
  for (const game of [...GAMES, ...others]) {
    const options = game.options ?? {};
    const name = `${game.id} ${JSON.stringify(options)} seed ${game.seed}`;
    const env = tengym.make(game.id, options);
    for (const agentName of game.agents) {
      const agent = tengym.createAgent(agentName, game.id, options);
      const first = env.reset({ seed: game.seed });
      agent.reset(game.seed);
      const actions: number[] = [];
      let observations = withObservation(0x811c9dc5, first.observation);
      let total = 0;
      let saved = '';
      while (env.running) {
        if (actions.length === 10) saved = JSON.stringify(env.getState());
        const action = agent.act(env);
        actions.push(action);
        const step = env.step(action);
        total += step.reward;
        observations = withObservation(observations, step.observation);
      }
      say(`${name} ${agentName}`, {
        steps: actions.length,
        actions,
        total,
        outcome: env.outcome(),
        observations: (observations >>> 0).toString(16),
      });
      say(`${name} ${agentName} end`, {
        state: env.getState(),
        board: fingerprint(JSON.stringify(env.board())),
        render: env.render(),
      });
      if (saved) {
        // A game saved at step 10 and loaded into another env plays on to the same end.
        const again = tengym.make(game.id, options);
        again.setState(JSON.parse(saved));
        for (const action of actions.slice(10)) again.step(action);
        say(`${name} ${agentName} from step 10`, JSON.stringify(again.getState()) === JSON.stringify(env.getState()));
      }
    }

    if (game.hints) {
      // The default hinter (each game's search), shown every state of a game in order, as the page does.
      const hinter = tengym.createHinter({ details: false });
      const player = tengym.createAgent(game.agents[0], game.id, options);
      env.reset({ seed: game.seed + 100 });
      player.reset(game.seed + 100);
      let asked = 0;
      while (env.running && asked < game.hints) {
        if (env.legalCount > 1) {
          const prompt = env.prompt();
          say(`${name} hint ${asked + 1}`, { prompt, hint: hinter.hint(env, { top: 3 }) });
          asked++;
        } else {
          hinter.observe(env);
        }
        env.step(player.act(env));
      }
      if (asked < game.hints) say(`${name} hints`, `only ${asked} decision points`);
    }

    const section = tengym.rulesSection(inputs.rules, game.id);
    say(`${game.id} rules`, section === null ? null : fingerprint(tengym.plainText(section)));
  }

  // Four Ten's hints with the round's prospects from the exact round solver, on a Hand of 6 (a
  // solve of 10 takes a second on Node, several on Hermes).
  const fourTen = tengym.make('four-ten', { handTarget: 6 });
  fourTen.reset({ seed: 16 });
  say('four-ten hint with figures', tengym.createHinter({ agent: 'greedy' }).hint(fourTen.getState(), { top: 3 }));

  // A model's hints name it by its metadata; the moves here come from `longest`.
  const longest = tengym.createAgent('longest', 'decade');
  const model = {
    name: 'model',
    fair: true,
    metadata: inputs.decadeModelMetadata,
    reset: () => undefined,
    act: (e: Tengym.Env) => longest.act(e),
  } as unknown as Tengym.Agent;
  const decade = tengym.make('decade');
  decade.reset({ seed: 21 });
  while (decade.legalCount === 1) decade.step(decade.legal[0]);
  say('model hint', tengym.createHinter({ model }).hint(decade, { top: 2 }));

  // hinterForEnv, as the play page makes its hinter: the shipped model where there is one (here the stand-in), else the
  // search.
  const metadata = inputs.decadeModelMetadata as { env: string; options: Record<string, unknown> };
  const shipped = {
    info: (id: string) => (id === 'decade' ? { env: metadata.env, options: metadata.options } : null),
    load: async () => model,
  };
  for (const id of ['decade', 'decade-loop']) {
    const loaded = await tengym.hinterForEnv(id, {}, shipped, { details: false });
    const env = tengym.make(id);
    env.reset({ seed: 22 });
    while (env.legalCount === 1) env.step(env.legal[0]);
    say(`hinterForEnv ${id}`, {
      source: loaded.source,
      fromModel: loaded.fromModel,
      hint: loaded.hinter.hint(env, { top: 1 }),
    });
  }

  // A Ten-Twenty-Thirty game's states saved and brought back: the hints then know the order under the stock as before.
  const ttt = tengym.make('ten-twenty-thirty');
  ttt.reset({ seed: 23 });
  const states = new tengym.GameStates(ttt);
  const lookahead = tengym.createAgent('lookahead', 'ten-twenty-thirty');
  lookahead.reset(23);
  // On to the first choice after a dozen moves.
  while (ttt.running && (ttt.episodeSteps < 12 || ttt.legalCount === 1)) {
    ttt.step(lookahead.act(ttt));
    states.record(ttt);
  }
  const saved = JSON.stringify(states);
  const back = tengym.GameStates.fromJSON(ttt, JSON.parse(saved));
  say('game states', {
    saved: fingerprint(saved),
    hint: ttt.running ? back.hint(tengym.createHinter(), ttt, { top: 2 }) : ttt.outcome(),
  });

  const replay: string[] = [];
  tengym.playthrough(
    tengym.make('decade'),
    { seed: 8 },
    (env) => env.legal[0],
    (line) => replay.push(JSON.stringify(line)),
  );
  say('playthrough', { lines: replay.length, text: fingerprint(replay.join('\n')), last: replay[replay.length - 1] });

  say(
    'anchors',
    [
      'Ten-Twenty-Thirty',
      'Four Ten',
      'Cards, deals and seeds',
      '  The environment contract ',
      'Décade: « vingt » (2×10)',
    ].map((h) => tengym.headingAnchor(h)),
  );
  say('stats', tengym.randomPlayStats('decade', {}, 30, 1));
  say('wilson', tengym.wilsonInterval(7, 30));
  say('check tens', tengym.checkEnv('tens', {}, { episodes: 3, seed: 2 }));

  const episodes: Tengym.EpisodeRecord[] = [];
  const vector = new tengym.VectorEnv('decade', {}, 3, { onEpisode: (e) => episodes.push(e) });
  vector.reset({ seed: 30 });
  let rewards = 0;
  for (let t = 0; t < 200; t++) {
    const result = vector.step(vector.envs.map((e) => e.legal[e.legalCount - 1]));
    for (const r of result.rewards) rewards += r;
  }
  say('vector', {
    episodes,
    rewards,
    observations: fingerprint(Array.from(vector.observations).join(',')),
    masks: fingerprint(Array.from(vector.masks).join('')),
  });

  const errors = tengym.make('decade');
  const decadeId: string = 'decade'; // an id known only at run time: any options compile
  say('errors', [
    thrown(tengym, () => tengym.make('decad')),
    thrown(tengym, () => tengym.make(decadeId, { stack: 3 })),
    thrown(tengym, () => tengym.make(decadeId, { discard: 'sometimes' })),
    thrown(tengym, () => errors.step(0)),
    thrown(tengym, () => errors.reset({ seed: 1.5 })),
    thrown(tengym, () => (errors.reset({ seed: 1 }), errors.step(9999))),
    thrown(tengym, () => errors.setState({ env: 'decade', options: {}, rng: [0, 0, 0, 0], game: {} })),
    thrown(tengym, () => tengym.createAgent('pimcc', 'decade')),
    thrown(tengym, () => tengym.createHinter({ agnet: 'pimc' } as never)),
    thrown(tengym, () => tengym.parseStandardDeck('AS AS')),
  ]);
  return lines;
}

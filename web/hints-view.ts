/**
 * The hints: the hinter of the game shown, chosen as `tengym hint` chooses it (a shipped model,
 * loaded on demand, else a search), and the ranked moves drawn beside the board.
 */
import {
  chooseHintSource,
  hinterForEnv,
  formatScore,
  hintHeader,
  type Env,
  type HintResult,
  type LoadedHinter,
  type ModelIndex,
  type ShippedModels,
} from '../src/index.js';
import type { BrowserBackend } from '../src/models.js';
import { spotKey } from './board.js';
import { game, type Move } from './game.js';
import { actions, api, drawn } from './page.js';
import { preferredBackend } from './persist.js';
import { kbd, ui } from './ui.js';
import { markForeseen, restoreFocus, shown } from './view.js';

/**
 * How long a hint may spend building its source's tables (Four Ten's, about a second in all): half a frame. Until they
 * are built the page shows the quick answer and builds them a slice a frame, then shows the source's.
 */
const HINT_BUDGET_MS = 8;

/** A hinter, and the line that says its hints are a fallback's when the trained model could not be loaded. */
interface PageHinter {
  loaded: LoadedHinter;
  modelsLost: string | null;
  /** What the hints' line adds when the model runs on a slower backend than the one chosen for it. */
  slowBackend: string | null;
}

let modelIndex: Promise<ModelIndex> | null = null;
const hinters = new Map<string, Promise<PageHinter>>();
const warmHinters = new WeakSet<LoadedHinter>();
/** The hints of the position last ranked, so that a tap (which redraws) does not rank it again. */
let lastHints: { position: string; source: string; result: HintResult } | null = null;

function shippedModels(): Promise<ModelIndex> {
  if (!modelIndex) {
    modelIndex = fetch(new URL('models/index.json', document.baseURI))
      .then((r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        return r.json() as Promise<ModelIndex>;
      })
      .catch((e: Error) => {
        throw new Error(`models/index.json: ${e.message}`);
      });
    // A failed load (the network, the server, a broken file) is tried again at the next position, as a model's files
    // are.
    modelIndex.catch(() => (modelIndex = null));
  }
  return modelIndex;
}

/** Whether a trained model would give the hints of `game` were one shipped for its options. */
function modelCouldAnswer(game: Env): boolean {
  const opts = game.options as Record<string, unknown>;
  return chooseHintSource(game.id, opts, { env: game.id, options: opts }).kind === 'model';
}

/** What `game`'s hints say when its trained model could not be loaded (`why`), where that matters. */
function modelsLostLine(game: Env, why: string): string | null {
  if (!modelCouldAnswer(game)) return null;
  // In a player's words, as the hints' header: the search's name is in the hints' source, on hover.
  return `The trained model could not be loaded (${why}): hints from a search of the moves ahead instead.`;
}

/**
 * What the hints' line adds when the model runs on `backend` though `chosen` was meant for it
 * (that one did not set up: for WebAssembly, its .wasm files were not fetched), or null. The
 * hints are the same, only slower, so the line says so rather than falling back to a search.
 */
function backendLine(chosen: BrowserBackend, backend: BrowserBackend): string | null {
  if (backend === chosen) return null;
  const what =
    chosen === 'wasm' ? 'its WebAssembly files did not load' : `TensorFlow.js's ${chosen} backend did not set up`;
  return (
    `the model runs on TensorFlow.js's ${backend === 'cpu' ? 'plain JavaScript' : backend} backend, slower ` +
    `(${what})`
  );
}

/**
 * The hinter of the current env and options, as `tengym hint` would choose it. Without the
 * trained model (the list of models or the model's own files could not be loaded) the choice
 * falls back to the search chosen where no model is shipped, and says so: that hinter is chosen
 * again at the next position, when the model may load.
 */
function hinterFor(current: Env): Promise<PageHinter> {
  const key = `${current.id} ${JSON.stringify(current.options)}`;
  let loading = hinters.get(key);
  if (!loading) {
    const opts = current.options as Record<string, unknown>;
    let modelError: string | null = null;
    let slowBackend: string | null = null;
    const models: ShippedModels = {
      info: async (id) => {
        try {
          const entry = (await shippedModels())[id] ?? null;
          // An entry of the wrong shape fails the list as a failed load does (chooseHintSource checks it).
          chooseHintSource(id, {}, entry);
          return entry;
        } catch (e) {
          modelError = (e as Error).message;
          modelIndex = null; // fetched again at the next position
          return null;
        }
      },
      load: async (modelId) => {
        try {
          const weights = (await shippedModels())[modelId].weights;
          const { loadShippedModel } = await import('./model-loader.js');
          const { agent, backend, chosen } = await loadShippedModel(modelId, weights, preferredBackend);
          api.backend = backend;
          slowBackend = backendLine(chosen, backend);
          return agent;
        } catch (e) {
          modelError = (e as Error).message;
          throw e;
        }
      },
      // Read after `info`: a list that failed is the reason in the fallback's source.
      get lost() {
        return modelError ?? undefined;
      },
    };
    const config = { budgetMs: HINT_BUDGET_MS };
    loading = hinterForEnv(current.id, opts, models, config)
      // The model's own files failed: the search chosen without a model, as when the list fails.
      .catch((e: unknown) => {
        if (modelError === null) throw e;
        return hinterForEnv(current.id, opts, { ...models, info: () => null }, config);
      })
      .then((loaded) => ({
        loaded,
        modelsLost: modelError === null ? null : modelsLostLine(current, modelError),
        slowBackend,
      }));
    hinters.set(key, loading);
    // A failed load (the network, a missing file) is tried again at the next position.
    const forget = () => hinters.delete(key);
    loading.then(() => modelError !== null && forget(), forget);
  }
  return loading;
}

/** Shows the ranked moves of the current position (hints on, a choice to make); `position` is its state JSON. */
export async function showHints(moves: Move[], position: string, gen: number): Promise<void> {
  ui.hints.hidden = false;
  ui.hintList.replaceChildren();
  ui.hintSource.textContent = 'Loading hints…';
  ui.hintSource.classList.remove('error');
  let loaded: LoadedHinter;
  let modelsLost: string | null;
  let slowBackend: string | null;
  try {
    ({ loaded, modelsLost, slowBackend } = await hinterFor(game.env));
  } catch (e) {
    if (gen === drawn.generation) ui.hintSource.textContent = `No hints: ${(e as Error).message}`;
    return;
  }
  if (gen !== drawn.generation) return;
  if (!warmHinters.has(loaded)) {
    // Let the board paint before the first hint, which can be slow (Four Ten solves a round for its sentences).
    warmHinters.add(loaded);
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    if (gen !== drawn.generation) return;
  }
  let result: HintResult;
  if (lastHints?.position === position && lastHints.source === loaded.source) result = lastHints.result;
  else {
    const start = performance.now();
    // Every legal move ranked (top 0), by the session: its hinter is shown the whole game.
    result = game.session.hint(0, loaded.hinter) as HintResult;
    api.hintMs.push(performance.now() - start);
    lastHints = { position, source: loaded.source, result };
  }
  api.hints = result;
  api.source = loaded.source;
  api.firstHintMs ??= performance.now();
  // In a player's words (the session's header, as `tengym play` gives it); the source's own name on hover.
  ui.hintSource.textContent =
    modelsLost ?? result.note ?? `${hintHeader(result)}${slowBackend ? `: ${slowBackend}` : ''}`;
  ui.hintSource.title = result.source;
  ui.hintSource.classList.toggle('error', modelsLost !== null);
  const legal = moves.map((m) => m.action);
  result.hints.forEach((h, i) => {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.action = String(h.action);
    const number = legal.indexOf(h.action) + 1;
    button.append(kbd(number), ` ${h.text}`);
    // A score on the source's own scale (a rule's ranking, as bottom-direct's −100010) tells a
    // player nothing the order does not; the sentence carries Four Ten's figures.
    if (!result.sameOutcome && h.scoreKind !== 'heuristic') {
      const score = document.createElement('span');
      score.className = 'score';
      score.textContent = h.tied ? `${formatScore(h)} · tied` : formatScore(h);
      button.append(' ', score);
    }
    if (shown.candidates.has(h.action)) button.classList.add('candidate');
    markForeseen(button, shown.notes.get(h.action));
    button.addEventListener('click', () => actions.play(h.action));
    if (i === 0) li.classList.add('top');
    li.append(button);
    ui.hintList.append(li);
  });
  // The top move's cards, on the board; the ranked list replaces the move list when it holds every move.
  const top = result.hints[0];
  if (top && !result.sameOutcome) {
    for (const c of top.cards) document.querySelector(`#board [data-spot="${spotKey(c)}"]`)?.classList.add('hint-top');
  }
  ui.movesPanel.hidden = result.hints.length === moves.length;
  restoreFocus(true);
  if (result.interim) await finishHints(loaded, gen);
  if (result.interim && gen === drawn.generation) {
    lastHints = null;
    await showHints(moves, position, gen);
  }
}

/**
 * Builds what the hints of this position still need, a slice a frame (the page answers the player between slices),
 * until done or the position changes (its hints then carry the building on).
 */
async function finishHints(loaded: LoadedHinter, gen: number): Promise<void> {
  while (gen === drawn.generation && !loaded.hinter.prepare(game.env, HINT_BUDGET_MS))
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
}

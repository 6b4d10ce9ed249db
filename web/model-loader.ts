/**
 * Loads a shipped model in the page: TensorFlow.js on the backend chosen for the model's size,
 * the model fetched from models/<id>/. A separate chunk, so the page starts without
 * TensorFlow.js and loads it only when a model gives the hints.
 */
import { backendsFor, loadModelFromUrl, useBrowserBackend, type BrowserBackend } from '../src/models.js';
import type { Agent } from '../src/index.js';

let backend: Promise<BrowserBackend> | null = null;

interface ShippedModel {
  agent: Agent;
  backend: BrowserBackend;
  chosen: BrowserBackend;
}

/**
 * Each model's load, by id. Several games and options can take their hints from one model
 * (`decade` with { fives: true } and `decade-fives`), and its weights are downloaded and held
 * once. Sharing one agent between their hinters is safe: the agents a shipped model plays as
 * (`DecadeSearchAgent`, `AfterstateAgent`) keep what they know of a game per env (WeakMaps keyed
 * by the env), and their other buffers are scratch, filled afresh by each synchronous decision.
 */
const models = new Map<string, Promise<ShippedModel>>();

/**
 * The agent of `models/<modelId>/`, with `weights` weights (from models/index.json), loaded once
 * per page. The backend is chosen once per page, for the first model loaded (again at the next
 * load if none set up); `prefer` forces one (the page's `?backend=` parameter, for measuring).
 * `chosen` is the backend meant for this model: `backend` differs from it where that one did not
 * set up here.
 */
export function loadShippedModel(modelId: string, weights: number, prefer?: BrowserBackend): Promise<ShippedModel> {
  let loading = models.get(modelId);
  if (!loading) {
    loading = loadOnce(modelId, weights, prefer);
    models.set(modelId, loading);
    // A failed load (the network, a missing file) is tried again by the next hinter that asks.
    loading.catch(() => models.delete(modelId));
  }
  return loading;
}

async function loadOnce(modelId: string, weights: number, prefer?: BrowserBackend): Promise<ShippedModel> {
  // A set-up that failed (a backend's files not fetched) is tried again at the next model load.
  backend ??= useBrowserBackend(weights, { wasmPath: new URL('./', document.baseURI).href, prefer }).catch(
    (e: unknown) => {
      backend = null;
      throw e;
    },
  );
  const name = await backend;
  // Checked as any downloaded model is: weights only from its folder, sizes and values as model.json describes.
  const agent = await loadModelFromUrl(
    new URL(`models/${modelId}/model.json`, document.baseURI).href,
    `models/${modelId}/`,
  );
  return { agent, backend: name, chosen: prefer ?? backendsFor(weights)[0] };
}

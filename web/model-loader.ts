/**
 * Loads a shipped model in the page: TensorFlow.js on the backend chosen for the model's size,
 * the model fetched from models/<id>/. A separate chunk, so the page starts without
 * TensorFlow.js and loads it only when a model gives the hints.
 */
import { backendsFor, loadModelFromUrl, useBrowserBackend, type BrowserBackend } from '../src/models.js';
import type { Agent } from '../src/index.js';

let backend: Promise<BrowserBackend> | null = null;

/**
 * The agent of `models/<modelId>/`, with `weights` weights (from models/index.json). The backend
 * is chosen once per page, for the first model loaded (again at the next load if none set up);
 * `prefer` forces one (the page's `?backend=` parameter, for measuring). `chosen` is the backend
 * meant for this model: `backend` differs from it where that one did not set up here.
 */
export async function loadShippedModel(
  modelId: string,
  weights: number,
  prefer?: BrowserBackend,
): Promise<{ agent: Agent; backend: BrowserBackend; chosen: BrowserBackend }> {
  // A set-up that failed (a backend's files not fetched) is tried again at the next model load.
  backend ??= useBrowserBackend(weights, { wasmPath: new URL('./', document.baseURI).href, prefer }).catch((e: unknown) => {
    backend = null;
    throw e;
  });
  const name = await backend;
  // Checked as any downloaded model is: weights only from its folder, sizes and values as model.json describes.
  const agent = await loadModelFromUrl(new URL(`models/${modelId}/model.json`, document.baseURI).href, `models/${modelId}/`);
  return { agent, backend: name, chosen: prefer ?? backendsFor(weights)[0] };
}

/**
 * The Options panel: a form drawn from the game's options schema; a changed option deals the same
 * seed again under the new rules.
 */
import { game, isTengymError, listings, make } from './game.js';
import { actions, state } from './page.js';
import { ui } from './ui.js';

/**
 * Options a player does not choose: what an RL agent is rewarded with, and the step limit of a
 * training episode (a link may still set them; the form keeps their values).
 */
const HIDDEN_OPTIONS = new Set(['reward', 'maxSteps']);

/** A Tab from an option's field, while the change it fired is applied. */
let optionTab: { name: string; back: boolean } | null = null;

/**
 * Moves the focus from the option field `tab.name` to the control after it (before it with Shift), if the focus was
 * lost.
 */
function tabOnFrom(tab: { name: string; back: boolean }): void {
  if (document.activeElement !== document.body) return;
  const controls = [
    ...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary'),
  ].filter((c) => !c.closest('[hidden]') && !(c as HTMLButtonElement).disabled && c.getClientRects().length > 0);
  const at = controls.findIndex((c) => c.closest('#options') && c.getAttribute('name') === tab.name);
  controls[at + (tab.back ? -1 : 1)]?.focus();
}

export function buildOptionsForm(): void {
  const listing = listings.get(game.env.id)!;
  const schema = listing.optionsSchema as {
    properties: Record<
      string,
      {
        description?: string;
        enum?: unknown[];
        type?: string;
        minimum?: number;
        maximum?: number;
        anyOf?: { type: string; minimum?: number }[];
      }
    >;
  };
  const current = game.env.options as Record<string, unknown>;
  ui.options.replaceChildren();
  for (const [name, prop] of Object.entries(schema.properties)) {
    if (HIDDEN_OPTIONS.has(name)) continue;
    // The schema's description is the player's label; the option's name (what links and the
    // library use) shows on hover.
    const label = document.createElement('label');
    label.append(`${prop.description ?? name} `);
    label.title = name;
    let input: HTMLInputElement | HTMLSelectElement;
    if (prop.enum) {
      const select = document.createElement('select');
      for (const value of prop.enum) {
        const option = document.createElement('option');
        option.value = JSON.stringify(value);
        option.textContent = String(value);
        select.append(option);
      }
      select.value = JSON.stringify(current[name]);
      input = select;
    } else if (prop.type === 'boolean') {
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = current[name] === true;
      input = box;
    } else {
      const number = document.createElement('input');
      number.type = 'number';
      number.step = '1';
      const range = prop.anyOf?.find((p) => p.type === 'integer') ?? prop;
      if (range.minimum !== undefined) number.min = String(range.minimum);
      if (prop.maximum !== undefined && prop.maximum < 1e6) number.max = String(prop.maximum);
      if (prop.anyOf) number.placeholder = 'none';
      number.value = current[name] === null ? '' : String(current[name]);
      input = number;
    }
    input.name = name;
    input.addEventListener('keydown', (e) => {
      const key = e as KeyboardEvent;
      if (key.key !== 'Tab') return;
      // The change a Tab fires comes before the focus moves, within this task.
      optionTab = { name, back: key.shiftKey };
      setTimeout(() => (optionTab = null), 0);
    });
    input.addEventListener('change', () => {
      const tab = optionTab;
      applyOptions();
      // The field the Tab was going to went with the old form: go on from the rebuilt one.
      if (tab) setTimeout(() => tabOnFrom(tab), 0);
    });
    label.append(input);
    ui.options.append(label);
  }
}

function readOptionsForm(): Record<string, unknown> {
  const current = game.env.options as Record<string, unknown>;
  const out: Record<string, unknown> = Object.fromEntries(
    Object.entries(current).filter(([name]) => HIDDEN_OPTIONS.has(name)),
  );
  // An option the id leaves out by default (Decade's dealAll) stays out while unticked, so that the options still
  // match the id's preset (its shipped model, its measured thirds).
  const defaults = make(game.env.id).options as Record<string, unknown>;
  for (const input of ui.options.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select')) {
    if (input instanceof HTMLSelectElement) out[input.name] = JSON.parse(input.value);
    else if (input.type === 'checkbox' && !input.checked && !(input.name in defaults)) continue;
    else if (input.type === 'checkbox') out[input.name] = input.checked;
    else out[input.name] = input.value === '' ? null : Number(input.value);
  }
  return out;
}

/** A changed option deals the same seed again under the new rules. */
function applyOptions(): void {
  const opts = readOptionsForm();
  try {
    make(game.env.id, opts);
  } catch (e) {
    ui.optionsError.textContent = isTengymError(e) ? e.message : String(e);
    ui.optionsError.hidden = false;
    return;
  }
  ui.optionsError.hidden = true;
  actions.startGame(game.env.id, opts, state().seed);
}

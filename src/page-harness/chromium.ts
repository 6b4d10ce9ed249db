/**
 * The play page in a real Chromium (Node-only; used by the browser tests and the page's
 * measurements): finds the system's Chromium (Debian's `chromium` package; no browser is ever
 * downloaded), serves the built page and opens it with `playwright-core`, collecting every
 * console error.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { servePage, type PageServer } from '../cli/commands/serve.js';
import type { EnvState } from '../env/env.js';
import type { HintResult } from '../hints/hint.js';

/** Where Chromium is looked for: $TENGYM_CHROMIUM, else Debian's and Ubuntu's paths. */
export const CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The Chromium executable, or null when none is installed. */
export function findChromium(): string | null {
  const given = process.env.TENGYM_CHROMIUM;
  if (given) return existsSync(given) ? given : null;
  return CHROMIUM_PATHS.find((p) => existsSync(p)) ?? null;
}

/**
 * Headless, no sandbox (CI runs as root), no GPU (WebGL then runs on SwiftShader, in software),
 * and none of Chromium's own network traffic (updates, sync, QUIC), which a closed network refuses.
 * playwright-core starts it with a new empty profile.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

/** What the page puts on `window.tengym` (web/main.ts), as read from outside. */
export interface PageView {
  state: EnvState;
  running: boolean;
  legal: number[];
  hints: HintResult | null;
  source: string | null;
  backend: string | null;
  readyMs: number | null;
  firstHintMs: number | null;
  hintMs: number[];
  /** The board's cards marked as the top hint's (`place:stack:index`, sorted). */
  hintTop: string[];
  /** The undos the player's session has spent this game. */
  undosUsed: number;
  /** The session's steps from the deal: each action, and whether it was forced. */
  steps: { action: number; forced: boolean }[];
}

/** One open page, with the console errors it has logged and the URLs it has requested. */
export class PlayPage {
  readonly errors: string[] = [];
  /** Every request's URL, from the page's first, in order (what a page downloads, and how often). */
  readonly requests: string[] = [];

  /**
   * The URL `goto` is going to while the page still shows the document before (undefined otherwise): until its
   * document commits, the errors and requests are the old document's, and not counted.
   */
  private arriving: string | undefined;
  /** The requests counted: a failure counts only for one of them, not for a fetch of the old document cut short. */
  private counted = new WeakSet<Request>();

  private constructor(readonly page: Page) {
    const noteError = (text: string) => {
      if (this.arriving === undefined) this.errors.push(text);
    };
    page.on('console', (m) => {
      if (m.type() === 'error') noteError(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => noteError(`uncaught: ${e.message}`));
    page.on('request', (r) => {
      const arrival = r.isNavigationRequest() && r.frame() === page.mainFrame() && r.url() === this.arriving;
      if (this.arriving !== undefined && !arrival) return;
      this.counted.add(r);
      this.requests.push(r.url());
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url() === this.arriving) this.arriving = undefined;
    });
    page.on('requestfailed', (r) => {
      if (this.counted.has(r)) this.errors.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`);
    });
  }

  /**
   * Opens `url` (a page URL with its query) in a new context and waits until the page waits
   * for the player. Motion is reduced unless `reducedMotion: false` (forced moves then play
   * at once); `init` is a script run before the page's own; `timezoneId` the browser's time zone (an IANA name).
   */
  static async open(
    browser: Browser,
    url: string,
    options: {
      reducedMotion?: boolean;
      viewport?: { width: number; height: number };
      init?: string;
      timezoneId?: string;
    } = {},
  ): Promise<PlayPage> {
    const context = await browser.newContext({
      reducedMotion: options.reducedMotion === false ? 'no-preference' : 'reduce',
      viewport: options.viewport ?? { width: 1200, height: 760 },
      ...(options.timezoneId === undefined ? {} : { timezoneId: options.timezoneId }),
    });
    if (options.init) await context.addInitScript(options.init);
    const p = new PlayPage(await context.newPage());
    await p.page.goto(url);
    await p.settled();
    return p;
  }

  /** Waits until no forced move or hint is pending. */
  async settled(timeout = 60_000): Promise<void> {
    await this.page.waitForFunction(
      "window.tengym !== undefined && !window.tengym.busy && document.body.dataset.ready === '1'",
      null,
      { timeout, polling: 5 },
    );
  }

  view(): Promise<PageView> {
    return this.page.evaluate(`(() => {
      const t = window.tengym;
      return { state: t.env.getState(), running: t.env.running, legal: t.env.legalActions(), hints: t.hints,
        source: t.source, backend: t.backend, readyMs: t.readyMs, firstHintMs: t.firstHintMs, hintMs: t.hintMs,
        hintTop: [...document.querySelectorAll('#board .card.hint-top')].map((e) => e.dataset.spot).sort(),
        undosUsed: t.session.undosUsed, steps: t.session.steps.map((s) => ({ ...s })) };
    })()`);
  }

  /**
   * Goes to `url` in this page and waits until it waits for the player, its errors and requests counted afresh from
   * the new document. What the document it leaves logs or fetches meanwhile (its game may still be working) is not
   * counted, nor a fetch of that document's cut short by the navigation.
   */
  async goto(url: string): Promise<void> {
    this.errors.length = 0;
    this.requests.length = 0;
    this.counted = new WeakSet();
    this.arriving = new URL(url).href;
    try {
      await this.page.goto(url);
    } finally {
      this.arriving = undefined;
    }
    await this.settled();
  }

  /** Plays an action through the page's own `play` and waits for the page to settle. */
  async play(action: number): Promise<void> {
    await this.page.evaluate(`window.tengym.play(${Number(action)})`);
    await this.settled();
  }

  close(): Promise<void> {
    return this.page.context().close();
  }
}

/** The built page served on a free port, and a Chromium to open it in. */
export async function startPageSession(
  executablePath: string,
): Promise<{ server: PageServer; browser: Browser; close(): Promise<void> }> {
  const server = await servePage({ port: 0 });
  const browser = await launchChromium(executablePath);
  return {
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

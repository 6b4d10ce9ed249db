// `tengym serve` and the page it serves, without a browser: the static files, the models'
// index, and a bundle that pulls in no Node module.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_DIR, servePage, type PageServer } from '../../src/cli/commands/serve.js';
import { firstStdoutLine } from '../helpers/process.js';

const BIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const MODELS = fileURLToPath(new URL('../../models/', import.meta.url));

/** A raw GET or POST (the path sent as is, unlike fetch, which normalises ".."); `host` replaces the Host header. */
function get(
  url: string,
  path: string,
  method = 'GET',
  host?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path,
        method,
        headers: { ...headers, ...(host === undefined ? {} : { host }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('tengym serve', () => {
  let child: ChildProcess;
  let url = '';

  beforeAll(async () => {
    child = spawn(process.execPath, [BIN, 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const line = await firstStdoutLine(child, 'tengym serve');
    expect(line).toMatch(/^tengym: the play page is at http:\/\/127\.0\.0\.1:\d+\/ .*Ctrl-C stops\n$/);
    url = /http:\/\/127\.0\.0\.1:\d+\//.exec(line)![0];
  });
  afterAll(async () => {
    // Ctrl-C (or SIGTERM) stops it cleanly, kept-alive connections or not.
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('serves the page, its scripts and the wasm binaries with their types', async () => {
    const page = await get(url, '/?env=decade&seed=7');
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    // Cross-origin isolated, for performance.now()'s fine resolution.
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['cross-origin-embedder-policy']).toBe('require-corp');
    const html = page.body.toString();
    expect(html).toContain('id="board"');
    const assets = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.length, 'the page names its script and style').toBeGreaterThanOrEqual(2);
    for (const src of assets) {
      const asset = await get(url, `/${src}`);
      expect(asset.status, src).toBe(200);
      expect(asset.type, src).toMatch(src.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
    }
    const wasm = await get(url, '/tfjs-backend-wasm-simd.wasm');
    expect(wasm.status).toBe(200);
    expect(wasm.type).toBe('application/wasm');
    expect(wasm.body.subarray(0, 4)).toEqual(Buffer.from([0, 0x61, 0x73, 0x6d]));
  });

  it('serves every shipped model, listed in models/index.json with what it was trained for', async () => {
    const index = JSON.parse((await get(url, '/models/index.json')).body.toString()) as Record<
      string,
      { env: string; options: unknown; weights: number }
    >;
    const shipped = readdirSync(MODELS, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(Object.keys(index).sort()).toEqual(shipped.sort());
    for (const id of shipped) {
      const json = JSON.parse(readFileSync(join(MODELS, id, 'model.json'), 'utf8'));
      expect(index[id].env).toBe(json.userDefinedMetadata.tengym.env);
      expect(index[id].options).toEqual(json.userDefinedMetadata.tengym.options);
      const weights = (await get(url, `/models/${id}/weights.bin`)).body;
      expect(weights.equals(readFileSync(join(MODELS, id, 'weights.bin')))).toBe(true);
      expect(index[id].weights * 4).toBe(weights.length);
    }
  });

  it('answers 404 outside the page, 400 to a malformed path, 405 to anything but GET and HEAD', async () => {
    expect((await get(url, '/%E0%A4%A')).status).toBe(400);
    expect((await get(url, '/no-such-file.js')).status).toBe(404);
    expect((await get(url, '/../package.json')).status).toBe(404);
    expect((await get(url, '/%2e%2e/%2e%2e/package.json')).status).toBe(404);
    expect((await get(url, '/..%2f..%2fpackage.json')).status).toBe(404);
    expect((await get(url, '/models/..%2f..%2f..%2fpackage.json')).status).toBe(404);
    expect((await get(url, '/', 'POST')).status).toBe(405);
  });

  it('a bad port is one clear line and exit code 1', () => {
    const r = spawnSync(process.execPath, [BIN, 'serve', '--port', '70000'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('tengym: --port must be an integer from 0 to 65535\n');
  });

  it('a port in use is one clear line and exit code 1', async () => {
    const port = new URL(url).port;
    const second = spawn(process.execPath, [BIN, 'serve', '--port', port], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    second.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toBe(`tengym: port ${port} is in use: give another with --port (0: any free port)\n`);
  });
});

describe('tengym serve against hostile requests and a changing folder', () => {
  let root = '';
  let page: PageServer;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'tengym-serve-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(root, 'gone.js'), 'x');
    // A file that opens but cannot be read (EIO), and whose size says 0: answered by its size, or refused.
    symlinkSync('/proc/self/mem', join(root, 'unreadable.bin'));
    // A link that cannot be opened at all (ELOOP).
    symlinkSync(join(root, 'loop.js'), join(root, 'loop.js'));
    page = await servePage({ root, port: 0 });
  });
  afterAll(async () => {
    await page.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('survives files it cannot read or that vanish, answering the next request', async () => {
    const unreadable = await get(page.url, '/unreadable.bin').catch((e: Error) => ({ status: -1, error: e.message }));
    expect([-1, 200, 500]).toContain(unreadable.status);
    // A link that loops is no file under the folder: not found (the server stays up either way).
    expect([404, 500]).toContain((await get(page.url, '/loop.js')).status);
    rmSync(join(root, 'gone.js'));
    expect((await get(page.url, '/gone.js')).status).toBe(404);
    expect(page.server.listening).toBe(true);
    expect((await get(page.url, '/')).status).toBe(200);
  });

  it('answers a file the browser holds already with 304 and no body, and a changed file in full', async () => {
    writeFileSync(join(root, 'weights.bin'), 'first build');
    const first = await get(page.url, '/weights.bin');
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(first.headers['last-modified']).toBe(new Date(first.headers['last-modified'] as string).toUTCString());
    const again = await get(page.url, '/weights.bin', 'GET', undefined, { 'if-none-match': `"other", ${etag}` });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await get(page.url, '/weights.bin', 'GET', undefined, { 'if-none-match': '*' })).status).toBe(304);
    expect((await get(page.url, '/weights.bin', 'GET', undefined, { 'if-none-match': '"other"' })).status).toBe(200);
    // A rebuild: another size, so another tag; the old one gets the whole new file.
    writeFileSync(join(root, 'weights.bin'), 'the second build');
    const changed = await get(page.url, '/weights.bin', 'GET', undefined, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.body.toString()).toBe('the second build');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('sends a file rebuilt while sent as long as its header said; the next answer is whole', async () => {
    // One kept-alive connection, as a browser's: bytes past an answer's length would be read as the next answer.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const u = new URL(page.url);
    /** A GET on that connection; `midway` runs at the answer's first bytes, the rest of the file not yet read. */
    const fetchOn = (path: string, midway?: () => void) =>
      new Promise<{ status: number; length: number; complete: boolean }>((resolve, reject) => {
        const req = request({ host: u.hostname, port: u.port, path, agent }, (res) => {
          let length = 0;
          res.on('data', (chunk: Buffer) => {
            if (length === 0) midway?.();
            length += chunk.length;
          });
          res.on('error', () => undefined);
          res.on('close', () => resolve({ status: res.statusCode ?? 0, length, complete: res.complete }));
        });
        req.on('error', reject);
        req.end();
      });
    // Larger than the connection's buffers hold, so the server is still reading it when the file changes.
    const size = 16 * 1024 * 1024;
    const file = join(root, 'model.bin');
    writeFileSync(file, Buffer.alloc(size, 1));
    const grown = await fetchOn('/model.bin', () => appendFileSync(file, Buffer.alloc(size, 2)));
    expect(grown).toEqual({ status: 200, length: size, complete: true });
    expect(await fetchOn('/')).toMatchObject({ status: 200, complete: true });
    // Shrunk mid-answer: the connection is closed, not left waiting for bytes that will not come.
    const shrunk = await fetchOn('/model.bin', () => truncateSync(file, 10));
    expect(shrunk).toMatchObject({ status: 200, complete: false });
    expect(shrunk.length).toBeLessThan(2 * size);
    expect(await fetchOn('/')).toMatchObject({ status: 200, complete: true });
    agent.destroy();
  });

  it('answers only requests addressed to it (no DNS rebinding)', async () => {
    const port = new URL(page.url).port;
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1.nip.io:${port}`]) {
      const r = await get(page.url, '/', 'GET', host);
      expect(r.status, host).toBe(421);
      expect(r.body.toString()).not.toContain('<title>');
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`])
      expect((await get(page.url, '/', 'GET', host)).status, host).toBe(200);
  });

  it('answers 400 to two Host headers, and lets an absolute-form target’s authority govern', async () => {
    const port = Number(new URL(page.url).port);
    /** A request written byte for byte, and the status line of its answer. */
    const raw = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(text));
        let got = '';
        socket.on('data', (c: Buffer) => (got += c.toString('latin1')));
        socket.on('end', () => resolve(got.split('\r\n')[0]));
        socket.on('error', reject);
      });
    const own = `127.0.0.1:${port}`;
    const cases: [string, string][] = [
      [`GET / HTTP/1.1\r\nHost: ${own}\r\nHost: evil.example\r\nConnection: close\r\n\r\n`, '400'],
      [`GET / HTTP/1.1\r\nHost: evil.example\r\nHost: ${own}\r\nConnection: close\r\n\r\n`, '400'],
      [`GET http://evil.example/ HTTP/1.1\r\nHost: ${own}\r\nConnection: close\r\n\r\n`, '421'],
      [`GET http://evil.example:${port}/index.html HTTP/1.1\r\nHost: ${own}\r\nConnection: close\r\n\r\n`, '421'],
      [`GET http://${own}/ HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n`, '200'],
      [`GET http://localhost:${port}/ HTTP/1.1\r\nHost: ${own}\r\nConnection: close\r\n\r\n`, '200'],
      [`GET https://${own}/ HTTP/1.1\r\nHost: ${own}\r\nConnection: close\r\n\r\n`, '400'],
      [`GET http://u:p@${own}/ HTTP/1.1\r\nHost: ${own}\r\nConnection: close\r\n\r\n`, '400'],
      [`GET / HTTP/1.1\r\nHost: ${own}\r\nConnection: close\r\n\r\n`, '200'],
    ];
    for (const [request, status] of cases)
      expect(await raw(request), request).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(page.server.listening).toBe(true);
  });

  it('sends nosniff on every answer and never echoes the path', async () => {
    for (const path of ['/', '/no-such-<script>alert(1)</script>.js', '/%3Cb%3Ehi%3C%2Fb%3E', '/../x']) {
      const r = await get(page.url, path);
      expect(r.headers['x-content-type-options'], path).toBe('nosniff');
      if (r.status !== 200) {
        expect(r.type).toMatch(/^text\/plain/);
        expect(r.body.toString()).toBe('not found\n');
      }
    }
    expect((await get(page.url, '/', 'GET', 'evil.example')).headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the page bundle', () => {
  it('pulls in no Node module (engine, agents and TensorFlow.js as browsers run them)', () => {
    const scripts = readdirSync(join(PAGE_DIR, 'assets')).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(1);
    for (const file of scripts) {
      const code = readFileSync(join(PAGE_DIR, 'assets', file), 'utf8');
      expect(code, file).not.toMatch(/["']node:[a-z_]+["']/);
      expect(code, file).not.toContain('__vite-browser-external');
      expect(code, file).not.toMatch(
        new RegExp(
          String.raw`(?:\bfrom|\bimport\s*\()\s*["'](?:fs|path|os|url|crypto|util|http|worker_threads|child_process` +
            `|readline|perf_hooks)["']`,
        ),
      );
    }
  });

  it('loads TensorFlow.js only when a model gives hints: the entry script holds none of it', () => {
    const html = readFileSync(join(PAGE_DIR, 'index.html'), 'utf8');
    const entry = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)![1];
    const code = readFileSync(join(PAGE_DIR, entry), 'utf8');
    expect(code).toContain('model-loader');
    expect(code).not.toContain('loadLayersModel');
  });
});

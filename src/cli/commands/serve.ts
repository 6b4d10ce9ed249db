/**
 * `tengym serve`: the play page (dist/web/, built by `npm run build`: the page, its scripts,
 * the TensorFlow.js WebAssembly files and the shipped models) over HTTP, on 127.0.0.1 by
 * default. A plain static server: the page runs everything itself.
 */
import { existsSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CommandModule } from 'yargs';
import { TengymError } from '../../env/errors.js';
import { writeLine } from '../io.js';

/** The built page: dist/web in the package (this file is src/cli/commands/ or dist/cli/commands/). */
export const PAGE_DIR = fileURLToPath(new URL('../../../dist/web/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.bin': 'application/octet-stream',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/**
 * Cross-origin isolation (the page loads nothing from elsewhere): a fine-grained
 * performance.now(), for the latency figures. Sent only to a loopback name: a browser honours
 * it on a trustworthy origin alone, which plain http is only there, and elsewhere Chromium logs
 * an error that the header was ignored.
 */
const ISOLATION_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
};

/** The shipped models, in the package's models/ (this file is src/cli/commands/ or dist/cli/commands/). */
const MODELS_DIR = fileURLToPath(new URL('../../../models/', import.meta.url));

/** The TensorFlow.js WebAssembly binaries, from the dependency that ships them (the package does not copy them). */
function wasmDir(): string | null {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist');
  } catch {
    return null;
  }
}

/**
 * What the page asks for that the package holds elsewhere than dist/web/ (each file once: a
 * build from the repo has copies there): the models under models/, the wasm binaries in the
 * tfjs-backend-wasm dependency.
 */
function packagedFile(path: string): string | null {
  if (path.startsWith('/models/')) return fileUnder(MODELS_DIR, path.slice('/models'.length));
  const wasm = /^\/tfjs-backend-wasm(-simd)?\.wasm$/.test(path) ? wasmDir() : null;
  return wasm ? fileUnder(wasm, path) : null;
}

/** The file `path` names under `dir`, or null when it is outside it, missing or not a file. */
function fileUnder(dir: string, path: string): string | null {
  const file = normalize(join(dir, path.endsWith('/') ? `${path}index.html` : path));
  if (!(file + sep).startsWith(dir.endsWith(sep) ? dir : dir + sep) || !existsSync(file) || !statSync(file).isFile())
    return null;
  return file;
}

/** A file's validator: weak, from its size and modification time (a rebuild changes one or the other). */
function entityTag(size: number, mtimeMs: number): string {
  return `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
}

/** Whether an If-None-Match header (a list of tags, or *) names `etag`: weak comparison, as GET takes it. */
function matchesTag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

export interface PageServer {
  server: Server;
  /** "http://127.0.0.1:8080/" */
  url: string;
  close(): Promise<void>;
}

/** Serves `root` (default: the built page) on host:port (port 0: any free port). */
export async function servePage(options: { host?: string; port?: number; root?: string } = {}): Promise<PageServer> {
  const root = options.root ?? PAGE_DIR;
  const host = options.host ?? '127.0.0.1';
  if (!existsSync(join(root, 'index.html'))) {
    throw new TengymError(
      'bad-argument',
      `the play page is not built (no ${join(root, 'index.html')}): run npm run build`,
    );
  }
  // Filled in once listening (port 0 takes any free port): the Host names a request may give.
  let allowedHosts = new Set<string>();
  const server = createServer((req, res) => {
    // Every answer: no MIME sniffing (a model's .bin is never run as a script).
    res.setHeader('x-content-type-options', 'nosniff');
    const plain = (status: number, body: string, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers }).end(body);
    const addressed = addressOf(req);
    if (addressed === null) {
      plain(400, 'bad request: one Host header, and a target that is a path or an http:// URL\n');
      return;
    }
    // A DNS-rebinding page reaches this server under its own name: only our own address is answered.
    if (!allowedHosts.has(addressed)) {
      plain(421, 'this server answers only requests addressed to it (its Host header)\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      plain(405, 'only GET and HEAD\n', { allow: 'GET, HEAD' });
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    } catch {
      plain(400, 'bad request path\n');
      return;
    }
    // The body never echoes the path: a page must not be able to make this server say what it likes.
    const notFound = () => plain(404, 'not found\n');
    const file = path.includes('\0')
      ? null
      : (fileUnder(root, path) ?? (root === PAGE_DIR ? packagedFile(path) : null));
    if (file === null) {
      notFound();
      return;
    }
    // Opened first, then answered from the open file: a file removed or unreadable (a rebuild
    // while serving) is a 404 or a 500 for that request, never the end of the server.
    void open(file, 'r').then(
      async (handle) => {
        try {
          const info = await handle.stat();
          if (!info.isFile()) {
            notFound();
            return;
          }
          // Scripts and models change with each build: the browser asks each time, and a file it holds already
          // (the same size and time) is answered 304 with no body, so a model's weights are not sent again.
          const etag = entityTag(info.size, info.mtimeMs);
          const validators = { etag, 'last-modified': info.mtime.toUTCString(), 'cache-control': 'no-cache' };
          const isolation = loopback(hostName(addressed)) ? ISOLATION_HEADERS : {};
          if (matchesTag(req.headers['if-none-match'], etag)) {
            res.writeHead(304, { ...validators, ...isolation }).end();
            return;
          }
          res.writeHead(200, {
            'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
            'content-length': info.size,
            ...validators,
            ...isolation,
          });
          if (req.method === 'HEAD' || info.size === 0) {
            res.end();
            return;
          }
          // The bytes the header promised, no more and no fewer: a file rebuilt while it is sent must not put bytes
          // past its old length into a kept-alive connection (read as the next answer), nor leave the browser
          // waiting for bytes that will not come (the connection is closed instead).
          const stream = handle.createReadStream({ start: 0, end: info.size - 1, autoClose: false });
          await new Promise<void>((resolve) => {
            stream.once('error', () => {
              res.destroy();
              resolve();
            });
            stream.once('end', () => {
              if (stream.bytesRead === info.size) res.end();
              else res.destroy();
              resolve();
            });
            res.once('close', resolve);
            stream.pipe(res, { end: false });
          });
          stream.destroy();
        } catch {
          if (!res.headersSent) plain(500, 'cannot read the file\n');
          else res.destroy();
        } finally {
          await handle.close().catch(() => undefined);
        }
      },
      (e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT' || e.code === 'ENOTDIR' || e.code === 'EISDIR') notFound();
        else plain(500, 'cannot read the file\n');
      },
    );
  });
  server.on('clientError', (_e, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8080, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  allowedHosts = hostNames(host, port);
  return {
    server,
    url: `http://${shownHost}:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // a browser's kept-alive connections would hold the close
      }),
  };
}

/**
 * The authority a request is addressed to, lower case, or null for a request HTTP/1.1 answers with 400 (RFC 9112,
 * 3.2): more than one Host header (Node keeps the first, which would let a second one through unseen), or a target
 * that is neither a path nor an http:// URL. An absolute-form target (`GET http://evil.example/ HTTP/1.1`) is
 * addressed to its own authority, whatever the Host header says.
 */
function addressOf(req: IncomingMessage): string | null {
  let hosts = 0;
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() === 'host') hosts++;
  if (hosts > 1) return null;
  const target = req.url ?? '/';
  if (target.startsWith('/')) return (req.headers.host ?? '').toLowerCase();
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' || url.username !== '' || url.password !== '') return null;
  return (url.port === '' ? `${url.hostname}:80` : url.host).toLowerCase();
}

/** Whether `host` (an address or a name, without a port) is this machine's loopback. */
function loopback(host: string): boolean {
  return host === '::1' || host === 'localhost' || host.startsWith('127.');
}

/** The name or address of a Host header, without its port or an IPv6 address's brackets. */
function hostName(header: string): string {
  return header
    .toLowerCase()
    .replace(/:\d*$/, '')
    .replace(/^\[(.*)\]$/, '$1');
}

/**
 * The Host headers that address this server: host:port as it listens, and, on a loopback
 * address, localhost; on every interface (0.0.0.0, ::), each address of this machine.
 */
function hostNames(host: string, port: number | undefined): Set<string> {
  const bracket = (h: string) => (h.includes(':') ? `[${h}]` : h);
  const addresses = new Set<string>([host]);
  if (loopback(host)) for (const h of ['localhost', '127.0.0.1', '::1']) addresses.add(h);
  if (host === '0.0.0.0' || host === '::') {
    addresses.add('localhost');
    for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) addresses.add(a.address);
  }
  const names = new Set<string>();
  for (const a of addresses) {
    names.add(`${bracket(a)}:${port}`.toLowerCase());
    if (port === 80) names.add(bracket(a).toLowerCase());
  }
  return names;
}

interface Args {
  host: string;
  port: number;
}

export const serveCommand: CommandModule<object, Args> = {
  command: 'serve',
  describe: 'Serve the play page (every env, hints from the strongest source measured for each env) on 127.0.0.1',
  builder: (y) =>
    y
      .option('host', {
        type: 'string',
        default: '127.0.0.1',
        describe: 'Address to listen on (0.0.0.0: every interface)',
      })
      .option('port', { type: 'number', default: 8080, describe: 'Port (0: any free port)' })
      .check((a) => {
        if (!Number.isInteger(a.port) || a.port < 0 || a.port > 65535)
          throw new TengymError('bad-argument', '--port must be an integer from 0 to 65535');
        return true;
      })
      .example('$0 serve', 'Serve the page on http://127.0.0.1:8080/')
      .example('$0 serve --port 0', 'Any free port (printed)'),
  handler: async (args) => {
    let page: PageServer;
    try {
      page = await servePage({ host: args.host, port: args.port });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE')
        throw new TengymError(
          'bad-argument',
          `port ${args.port} is in use: give another with --port (0: any free port)`,
        );
      if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
        throw new TengymError('bad-argument', `cannot listen on ${args.host}: not an address of this machine`);
      throw e;
    }
    writeLine(`tengym: the play page is at ${page.url} (a deal: ${page.url}?env=decade&seed=7); Ctrl-C stops`);
    await new Promise<void>((resolve) => {
      const stop = () => {
        void page.close().then(resolve);
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
  },
};

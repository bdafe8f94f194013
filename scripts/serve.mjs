// The demo's static server: web/ at /, plus exactly the package files and node_modules the page
// imports. Usage: node scripts/serve.mjs [--csp] [DIR] (PORT=8080 by default; if busy, the next
// free port; --csp sends the strict Content-Security-Policy below with every response; DIR, e.g.
// examples/web-page, is served at / instead of web/).
// Tests import startServer({ port: 0 }) to get a free port.
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// URL prefix → directory. Only these are served; everything else is 404. The page's own folder
// (web/, or an example's) is mounted at '/' last.
const PACKAGE_MOUNTS = [
  ['/js/', path.join(ROOT, 'js')],
  ['/dist/', path.join(ROOT, 'dist')],
  ['/node_modules/three/', path.join(ROOT, 'node_modules', 'three')],
  // glTF-Transform and its two dependencies, for the demo's "Download GLB with physics".
  ['/node_modules/@gltf-transform/', path.join(ROOT, 'node_modules', '@gltf-transform')],
  ['/node_modules/property-graph/', path.join(ROOT, 'node_modules', 'property-graph')],
  ['/node_modules/ktx-parse/', path.join(ROOT, 'node_modules', 'ktx-parse')],
];
const mountsFor = (root) => [...PACKAGE_MOUNTS, ['/', path.resolve(ROOT, root)]];

// What a strict site allows: scripts from its own origin and WebAssembly compilation, but no
// eval or new Function ('unsafe-eval'). The package must work under it.
export const STRICT_CSP = "script-src 'self' 'wasm-unsafe-eval'";

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.glb': 'model/gltf-binary',
  '.gltf': 'model/gltf+json',
  '.bin': 'application/octet-stream',
  '.obj': 'model/obj',
  '.mtl': 'model/mtl',
  '.stl': 'model/stl',
  '.ply': 'application/octet-stream',
  '.3mf': 'model/3mf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ktx2': 'image/ktx2',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
};

// The Stanford bunny from the npm `bunny` package (CommonJS), as JSON the page can fetch.
let bunnyJson = null;
function bunny() {
  if (!bunnyJson) {
    const { positions, cells } = createRequire(import.meta.url)('bunny');
    bunnyJson = Buffer.from(JSON.stringify({ positions, cells }));
  }
  return bunnyJson;
}

function send(res, status, body, type = 'text/plain; charset=utf-8', head = false) {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(head ? undefined : body);
}

// Extra response headers (e.g. a Content-Security-Policy) on every response of one server.
function withHeaders(res, headers) {
  const writeHead = res.writeHead.bind(res);
  res.writeHead = (status, fields) => writeHead(status, { ...fields, ...headers });
}

// Maps a URL path to a file inside one mount, or null. Decoding happens before normalizing, so
// '%2e%2e/' cannot climb out; the final check runs on the real path, so symlinks cannot either.
async function resolveFile(urlPath, mounts) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const normalized = path.posix.normalize(decoded);
  if (normalized !== decoded && normalized + '/' !== decoded) return null; // '..' or '//' tricks
  for (const [prefix, dir] of mounts) {
    if (!normalized.startsWith(prefix) && normalized + '/' !== prefix) continue;
    let file = path.join(dir, normalized.slice(prefix.length));
    try {
      if ((await stat(file)).isDirectory()) file = path.join(file, 'index.html');
      const real = await realpath(file);
      const base = await realpath(dir);
      if (real !== base && !real.startsWith(base + path.sep)) return null;
      if (!(await stat(real)).isFile()) return null;
      return real;
    } catch {
      return null;
    }
  }
  return null;
}

async function handle(req, res, pages, mounts) {
  const head = req.method === 'HEAD';
  if (req.method !== 'GET' && !head) {
    res.setHeader('Allow', 'GET, HEAD');
    return send(res, 405, 'method not allowed\n');
  }
  const { pathname } = new URL(req.url, 'http://localhost');
  if (pathname === '/models/bunny.json') return send(res, 200, bunny(), MIME['.json'], head);
  if (Object.hasOwn(pages, pathname)) {
    const body = pages[pathname];
    return send(res, 200, body, MIME[path.extname(pathname).toLowerCase()], head);
  }

  const file = await resolveFile(pathname, mounts);
  if (!file) return send(res, 404, 'not found\n', undefined, head);
  const { size } = await stat(file);
  res.writeHead(200, {
    'Content-Type': MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': size,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  if (head) return res.end();
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}

function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    const onError = (error) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/**
 * What makes a page cross-origin isolated (crossOriginIsolated === true), where init() loads the
 * threaded core module: the page may share memory with its workers. Every resource the page
 * loads must then be same-origin or say it may be embedded (Cross-Origin-Resource-Policy or CORS).
 */
export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/**
 * Starts the server on `port` (0: any free port); if it is busy, tries the next `tries - 1`
 * ports. `headers` are added to every response; `pages` maps URL paths to extra files' contents
 * (test pages), served before the mounts; `root` is the folder served at '/' (relative to the
 * repository: web/ by default, or an example's). Resolves to { url, port, server, close }.
 */
export async function startServer({
  port = 8080,
  host = '127.0.0.1',
  tries = 20,
  headers = {},
  pages = {},
  root = 'web',
} = {}) {
  const mounts = mountsFor(root);
  const server = createServer((req, res) => {
    withHeaders(res, headers);
    handle(req, res, pages, mounts).catch((error) => {
      if (!res.headersSent) send(res, 500, `internal error: ${error.message}\n`);
      else res.destroy();
    });
  });
  for (let attempt = 0; ; attempt++) {
    try {
      await listen(server, port === 0 ? 0 : port + attempt, host);
      break;
    } catch (error) {
      if (error.code !== 'EADDRINUSE' || port === 0 || attempt + 1 >= tries) throw error;
    }
  }
  const actual = server.address().port;
  return {
    server,
    port: actual,
    // The address bound, so clients that resolve 'localhost' to ::1 first still connect.
    url: `http://${host}:${actual}/`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const port = process.env.PORT ? Number(process.env.PORT) : 8080;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be an integer from 0 to 65535, got ${process.env.PORT}`);
    process.exit(1);
  }
  const csp = process.argv.includes('--csp');
  const root = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'web';
  const { port: actual } = await startServer({
    port,
    root,
    // Cross-origin isolated, so the demo gets the module's threads (ISOLATION_HEADERS).
    headers: { ...ISOLATION_HEADERS, ...(csp ? { 'Content-Security-Policy': STRICT_CSP } : {}) },
  });
  console.log(`mass-properties ${root}: http://localhost:${actual}/${csp ? ` (${STRICT_CSP})` : ''}`);
}

// The resource policy on Node's file system: a resource is a regular file whose real path is
// inside the real path of the resource folder, read without blocking and no further than its
// cap. node:fs is imported only when a file is read, and hidden from bundlers, so browsers never
// load it.
import { fail } from '../errors.js';
import { quote } from './uri.js';

const hiddenImport = (name) => import(/* webpackIgnore: true */ /* @vite-ignore */ name);
let modules = null;
const node = () => (modules ??= Promise.all([hiddenImport('node:fs'), hiddenImport('node:path')]));

const KINDS = [
  ['isDirectory', 'a folder'],
  ['isFIFO', 'a FIFO'],
  ['isCharacterDevice', 'a device'],
  ['isBlockDevice', 'a device'],
  ['isSocket', 'a socket'],
];
const kindOf = (stat) => KINDS.find(([test]) => stat[test]())?.[1] ?? 'not a regular file';

/**
 * The bytes of a regular file: exactly `want` bytes (fewer is TRUNCATED_FILE), or with `want`
 * undefined the whole file if it is at most `max` bytes. O_NONBLOCK makes opening a FIFO return
 * at once (it is then refused by its type), O_NOFOLLOW refuses a link swapped in after the path
 * was resolved. `name` is what messages call the file.
 */
/**
 * @param {string} path
 * @param {{ want?: number; max?: number; name: string; follow?: boolean }} how
 */
export async function readRegularFile(path, { want, max, name, follow = true }) {
  const [fs] = await node();
  const { O_RDONLY, O_NONBLOCK = 0, O_NOFOLLOW = 0 } = fs.constants;
  let handle;
  try {
    handle = await fs.promises.open(path, O_RDONLY | O_NONBLOCK | (follow ? 0 : O_NOFOLLOW));
  } catch (error) {
    if (error.code === 'ELOOP') fail('RESOURCE_REFUSED', `${name} is refused: it is a symbolic link`);
    fail('RESOURCE_NOT_FOUND', `${name} cannot be read (${error.code ?? error.message})`);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) fail('RESOURCE_REFUSED', `${name} is refused: ${kindOf(stat)}, not a regular file`);
    if (want !== undefined && stat.size < want)
      fail('TRUNCATED_FILE', `${name} is truncated: ${stat.size} bytes, its byteLength says ${want}`);
    if (want === undefined && stat.size > max)
      fail('RESOURCE_REFUSED', `${name} is refused: ${stat.size} bytes, over the cap of ${max}`);
    const bytes = new Uint8Array(want ?? stat.size);
    for (let at = 0; at < bytes.length;) {
      const { bytesRead } = await handle.read(bytes, at, bytes.length - at, at);
      if (bytesRead === 0) fail('TRUNCATED_FILE', `${name} is truncated: it ended at byte ${at} while being read`);
      at += bytesRead;
    }
    return bytes;
  } finally {
    await handle.close();
  }
}

/** The folder of a file path. */
export async function folderOf(path) {
  const [, pathModule] = await node();
  return pathModule.dirname(path);
}

/**
 * A reader of resources inside `folder`: `(segments, uri, what, { want, max }) => bytes`, where
 * `segments` are the URI's checked path segments (uri.js). A symbolic link may point anywhere
 * inside the folder, not out of it.
 */
export function folderReader(folder) {
  let root = null;
  return async (segments, uri, what, cap) => {
    const [fs, path] = await node();
    const name = `${what} uri ${quote(uri)}`;
    if (root === null) {
      try {
        root = await fs.promises.realpath(folder);
      } catch (error) {
        fail('RESOURCE_NOT_FOUND', `${name} cannot be read: its folder ${quote(folder)} cannot (${error.code})`);
      }
    }
    let real;
    try {
      real = await fs.promises.realpath(path.join(root, ...segments));
    } catch (error) {
      if (error.code === 'ELOOP') fail('RESOURCE_REFUSED', `${name} is refused: a loop of symbolic links`);
      fail('RESOURCE_NOT_FOUND', `${name} cannot be read (${error.code ?? error.message})`);
    }
    const inside = root.endsWith(path.sep) ? root : root + path.sep;
    if (real === root) fail('RESOURCE_REFUSED', `${name} is refused: it names the folder itself`);
    if (!real.startsWith(inside))
      fail('RESOURCE_REFUSED', `${name} is refused: it resolves outside the file's folder (a symbolic link out)`);
    return readRegularFile(real, { ...cap, name, follow: false });
  };
}

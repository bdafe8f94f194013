// The resource policy over fetch (browsers, and Node given a URL): a resource is a URL under the
// document's own folder URL, same origin, fetched without following redirects and read no
// further than its cap, so an endless response ends at the cap.
import { fail } from '../errors.js';
import { quote } from './uri.js';

/**
 * The bytes at `url`: exactly `want` bytes (fewer is TRUNCATED_FILE; the rest is not read), or
 * with `want` undefined the whole response if it is at most `max` bytes.
 */
/**
 * @param {string | URL} url
 * @param {{ want?: number; max?: number; name: string }} how
 */
export async function fetchCapped(url, { want, max, name }) {
  let response;
  try {
    response = await fetch(url, { redirect: 'error', credentials: 'same-origin' });
  } catch (error) {
    fail('RESOURCE_NOT_FOUND', `${name} cannot be fetched (${error?.message ?? error}; redirects are not followed)`);
  }
  if (!response.ok) fail('RESOURCE_NOT_FOUND', `${name} cannot be fetched (HTTP ${response.status})`);
  const limit = want ?? max;
  // Sized by Content-Length, but a server's word does not allocate more than 16 MiB up front.
  let out = new Uint8Array(Math.min(limit, Number(response.headers.get('content-length')) || 65536, 2 ** 24));
  let length = 0;
  const reader = response.body?.getReader();
  try {
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      if (length + value.length > limit && want === undefined)
        fail('RESOURCE_REFUSED', `${name} is refused: over the cap of ${max} bytes`);
      const take = value.subarray(0, limit - length);
      if (length + take.length > out.length) {
        const grown = new Uint8Array(Math.min(limit, Math.max(2 * out.length, length + take.length)));
        grown.set(out.subarray(0, length));
        out = grown;
      }
      out.set(take, length);
      length += take.length;
      if (length === want) break;
    }
  } finally {
    reader?.cancel().catch(() => {});
  }
  if (want !== undefined && length < want)
    fail('TRUNCATED_FILE', `${name} is truncated: ${length} bytes, its byteLength says ${want}`);
  return out.subarray(0, length);
}

/** A folder URL: the URL itself if it ends in '/', else with '/' added. */
export function folderUrl(url) {
  const folder = new URL(url);
  if (!folder.pathname.endsWith('/')) folder.pathname += '/';
  folder.search = '';
  folder.hash = '';
  return folder;
}

/** A reader of resources under the folder URL `root` (see files-node.js folderReader). */
export function urlReader(root) {
  return (segments, uri, what, cap) => {
    const name = `${what} uri ${quote(uri)}`;
    const url = new URL(segments.map(encodeURIComponent).join('/'), root);
    if (url.origin !== root.origin || !url.pathname.startsWith(root.pathname))
      fail('RESOURCE_REFUSED', `${name} is refused: it resolves outside ${root.href}`);
    return fetchCapped(url, { ...cap, name });
  };
}

// A zip archive read through its central directory, entry by entry on request: nothing is
// inflated that is not asked for, and what is asked for is inflated once, into at most the size
// its directory entry declares (zlib stops there), within a total for the archive and a ratio of
// inflated to stored bytes. A zip bomb is refused on its declared sizes, or stopped the moment it
// inflates past them.
import * as zlib from 'node:zlib';
import { corrupt, truncated } from './errors.js';

const MiB = 1024 * 1024;
export const ZIP_LIMITS = Object.freeze({
  // All the entries one file reads, inflated: a 3MF's model is XML at 20-60 bytes per vertex or
  // triangle, so this is some 10-20 million triangles.
  totalBytes: 1024 * MiB,
  // Deflated XML of real meshes is 4-10 times smaller; past 100 an entry is almost surely a bomb
  // (deflate reaches 1032). Entries below `ratioFloor` may be as compressible as they like.
  ratio: 100,
  ratioFloor: 16 * MiB,
});

const EOCD = 0x06054b50;
const EOCD64 = 0x06064b50;
const EOCD64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const utf8 = new TextDecoder();

const size = (n) => (n >= MiB ? `${+(n / MiB).toFixed(1)} MiB` : `${n} bytes`);

export class Zip {
  constructor(bytes, limits = ZIP_LIMITS) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.limits = limits;
    this.inflated = 0;
    this.entries = new Map();
    this.readDirectory();
  }

  u16 = (at) => this.view.getUint16(at, true);
  u32 = (at) => this.view.getUint32(at, true);
  u64(at) {
    const n = this.view.getUint32(at + 4, true) * 2 ** 32 + this.view.getUint32(at, true);
    if (n > Number.MAX_SAFE_INTEGER) throw corrupt('a zip64 size or offset past 2^53');
    return n;
  }

  // The end-of-central-directory record: the last 22 bytes, or before a comment of up to 64 KiB.
  findEnd() {
    const bytes = this.bytes;
    for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
      if (bytes[at] === 0x50 && this.u32(at) === EOCD && at + 22 + this.u16(at + 20) <= bytes.length) return at;
    }
    throw corrupt('not a zip archive (no end of central directory record; a 3MF is a zip)');
  }

  readDirectory() {
    const end = this.findEnd();
    if (this.u16(end + 4) !== 0 || this.u16(end + 6) !== 0) throw corrupt('a zip archive split across disks');
    let count = this.u16(end + 10);
    let length = this.u32(end + 12);
    let offset = this.u32(end + 16);
    if (count === 0xffff || length === 0xffffffff || offset === 0xffffffff) {
      const locator = end - 20;
      if (locator < 0 || this.u32(locator) !== EOCD64_LOCATOR) throw corrupt('a zip64 archive without its locator');
      const record = this.u64(locator + 8);
      if (record + 56 > locator || this.u32(record) !== EOCD64) throw corrupt('a zip64 end record out of place');
      count = this.u64(record + 32);
      length = this.u64(record + 40);
      offset = this.u64(record + 48);
    }
    if (offset + length > this.bytes.length) {
      throw truncated(`its central directory lies past its ${this.bytes.length} bytes`, 'zip');
    }
    let at = offset;
    for (let k = 0; k < count; k++) {
      if (at + 46 > offset + length || this.u32(at) !== CENTRAL)
        throw corrupt(`zip directory entry ${k + 1} is damaged`);
      const nameLength = this.u16(at + 28);
      const extraLength = this.u16(at + 30);
      const next = at + 46 + nameLength + extraLength + this.u16(at + 32);
      if (next > offset + length) throw corrupt(`zip directory entry ${k + 1} is damaged`);
      const entry = {
        name: utf8.decode(this.bytes.subarray(at + 46, at + 46 + nameLength)),
        flags: this.u16(at + 8),
        method: this.u16(at + 10),
        crc: this.u32(at + 16),
        stored: this.u32(at + 20),
        size: this.u32(at + 24),
        offset: this.u32(at + 42),
      };
      this.zip64(entry, at + 46 + nameLength, extraLength);
      if (this.entries.has(entry.name)) throw corrupt(`the zip holds '${entry.name}' twice`);
      this.entries.set(entry.name, entry);
      at = next;
    }
  }

  // Sizes and offset that do not fit 32 bits are in the zip64 extra field, in this order.
  zip64(entry, extra, length) {
    for (let at = extra; at + 4 <= extra + length; at += 4 + this.u16(at + 2)) {
      if (this.u16(at) !== 1) continue;
      let field = at + 4;
      for (const key of ['size', 'stored', 'offset']) {
        if (entry[key] !== 0xffffffff) continue;
        if (field + 8 > at + 4 + this.u16(at + 2)) throw corrupt(`zip entry '${entry.name}' has a short zip64 field`);
        entry[key] = this.u64(field);
        field += 8;
      }
    }
  }

  /** The entry named `name` (exactly, else ignoring ASCII case as OPC part names do), or undefined. */
  find(name) {
    if (this.entries.has(name)) return this.entries.get(name);
    const lower = name.toLowerCase();
    for (const [key, entry] of this.entries) if (key.toLowerCase() === lower) return entry;
    return undefined;
  }

  /** The bytes of entry `name`, inflated within the limits; a ParseError otherwise. */
  read(name) {
    const entry = this.find(name);
    if (!entry) throw corrupt(`the zip has no '${name}'`);
    const { limits } = this;
    const what = `zip entry '${entry.name}'`;
    if (entry.flags & 1) throw corrupt(`${what} is encrypted`);
    if (entry.method !== 0 && entry.method !== 8)
      throw corrupt(`${what} uses compression method ${entry.method} (only stored and deflate are read)`);
    if (entry.size > limits.ratioFloor && entry.size > limits.ratio * entry.stored) {
      throw corrupt(
        `${what} declares ${size(entry.size)} from ${size(entry.stored)} (more than ${limits.ratio}:1, a zip bomb)`,
      );
    }
    if (this.inflated + entry.size > limits.totalBytes) {
      throw corrupt(
        `${what} declares ${size(entry.size)}: past the ${size(limits.totalBytes)} this reader inflates from one file`,
      );
    }
    const local = entry.offset;
    if (local + 30 > this.bytes.length) throw truncated(`${what} lies past the end of the file`, 'zip');
    if (this.u32(local) !== LOCAL) throw corrupt(`${what} has no local header where the directory says`);
    const start = local + 30 + this.u16(local + 26) + this.u16(local + 28);
    if (start + entry.stored > this.bytes.length) throw truncated(`${what} lies past the end of the file`, 'zip');
    const data = this.bytes.subarray(start, start + entry.stored);
    let out;
    if (entry.method === 0) out = data;
    else {
      try {
        // zlib stops as soon as the output passes maxOutputLength: a lying entry costs its declared size.
        out = zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, entry.size) });
      } catch (error) {
        if (error.code === 'ERR_BUFFER_TOO_LARGE')
          throw corrupt(`${what} inflates past the ${size(entry.size)} it declares`);
        throw corrupt(`${what} does not inflate (${error.message})`);
      }
    }
    if (out.length !== entry.size)
      throw corrupt(`${what} holds ${size(out.length)}, not the ${size(entry.size)} it declares`);
    // zlib.crc32 is in Node 20.15 and 22.2 on; older Nodes skip the check.
    if (zlib.crc32 && zlib.crc32(out) !== entry.crc) throw corrupt(`${what} fails its CRC-32 check`);
    this.inflated += entry.size;
    return out;
  }
}

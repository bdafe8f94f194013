// Writing a file so that no failure loses data: the bytes go to a new file beside the destination
// (the same folder, so the rename never crosses file systems), are flushed to the disk, and that
// file is renamed over the destination in one step. Until then the destination, which may be the
// input being rewritten, keeps every byte; on any failure the temporary file is removed.
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  closeSync,
  constants,
  fchmodSync,
  fsyncSync,
  openSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import process from 'node:process';
import { CliError, EXIT } from './exit-codes.js';

const REASONS = {
  EISDIR: 'it is a folder',
  ENOENT: 'no such folder',
  ENOTDIR: 'a part of the path is not a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'larger than the file size limit, ulimit -f',
};

/** Why a write failed, in words: 'ENOSPC: no space left on the device'. */
export const writeErrorReason = (error) =>
  REASONS[error.code] ? `${error.code}: ${REASONS[error.code]}` : (error.code ?? error.message);

function existing(path) {
  try {
    return statSync(path);
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
}

// A symbolic link is written through, as a plain write would: the file it names is replaced.
function resolved(path) {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

// Clean-up after a failure: the failure is what gets reported, not a second one.
function quietly(step) {
  try {
    step();
  } catch {
    // nothing more to undo
  }
}

// The rename itself made durable (some file systems cannot sync a folder: the file's bytes are).
function syncFolder(folder) {
  let fd = null;
  quietly(() => {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  });
  quietly(() => fd !== null && closeSync(fd));
}

function writeAll(fd, bytes) {
  for (let done = 0; done < bytes.length;) done += writeSync(fd, bytes, done, bytes.length - done);
}

/**
 * Writes `bytes` to `path` atomically: after a failure (a full disk, `ulimit -f`, a read-only
 * folder, a folder in the way) `path` is as it was and no temporary file is left. The file keeps
 * the permission bits of the one it replaces (and a read-only one is not replaced). Throws CliError EXIT.WRITE_FAILED naming `path`.
 */
export function writeFileAtomic(path, bytes) {
  const target = resolved(path);
  let before;
  let temp = null;
  let fd = null;
  try {
    before = existing(target);
    if (before?.isDirectory()) throw Object.assign(new Error('is a folder'), { code: 'EISDIR' });
    // A file its owner made read-only stays so, as with a write in place (a rename would not ask).
    if (before) accessSync(target, constants.W_OK);
    // Exclusive creation (O_EXCL) of a random name: never another process's file, never a link.
    const name = join(dirname(target), `.${basename(target)}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
    fd = openSync(name, 'wx', 0o666);
    temp = name; // ours to remove from now on
    if (before) fchmodSync(fd, before.mode & 0o777);
    writeAll(fd, bytes);
    fsyncSync(fd);
    closeSync(fd);
    fd = null;
    renameSync(temp, target);
    temp = null;
  } catch (error) {
    quietly(() => fd !== null && closeSync(fd));
    quietly(() => temp !== null && unlinkSync(temp));
    const kept = before?.isFile() ? 'the file is unchanged' : 'nothing was written';
    throw new CliError(EXIT.WRITE_FAILED, `${path}: cannot write (${writeErrorReason(error)}); ${kept}`);
  }
  syncFolder(dirname(target));
}

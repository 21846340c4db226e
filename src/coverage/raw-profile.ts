import { closeSync, openSync, readSync } from 'node:fs';

/**
 * A file that is not an LLVM raw profile this reader knows: wrong magic, an unsupported
 * version, or sections that do not fit the file.
 *
 * @example
 * ```ts
 * try { readRawProfile(file); } catch (e) { if (e instanceof RawProfileError) warn(e.message); }
 * ```
 */
export class RawProfileError extends Error {
  override readonly name = 'RawProfileError';
}

/** One instrumented function of a raw profile: which function, and where its counters are. */
export interface RawProfileFunction {
  /** The low 64 bits of the MD5 of the function's PGO name (`NameRef`), as 16 hex digits. */
  readonly nameRef: string;
  /** The function's structural hash (`FuncHash`), as 16 hex digits. */
  readonly funcHash: string;
  /** Index of its first counter in {@link RawProfile.counters}. */
  readonly firstCounter: number;
  /** How many counters it has. */
  readonly counters: number;
}

/**
 * What one process of an instrumented executable wrote: its build id and its counters, in the
 * order of the executable's `__llvm_prf_cnts` section (the same for every run of one binary).
 */
export interface RawProfile {
  /** Raw profile format version (8 for LLVM 14). */
  readonly version: number;
  /** The executable's build ids (hex), which identify the counter layout. */
  readonly binaryIds: readonly string[];
  /** Number of instrumented functions. */
  readonly functions: number;
  /**
   * Every counter as two 32-bit halves: counter `i` is `counters[2i] + 2^32 * counters[2i+1]`
   * (little-endian), so "reached" is `(counters[2i] | counters[2i+1]) !== 0`.
   */
  readonly counters: Uint32Array;
  /** Number of counters (`counters.length / 2`). */
  readonly counterCount: number;
}

// `__llvm_profile_get_magic()` of 64-bit targets: "\xfflprofr\x81" read as a little-endian u64.
const magic64 = 0xff6c70726f667281n;
// Version 8 (LLVM 13 and 14): 11 header words; per-function records of 44 bytes padded to 48.
const headerWords = 11;
const dataRecordBytes = 48;
const supportedVersions: readonly number[] = [8];

function pad8(n: number): number {
  return (n + 7) & ~7;
}

function readAt(fd: number, length: number, position: number, file: string, into?: Buffer): Buffer {
  const buffer = into ?? Buffer.allocUnsafeSlow(length);
  let done = 0;
  while (done < length) {
    const n = readSync(fd, buffer, done, length - done, position + done);
    if (n === 0)
      throw new RawProfileError(
        `${file}: the raw profile ends at byte ${position + done}, before its sections do (${position + length})`,
      );
    done += n;
  }
  return buffer;
}

interface Header {
  readonly version: number;
  readonly binaryIdsSize: number;
  readonly dataSize: number;
  readonly countersOffset: number;
  readonly countersSize: number;
  readonly countersDelta: bigint;
}

const headPage = 4096;

/** Up to `length` bytes from the start of the file (fewer when it is shorter). */
function readSome(fd: number, length: number, into: Buffer | undefined, file: string): Buffer {
  const buffer = into ?? Buffer.allocUnsafeSlow(length);
  const n = readSync(fd, buffer, 0, length, 0);
  if (n < headerWords * 8)
    throw new RawProfileError(`${file} is not an LLVM raw profile: it has ${n} bytes`);
  return buffer.subarray(0, n);
}

function parseHeader(head: Buffer, file: string): Header {
  if (head.length < headerWords * 8 || head.readBigUInt64LE(0) !== magic64)
    throw new RawProfileError(
      `${file} is not an LLVM raw profile of a 64-bit little-endian target (bad magic)`,
    );
  const version = Number(head.readBigUInt64LE(8) & 0xffffffffn);
  if (!supportedVersions.includes(version))
    throw new RawProfileError(
      `${file}: raw profile version ${version} is not supported (this reader knows version ` +
        `${supportedVersions.join(', ')}, written by LLVM 13 and 14)`,
    );
  const word = (i: number): number => Number(head.readBigUInt64LE(i * 8));
  const binaryIdsSize = word(2);
  const dataSize = word(3);
  const paddingBeforeCounters = word(4);
  const countersSize = word(5);
  const countersOffset =
    headerWords * 8 + binaryIdsSize + dataSize * dataRecordBytes + paddingBeforeCounters;
  return {
    version,
    binaryIdsSize,
    dataSize,
    countersOffset,
    countersSize,
    countersDelta: head.readBigInt64LE(8 * 8),
  };
}

function parseBinaryIds(bytes: Buffer): string[] {
  const ids: string[] = [];
  for (let at = 0; at + 8 <= bytes.length;) {
    const length = Number(bytes.readBigUInt64LE(at));
    ids.push(bytes.subarray(at + 8, at + 8 + length).toString('hex'));
    at += 8 + pad8(length);
  }
  return ids;
}

/**
 * Reads the counters of a raw profile (`.profraw`, format version 8 as LLVM 14 writes it):
 * the header, the build ids, and the counters section, as one flat array in the layout of the
 * executable. Reads only those parts of the file. With `scratch`, the counters are read into
 * it (when it is large enough) instead of fresh memory, which is most of the cost: the result
 * is then valid only until `scratch` is used again.
 *
 * @throws {@link RawProfileError} naming the file when it is not such a profile.
 * @example
 * ```ts
 * const profile = readRawProfile('/tmp/run-1.profraw');
 * profile.counterCount; // 49972 for luau 0.715's coverage build
 * ```
 */
export function readRawProfile(file: string, scratch?: Buffer): RawProfile {
  const fd = openSync(file, 'r');
  try {
    // The header and build ids fit the first page; one read, and one of the counters.
    const page = scratch !== undefined && scratch.length >= 2 * headPage ? scratch : undefined;
    const head = readSome(fd, headPage, page, file);
    const header = parseHeader(head, file);
    const idsEnd = headerWords * 8 + header.binaryIdsSize;
    const ids = parseBinaryIds(
      idsEnd <= head.length
        ? head.subarray(headerWords * 8, idsEnd)
        : readAt(fd, header.binaryIdsSize, headerWords * 8, file),
    );
    const bytes = header.countersSize * 8;
    const into =
      scratch !== undefined && scratch.length >= bytes + headPage
        ? scratch.subarray(headPage, headPage + bytes)
        : undefined;
    const counters = readAt(fd, bytes, header.countersOffset, file, into);
    if (counters.byteOffset % 8 !== 0)
      throw new RangeError('the scratch buffer of readRawProfile must start 8-byte aligned');
    return {
      version: header.version,
      binaryIds: ids,
      functions: header.dataSize,
      counters: new Uint32Array(counters.buffer, counters.byteOffset, header.countersSize * 2),
      counterCount: header.countersSize,
    };
  } finally {
    closeSync(fd);
  }
}

/**
 * The counters one run reached, as indices: small to keep and cheap to add to a map.
 * `binaryId` and `counterCount` name the counter layout they index.
 */
export interface ProfileReach {
  /** The executable's first build id (hex), or '' when it has none. */
  readonly binaryId: string;
  /** Counters of the executable. */
  readonly counterCount: number;
  /** Indices of the counters that are not 0, ascending. */
  readonly reached: Uint32Array;
}

/**
 * Which counters of a profile are not 0.
 *
 * @example
 * ```ts
 * profileReach(readRawProfile('/tmp/run-1.profraw')).reached.length; // 3237 for print(1)
 * ```
 */
export function profileReach(profile: RawProfile): ProfileReach {
  const n = profile.counterCount;
  // A counter read as a double is 0 exactly when all its bits are (2^63, read as -0, is no
  // count a run reaches): one load per counter instead of two.
  const counters = new Float64Array(
    profile.counters.buffer,
    profile.counters.byteOffset,
    profile.counterCount,
  );
  const out = scratchIndices.length >= n ? scratchIndices : (scratchIndices = new Uint32Array(n));
  let k = 0;
  for (let i = 0; i < n; i++) if (counters[i] !== 0) out[k++] = i;
  return {
    binaryId: profile.binaryIds[0] ?? '',
    counterCount: n,
    reached: out.slice(0, k),
  };
}

let scratchIndices = new Uint32Array(0);

/**
 * The per-function records of a raw profile: each function's name hash, structural hash and
 * the range of its counters in {@link RawProfile.counters}. This is what ties a counter to a
 * function (for reports and cross-checks); {@link readRawProfile} alone suffices for "which
 * counters did this run reach".
 *
 * @throws {@link RawProfileError} naming the file when it is not such a profile.
 * @example
 * ```ts
 * const fns = readRawProfileFunctions('/tmp/run-1.profraw');
 * fns[0]; // { nameRef: 'bd51409f043b4bf4', funcHash: '…', firstCounter: 0, counters: 1 }
 * ```
 */
export function readRawProfileFunctions(file: string): RawProfileFunction[] {
  const fd = openSync(file, 'r');
  try {
    const header = parseHeader(readAt(fd, headerWords * 8, 0, file), file);
    const dataOffset = headerWords * 8 + header.binaryIdsSize;
    const data = readAt(fd, header.dataSize * dataRecordBytes, dataOffset, file);
    const functions: RawProfileFunction[] = [];
    for (let i = 0; i < header.dataSize; i++) {
      const at = i * dataRecordBytes;
      // CounterPtr is relative to the record itself, CountersDelta to the first record.
      const counterPtr = data.readBigInt64LE(at + 16);
      const first = counterPtr - (header.countersDelta - BigInt(at));
      const count = data.readUInt32LE(at + 40);
      const firstCounter = Number(first / 8n);
      if (first % 8n !== 0n || firstCounter < 0 || firstCounter + count > header.countersSize)
        throw new RawProfileError(
          `${file}: function record ${i} points outside the counters section`,
        );
      functions.push({
        nameRef: data.readBigUInt64LE(at).toString(16).padStart(16, '0'),
        funcHash: data
          .readBigUInt64LE(at + 8)
          .toString(16)
          .padStart(16, '0'),
        firstCounter,
        counters: count,
      });
    }
    return functions;
  } finally {
    closeSync(fd);
  }
}

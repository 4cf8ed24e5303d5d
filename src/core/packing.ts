/**
 * Compressed input told by its magic bytes, whatever its name, as minisat
 * and cadical tell it: the DIMACS readers unpack it, and a reader that
 * cannot (a proof, read a piece at a time) says what it is given rather
 * than stopping at its first byte.
 */
export type Packing = 'gzip' | 'xz';

const MAGIC: readonly (readonly [Packing, readonly number[]])[] = [
  ['gzip', [0x1f, 0x8b]],
  ['xz', [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]],
];

/** How `bytes` (a file's first bytes) are compressed, or undefined when they are not. */
export function packingOf(bytes: Uint8Array): Packing | undefined {
  return MAGIC.find(([, magic]) => magic.every((b, i) => bytes[i] === b))?.[0];
}

/**
 * The compressions a file name's ending names, to every tool that opens the
 * file by its name (zcat, xz -d, a solver): a file so named must hold them.
 */
const PACKED_ENDINGS: Readonly<Record<string, string>> = {
  gz: 'gzip',
  xz: 'xz',
  lzma: 'lzma',
  bz2: 'bzip2',
  zst: 'zstd',
  lz4: 'lz4',
  lz: 'lzip',
  z: 'compress',
  br: 'brotli',
  zip: 'zip',
  '7z': '7-Zip',
};

/** The compression a file name ends in ("f.cnf.xz": xz), or undefined for a name of none. */
export function packingNamed(path: string): string | undefined {
  const ending = /\.([^./\\]+)$/.exec(path)?.[1]?.toLowerCase();
  return ending === undefined ? undefined : PACKED_ENDINGS[ending];
}

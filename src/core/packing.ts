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

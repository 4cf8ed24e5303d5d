/**
 * The names of the cardinality and pseudo-Boolean encodings: what --amo,
 * --card and --pb take, what a puzzle declares as its defaults (puzzle.ts)
 * and a plan records. Their clauses, costs and parsing live in src/card and
 * src/pb, which build on core.
 */
export type AmoEncoding = 'pairwise' | 'sequential' | 'ladder' | 'commander' | 'product' | 'binary' | 'bimander';
export type CardEncoding = 'sequential' | 'totalizer' | 'cardinality-network' | 'modulo-totalizer';
export type PbEncoding = 'bdd' | 'swc' | 'adder';

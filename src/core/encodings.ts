/**
 * The names of the cardinality encodings: what --amo and --card take, what a
 * puzzle declares as its defaults (puzzle.ts) and a plan records. Their
 * clauses, costs and parsing live in src/card, which builds on core.
 */
export type AmoEncoding = 'pairwise' | 'sequential' | 'ladder' | 'commander' | 'product' | 'binary' | 'bimander';
export type CardEncoding = 'sequential' | 'totalizer' | 'cardinality-network' | 'modulo-totalizer';

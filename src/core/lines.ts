/** Lines of text files, whichever line ends they were written with. */

/**
 * A line end of any of the three conventions a text file may have: LF (Unix),
 * CRLF (Windows) and CR alone (classic Mac OS, still written by some
 * spreadsheets): split on LF alone, a CR-only file was one long line.
 */
export const LINE_END = /\r\n|\r|\n/;

/** The 1-based line of `text` that offset `at` is on, each line end (LINE_END) counted once. */
export const lineAt = (text: string, at: number): number => text.slice(0, at).split(LINE_END).length;

/**
 * A comment of a line-based input file (a deck, symbols, knapsack items): from a `#` that starts the line or
 * follows whitespace to the line's end. A `#` inside a name is part of it, so
 * that C# and F# are names, and a deck written with them reads back: names
 * never start with `#` (a symbols file's line that does is a comment) and a
 * deck's names are split by whitespace.
 */
const COMMENT = /(^|\s)#.*$/s;

/** Lines of a text file (any line ends) with their 1-based numbers, without blank lines and comments. */
export function contentLines(text: string): { line: number; content: string }[] {
  return text
    .split(LINE_END)
    .map((raw, i) => ({ line: i + 1, content: raw.replace(COMMENT, '').trim() }))
    .filter((l) => l.content !== '');
}

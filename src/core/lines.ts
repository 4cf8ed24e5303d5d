/** Lines of text files, whichever line ends they were written with; the entries of comma-separated lists. */
import { UserError } from './errors.js';

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
  const lines: { line: number; content: string }[] = [];
  forEachContentLine(text, (content, line) => lines.push({ line, content }));
  return lines;
}

/**
 * contentLines one at a time, with no array of the file's lines: a deck of 3
 * million cards held every line twice over (split, then as objects) beside
 * the deck read from them.
 */
export function forEachContentLine(text: string, visit: (content: string, line: number) => void): void {
  const end = new RegExp(LINE_END.source, 'g');
  let line = 0;
  for (let from = 0; from <= text.length;) {
    const found = end.exec(text);
    const to = found ? found.index : text.length;
    line++;
    const content = text.slice(from, to).replace(COMMENT, '').trim();
    if (content !== '') visit(content, line);
    if (!found) break;
    from = end.lastIndex;
  }
}

/**
 * The entries of an option's comma-separated list (`L,I*2`, `A1,B2`), each
 * trimmed; none for a value of nothing but spaces. An empty entry ("L,,I",
 * "L,") is refused as `Problem`, naming `option`: skipped, it made a piece
 * typed between the commas, or one left out, go unnoticed.
 */
export function commaList(text: string, option: string, Problem: new (message: string) => UserError = UserError): string[] {
  if (text.trim() === '') return [];
  const entries = text.split(',').map((s) => s.trim());
  const empty = entries.indexOf('');
  if (empty !== -1) throw new Problem(`${option}: entry ${empty + 1} of "${text}" is empty; remove the extra comma`);
  return entries;
}

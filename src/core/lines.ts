/** Lines of text files, whichever line ends they were written with. */

/**
 * A line end of any of the three conventions a text file may have: LF (Unix),
 * CRLF (Windows) and CR alone (classic Mac OS, still written by some
 * spreadsheets): split on LF alone, a CR-only file was one long line.
 */
export const LINE_END = /\r\n|\r|\n/;

/** The 1-based line of `text` that offset `at` is on, each line end (LINE_END) counted once. */
export const lineAt = (text: string, at: number): number => text.slice(0, at).split(LINE_END).length;

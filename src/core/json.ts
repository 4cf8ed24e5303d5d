import { UserError } from './errors.js';
import { lineAt } from './lines.js';

type Json = unknown;

/**
 * The one reader of the JSON a user gives (board and pieces files, bench
 * reports, the first lines of resumable files): a syntax error is said at
 * file:line; a key given twice, a number too large for a double, a whole
 * number past 2^53 - 1 (which a double rounds) and nesting deeper than any of
 * them needs are refused with the line and the JSON path.
 */
export function parseJson(text: string, source: string): Json {
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch (e) {
    const message = (e as Error).message;
    const at = /position (\d+)/.exec(message);
    const line = lineAt(text, at ? Number(at[1]) : syntaxErrorOffset(text));
    // V8's "Unexpected token" quotes the text after it (a file's every line break shown as \x0a), and other messages end
    // "in JSON at position N", a count of characters: the line says where.
    const why = message
      .replace(/^.*?JSON[^:]*:\s*/, '')
      .replace(/, (\.\.\.)?".*"(\.\.\.)? is not valid JSON$/s, '')
      .replace(/ (in JSON )?at position \d+.*$/s, '');
    throw new UserError(`${source}:${line}: not valid JSON (${why})`);
  }
  const found = textProblem(text);
  if (found) throw new UserError(`${source}:${found.line}: ${found.path}: ${found.why}`);
  const deep = tooDeep(value);
  if (deep) throw new UserError(`${source}: ${deep}: nested more than ${MAX_JSON_DEPTH} levels deep (board and pieces files need 4)`);
  return value;
}

/**
 * What JSON.parse reads of `text` (valid JSON) without a word, found by a
 * scan of the text, with the path and the line: the first key an object gives
 * twice (JSON.parse keeps the last value silently, and which one was meant is
 * a guess; keys are compared as JSON.parse reads them, "c\u0065lls" is
 * "cells"), or the first number too large or too small for a double (1e309 is
 * read as Infinity, which messages showed as null; 1e-400 as 0) or a whole
 * number a double does not hold exactly (9007199254740993), as written.
 * Without recursion, as tooDeep, since the depth is checked after.
 */
function textProblem(text: string): { path: string; line: number; why: string } | undefined {
  interface Open {
    path: string;
    /** An object's keys so far, with the line of each; undefined in an array. */
    keys?: Map<string, number>;
    /** The path of the value being read: after its key in an object, by its index in an array. */
    at: string;
    index: number;
    expectingKey: boolean;
  }
  const open: Open[] = [];
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const top = open.at(-1);
    // A line ends at LF, CRLF or CR alone (LINE_END); a JSON string holds none of them raw.
    if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
    else if (c === '{' || c === '[') {
      const path = top ? top.at : '$';
      open.push(
        c === '{' ? { path, keys: new Map(), at: path, index: 0, expectingKey: true } : { path, at: `${path}[0]`, index: 0, expectingKey: false },
      );
    } else if (c === '}' || c === ']') open.pop();
    else if (c === ':' && top) top.expectingKey = false;
    else if (c === ',' && top) {
      if (top.keys) top.expectingKey = true;
      else top.at = `${top.path}[${++top.index}]`;
    } else if (c === '-' || (c! >= '0' && c! <= '9')) {
      NUMBER.lastIndex = i;
      const written = NUMBER.exec(text)![0];
      const read = Number(written);
      if (!Number.isFinite(read))
        return { path: top ? top.at : '$', line, why: `${written} is too large a number (a double holds at most about 1.8e308)` };
      // 1e-400 reads as 0, a number the text does not say: refused as 1e309 is.
      if (read === 0 && /[1-9]/.test(written.replace(/[eE].*$/, '')))
        return { path: top ? top.at : '$', line, why: `${written} is too small a number (a double reads it as 0)` };
      // Past 2^53 a double skips whole numbers: 9007199254740993 reads as ...992. A number written with a point or an
      // exponent is one its writer let a double round; counts and coordinates are written whole, and none is this large.
      if (/^-?\d+$/.test(written) && Math.abs(read) > Number.MAX_SAFE_INTEGER)
        return {
          path: top ? top.at : '$',
          line,
          why: `${written} is too large a whole number to read exactly (a double holds them exactly up to ±${Number.MAX_SAFE_INTEGER}, 2^53 - 1)`,
        };
      i += written.length - 1;
    } else if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (top?.keys && top.expectingKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        top.at = `${top.path}.${key}`;
        const first = top.keys.get(key);
        if (first !== undefined) return { path: top.at, line, why: `given twice (first on line ${first}); give it once` };
        top.keys.set(key, line);
      }
      i = end;
    }
  }
  return undefined;
}

/**
 * Where JSON.parse failed when its message gives no position (V8 leaves it
 * out of "Unexpected token" and "Unexpected end of JSON input", as for a
 * trailing comma): the end of the shortest start of the text that no more
 * text could complete, found by halving, since a start that cannot be
 * completed is never completed by a longer one either; the end of the text
 * when every start can be.
 */
function syntaxErrorOffset(text: string): number {
  const completable = (length: number): boolean => {
    try {
      JSON.parse(text.slice(0, length));
      return true;
    } catch (e) {
      const message = (e as Error).message;
      const at = /position (\d+)/.exec(message);
      return at ? Number(at[1]) >= length : /end of JSON input/.test(message);
    }
  };
  if (completable(text.length)) return text.trimEnd().length;
  let [good, bad] = [0, text.length];
  while (bad - good > 1) {
    const mid = (good + bad) >> 1;
    if (completable(mid)) good = mid;
    else bad = mid;
  }
  return bad - 1;
}

/**
 * Arrays and objects within arrays and objects: 4 levels are all a board or
 * pieces file has. Checked once, without recursion, so that what reads and
 * shows the values after (recursive, as JSON.stringify is) never meets a
 * value thousands of levels deep, which overflowed the call stack.
 */
const MAX_JSON_DEPTH = 32;

/** A JSON number, read where one starts (valid JSON: the scan meets no other token starting so). */
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** An array or object met by tooDeep: its path is spelled only for the one reported. */
interface Nested {
  value: object;
  depth: number;
  parent?: Nested;
  key?: string | number;
}

/**
 * The path of the first value nested past MAX_JSON_DEPTH, or undefined.
 * Numbers and strings are not visited, and no path is spelled on the way:
 * a path string for each of a 30 MB file's 9 million values took 20 s and
 * most of 2 GB before --max-cells could refuse its 3 million cells.
 */
function tooDeep(root: Json): string | undefined {
  const stack: Nested[] = [];
  const visit = (value: Json, parent?: Nested, key?: string | number) => {
    if (typeof value === 'object' && value !== null) stack.push({ value, depth: parent ? parent.depth + 1 : 0, parent, key });
  };
  visit(root);
  while (stack.length) {
    const open = stack.pop()!;
    if (open.depth > MAX_JSON_DEPTH) return pathOf(open);
    if (Array.isArray(open.value)) open.value.forEach((child: Json, i) => visit(child, open, i));
    else for (const [key, child] of Object.entries(open.value)) visit(child, open, key);
  }
  return undefined;
}

function pathOf(at: Nested): string {
  const steps: string[] = [];
  for (let n: Nested | undefined = at; n?.parent; n = n.parent) steps.push(typeof n.key === 'number' ? `[${n.key}]` : `.${n.key}`);
  return `$${steps.reverse().join('')}`;
}

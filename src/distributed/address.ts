import { UsageError } from '../core/errors.js';
import { fieldName } from '../core/field-names.js';

// The queue's address, apart from the connection: the library exports
// parseQueueUrl, and a module that names ioredis's types in its declarations
// failed a user's type check (skipLibCheck off) without the optional ioredis.

/**
 * Where the queue lives and how to log in: `redis://[user:password@]host:port[/db]`
 * or `rediss://` for TLS. The user and password may come from the environment
 * instead of the URL (so that they stay out of process listings and shell
 * history); they are never printed: every message shows the masked URL.
 */
export interface QueueAddress {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
  tls: boolean;
  /** The URL with the password masked, for messages. */
  shown: string;
}

export const PASSWORD_ENV = 'PUZZLESAT_REDIS_PASSWORD';
export const USER_ENV = 'PUZZLESAT_REDIS_USER';
/** A PEM file of the certificate authorities to trust for rediss:// (else Node's own list). */
export const CA_ENV = 'PUZZLESAT_REDIS_CA';

/** Hides the password of a URL-ish string, even one that does not parse. */
export const maskUrl = (url: string): string => url.replace(/^([a-z]+:\/\/[^:/@]*):[^@/]*@/i, '$1:***@');

const MAX_DB = 2 ** 31 - 1;

/** The queue as a feature whose packages may be missing (loadOptional), named by the caller's field: --queue, or the library's queue. */
export const queueFeature = (): string => `a Redis queue (${fieldName('queue')})`;

/** A user or password as the URL spells it, decoded: a stray % ("p%ZZ") was decodeURIComponent's URIError, an internal error. */
function urlPart(text: string, option: string, shown: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new UsageError(`${option}: the user or password is not valid percent-encoding (%XX) in "${shown}"`);
  }
}

/** The queue's address in `url`; a UsageError naming `option`, by default the queue field as the caller spells it (fieldName). */
export function parseQueueUrl(url: string, env: NodeJS.ProcessEnv = process.env, option = fieldName('queue')): QueueAddress {
  const shown = maskUrl(url);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`${option}: expected redis://[user:password@]host:port[/db], got "${shown}"`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')
    throw new UsageError(`${option}: expected a redis:// or rediss:// URL, got "${shown}"`);
  if (!parsed.hostname) throw new UsageError(`${option}: no host in "${shown}"`);
  const port = parsed.port === '' ? 6379 : Number(parsed.port);
  const dbText = parsed.pathname.replace(/^\//, '');
  if (!/^\d*$/.test(dbText)) throw new UsageError(`${option}: the path must be a database number, got "/${dbText}" in "${shown}"`);
  // Redis numbers its databases with C ints; whether this one exists the server says (connect).
  if (dbText.length > 10 || Number(dbText) > MAX_DB)
    throw new UsageError(`${option}: database ${dbText} is out of range (0 to ${MAX_DB}) in "${shown}"`);
  const username = urlPart(parsed.username, option, shown) || env[USER_ENV] || undefined;
  const password = urlPart(parsed.password, option, shown) || env[PASSWORD_ENV] || undefined;
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port,
    db: dbText === '' ? 0 : Number(dbText),
    username,
    password,
    tls: parsed.protocol === 'rediss:',
    shown: `${parsed.protocol}//${username ? `${username}${password ? ':***' : ''}@` : ''}${parsed.host}${dbText ? `/${dbText}` : ''}`,
  };
}

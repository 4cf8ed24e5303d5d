import { isIP } from 'node:net';
import type { Redis, RedisOptions } from 'ioredis';
import { UserError } from '../core/errors.js';
import { readTextFile } from '../core/input.js';
import { loadOptional } from '../core/optional.js';
import { CA_ENV, PASSWORD_ENV, type QueueAddress, USER_ENV, queueFeature } from './address.js';

export { CA_ENV, PASSWORD_ENV, type QueueAddress, USER_ENV, maskUrl, parseQueueUrl, queueFeature } from './address.js';

/** The ioredis options for an address: BullMQ needs maxRetriesPerRequest null, and reconnecting forever rides out a Redis restart. */
export function redisOptions(address: QueueAddress, env: NodeJS.ProcessEnv = process.env): RedisOptions {
  const ca = env[CA_ENV];
  return {
    host: address.host,
    port: address.port,
    db: address.db,
    username: address.username,
    password: address.password,
    // The certificate is checked against the host either way; TLS may name only a host name, not an address (RFC 6066).
    ...(address.tls ? { tls: { ...(isIP(address.host) ? {} : { servername: address.host }), ...(ca ? { ca: readTextFile(ca, CA_ENV) } : {}) } } : {}),
    maxRetriesPerRequest: null,
    lazyConnect: true,
    retryStrategy: (times) => Math.min(100 * times, 2000),
  };
}

/**
 * Connects and logs in, or fails with one line: a refused login is not
 * retried (it will not get better), a Redis that cannot be reached at first
 * is an error too. After that first success the client reconnects by itself.
 */
export async function connect(address: QueueAddress): Promise<Redis> {
  const { Redis } = await loadOptional(() => import('ioredis'), ['ioredis'], queueFeature());
  // The database is chosen after the login: ioredis selects options.db as it connects, and a database
  // the server does not have (redis://host/99999) then fails that select on every reconnection, for ever.
  const client = new Redis({ ...redisOptions(address), db: 0 });
  let lastError: Error | undefined;
  // ioredis reports every failed reconnection here; the callers see their consequences instead.
  client.on('error', (e: Error) => void (lastError = e));
  try {
    await client.connect();
    await client.ping();
  } catch (e) {
    client.disconnect();
    // "Connection is closed" hides the cause, which the error event saw first.
    throw connectionError(address, lastError ?? (e as Error));
  }
  try {
    await client.select(address.db);
  } catch (e) {
    client.disconnect();
    throw new UserError(`${address.shown}: this Redis has no database ${address.db} (${scrub(String((e as Error).message), address)})`);
  }
  // Reconnections, and the connections BullMQ duplicates from this one, select it from here on.
  client.options.db = address.db;
  return client;
}

/** One line naming the queue (masked) and the reason, with no password in it. */
export function connectionError(address: QueueAddress, e: Error | undefined): UserError {
  const message = String(e?.message ?? e);
  if (/WRONGPASS|NOAUTH|invalid password|invalid username-password/i.test(message)) {
    return new UserError(`${address.shown}: Redis refused the login (wrong user or password; set them in the URL or ${USER_ENV}/${PASSWORD_ENV})`);
  }
  if (/NOPERM/i.test(message))
    return new UserError(`${address.shown}: the Redis user lacks a permission the queue needs (${scrub(message, address)})`);
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/.test(code)) {
    return new UserError(
      `${address.shown}: the server's TLS certificate is not trusted (${code}; ${CA_ENV} names a PEM file of the authority that signed it)`,
    );
  }
  return new UserError(`${address.shown}: cannot reach Redis (${code ?? scrub(message, address)})`);
}

const scrub = (message: string, address: QueueAddress): string =>
  (address.password ? message.split(address.password).join('***') : message).split('\n')[0]!;

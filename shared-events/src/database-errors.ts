// Which errors mean the database is away (stopped, frozen, restarting, cut off) rather than a bug:
// the projections retry on them, the gateway answers 503, and reads that can go with what they
// last read (the catalog) do so.

/**
 * Errors worth retrying (connection lost or cut, server restarting or not answering, statement
 * timeout, serialization), not handler bugs.
 */
export function isTransientDatabaseError(error: unknown): boolean {
  const e = error as { code?: unknown; name?: unknown; message?: unknown } | null;
  if (!e) return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (/^(08|57P|53)/.test(code) || ['40001', '40P01', '57014'].includes(code)) return true;
  if (['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND'].includes(code)) return true;
  if (e.name === 'KnexTimeoutError') return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return /Connection terminated|connection is closed|Client has encountered a connection error|timeout expired|Query read timeout/i.test(
    message,
  );
}

/**
 * What the local server logs when a request fails. A browser that leaves mid-download (closed tab,
 * cancelled save) is normal and not the server's fault: a debug line, not an error with a stack.
 */
import type { Logger } from '@app/functions/ports/index.ts';

const DISCONNECT_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_DESTROYED']);

export function isClientDisconnect(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const code = (e as { code?: unknown }).code;
  return (typeof code === 'string' && DISCONNECT_CODES.has(code)) || e.message === 'aborted';
}

/** Debug lines are written only with LOG_LEVEL=debug. */
export function reportServerError(log: Logger, e: unknown, debug: (msg: string, data: Record<string, unknown>) => void): void {
  if (isClientDisconnect(e)) return debug('client closed the connection before the response ended', { code: (e as { code?: string }).code ?? 'aborted' });
  log.error('local server error', { error: e instanceof Error ? e.stack : String(e) });
}

export function debugLogger(enabled: boolean, base: Record<string, unknown> = {}, write: (line: string) => void = (l) => process.stdout.write(l + '\n')) {
  return (msg: string, data: Record<string, unknown>): void => {
    if (enabled) write(JSON.stringify({ time: new Date().toISOString(), level: 'debug', msg, ...base, ...data }));
  };
}

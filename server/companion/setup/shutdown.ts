/**
 * Stopping an HTTP server as an orchestrator stops it (SIGTERM), without cutting off the requests
 * in flight. The bins use it; so can an app that mounts the companion's router.
 */
import type { Server, ServerResponse } from 'node:http';

export interface StopOptions {
  /** How long requests in flight may take to finish before their connections are cut. */
  graceMs: number;
  /** Called once the server has stopped accepting connections (the companion drains, logs). */
  onStop?(signal: NodeJS.Signals): void;
  /** Called if `close` fails; the process then exits 1. */
  onError?(error: unknown): void;
}

/**
 * On SIGTERM or SIGINT: stops accepting connections and closes idle ones; lets the requests in
 * flight finish (each connection closes after its answer) for up to `graceMs`, then cuts the
 * remaining connections; then runs `close` (pools, clients) and exits 0. A second signal cuts
 * the connections at once.
 */
export function stopOnSignals(
  server: Server,
  close: () => Promise<void>,
  { graceMs, onStop, onError }: StopOptions,
): void {
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  const lastAnswer = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  };
  // First among the listeners, so that a request on a kept-alive connection after the signal is
  // marked before the app answers it.
  server.prependListener('request', (_request, response: ServerResponse) => {
    inFlight.add(response);
    if (stopping) lastAnswer(response);
    response.once('close', () => {
      inFlight.delete(response);
      // An answer whose headers had gone before the signal leaves its connection idle.
      if (stopping) setImmediate(() => server.closeIdleConnections());
    });
  });

  let cut: NodeJS.Timeout | undefined;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      server.closeAllConnections();
      return;
    }
    stopping = true;
    server.close(() => {
      clearTimeout(cut);
      close().then(
        () => process.exit(0),
        (error: unknown) => {
          onError?.(error);
          process.exit(1);
        },
      );
    });
    server.closeIdleConnections();
    for (const response of inFlight) lastAnswer(response);
    cut = setTimeout(() => server.closeAllConnections(), graceMs);
    onStop?.(signal);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

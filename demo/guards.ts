/** The demo server's doors: its own Host names only, and same-origin JSON for the console API. */
import type { NextFunction, Request, Response } from 'express';

/**
 * A request whose Host is not one of the demo's own is refused: a page on another site whose name
 * was rebound to this address would otherwise reach the console as if from here.
 */
export function sameHost(origins: string[]) {
  const hosts = new Set(origins.map((origin) => new URL(origin).host));
  return (request: Request, response: Response, next: NextFunction) => {
    if (hosts.has(request.get('host') ?? '')) return next();
    response.status(421).json({ title: 'Misdirected request', detail: 'unknown Host' });
  };
}

/**
 * The console API answers its own pages only: a cross-site request (by Sec-Fetch-Site, or by
 * Origin where a browser sends no fetch metadata) is refused, and a POST must be JSON, which a
 * cross-site form or `no-cors` fetch cannot send without a preflight.
 */
export function sameOriginJson(origins: string[]) {
  return (request: Request, response: Response, next: NextFunction) => {
    const site = request.get('sec-fetch-site');
    const origin = request.get('origin');
    if ((site && site !== 'same-origin') || (origin && !origins.includes(origin)))
      return void response.status(403).json({ title: 'Cross-site request refused' });
    if (request.method === 'POST' && !request.is('application/json'))
      return void response
        .status(415)
        .json({ title: 'Unsupported media type', detail: 'send application/json' });
    next();
  };
}

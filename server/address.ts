import type { Server } from 'node:net';

/** The http address of a host and port, IPv6 hosts in brackets (`http://[::1]:3200`). */
export function httpAddress(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** The port `server` listens on: a TCP server's address is an object once it listens. */
export function boundPort(server: Server): number {
  const address = server.address();
  if (typeof address !== 'object' || address === null)
    throw new Error('the server does not listen on a TCP port');
  return address.port;
}

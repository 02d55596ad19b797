/** The http address of a host and port, IPv6 hosts in brackets (`http://[::1]:3200`). */
export function httpAddress(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

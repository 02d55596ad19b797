/**
 * A TCP proxy in front of the test Redis (TEST_REDIS_URL), for the tests of a Redis that goes away:
 * `down()` closes it and every connection through it (Redis unreachable), `up()` listens again on
 * the same port, `stall()` stops passing what the clients send (Redis that no longer answers).
 */
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export type RedisProxy = Awaited<ReturnType<typeof redisProxy>>;

export async function redisProxy(target: string) {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();
  let stalled = false;
  const server: Server = createServer((client) => {
    const redis = connect(Number(upstream.port || 6379), upstream.hostname);
    const pair = [client, redis];
    for (const socket of pair) {
      sockets.add(socket);
      socket.on('error', () => pair.forEach((s) => s.destroy()));
      socket.on('close', () => {
        sockets.delete(socket);
        pair.forEach((s) => s.destroy());
      });
    }
    client.on('data', (chunk) => void (stalled || redis.write(chunk)));
    redis.on('data', (chunk) => void client.write(chunk));
  });
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const { port } = server.address() as AddressInfo;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    stall: () => void (stalled = true),
    async down() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async up() {
      stalled = false;
      await listen(port);
    },
  };
}

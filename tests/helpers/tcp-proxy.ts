import net from "node:net";

/**
 * A TCP proxy on 127.0.0.1 in front of a server (the test PostgreSQL), that can play a restart of
 * that server: `restart(ms)` cuts every open connection and refuses new ones for `ms`, then
 * accepts again, which is what clients see of a PostgreSQL restart (its sessions end, connecting
 * is refused until it is back). Used by tests/jobs/database-restart.test.ts.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const s = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => resolve((s.address() as net.AddressInfo).port));
      server = s;
    });
  const port = await listen(0);
  const stop = () => {
    const closing = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = null;
    for (const socket of sockets) socket.destroy();
    return closing;
  };
  return {
    port,
    /** How many connections are open through the proxy now. */
    open: () => sockets.size / 2,
    async restart(downMs: number) {
      await stop();
      await new Promise((r) => setTimeout(r, downMs));
      await listen(port);
    },
    close: stop,
  };
}

// Real local servers on 127.0.0.1 (port 0) for the fetch tests.
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";

export interface TestServer { port: number; origin: string; close(): Promise<void>; }

/** An HTTP server with a request handler. */
export async function startHttp(handler: http.RequestListener, host = "127.0.0.1"): Promise<TestServer> {
  const server = http.createServer(handler);
  const sockets = new Set<net.Socket>();
  server.on("connection", (s) => { sockets.add(s); s.on("close", () => sockets.delete(s)); });
  await new Promise<void>((r) => server.listen(0, host, r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    close: () => new Promise<void>((r) => { for (const s of sockets) s.destroy(); server.close(() => r()); }),
  };
}

/** A TCP server that accepts connections and never sends a byte. */
export async function startSilent(): Promise<TestServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => { sockets.add(s); s.on("error", () => {}); });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => { for (const s of sockets) s.destroy(); server.close(() => r()); }),
  };
}

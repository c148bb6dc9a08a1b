/**
 * Test helper (not shipped behaviour): a local HTTP server on a loopback address, closed with its sockets.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface LocalServer {
  server: Server;
  host: string;
  port: number;
  /** http://host:port */
  origin: string;
  close(): Promise<void>;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

export async function startServer(handler: Handler, host = '127.0.0.1'): Promise<LocalServer> {
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    Promise.resolve(handler(req, res)).catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(err));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    host,
    port,
    origin: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Host name of a request without the port. */
export const hostOf = (req: IncomingMessage): string =>
  (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();

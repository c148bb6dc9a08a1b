// A recording TCP proxy in front of PostgreSQL: the app connects through it, and every statement it sends
// (extended protocol Parse/Bind, or simple Query) is recorded with its parameters while `recording` is on.
// This is how the sessions-list bench learns the exact SQL the API runs when pg_stat_statements is not loaded
// (it needs shared_preload_libraries, which a bench must not change on the machine's server).
import net from 'node:net';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

/** Starts the proxy on a free loopback port; `port` is where to point DATABASE_URL. */
export async function startCaptureProxy({ host, port }) {
  const statements = [];
  const state = { recording: false };
  const sockets = new Set();

  const server = net.createServer((client) => {
    const upstream = net.connect(port, host);
    sockets.add(client);
    sockets.add(upstream);
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', closeBoth);
    upstream.on('error', closeBoth);
    client.on('close', closeBoth);
    upstream.on('close', closeBoth);
    upstream.pipe(client);

    let buffer = Buffer.alloc(0);
    let isStarted = false;
    const prepared = new Map(); // statement name ('' = unnamed) → SQL
    client.on('data', (chunk) => {
      upstream.write(chunk);
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!isStarted) {
          // Startup, SSLRequest and GSSENCRequest carry no type byte.
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          const code = buffer.readInt32BE(4);
          buffer = buffer.subarray(length);
          if (code !== SSL_REQUEST && code !== GSSENC_REQUEST) isStarted = true;
          continue;
        }
        if (buffer.length < 5) return;
        const type = String.fromCharCode(buffer[0]);
        const length = buffer.readInt32BE(1);
        if (buffer.length < 1 + length) return;
        const body = buffer.subarray(5, 1 + length);
        buffer = buffer.subarray(1 + length);
        if (type === 'P') {
          const [name, sql] = readCStrings(body, 2);
          prepared.set(name, sql);
        } else if (type === 'B' && state.recording) {
          const parsed = readBind(body);
          statements.push({
            sql: prepared.get(parsed.statement) ?? '',
            // The name the app prepared it under ('' for the unnamed statement), for a replay that plans as it did.
            name: parsed.statement,
            params: parsed.params,
            at: Date.now(),
          });
        } else if (type === 'Q' && state.recording) {
          statements.push({ sql: readCStrings(body, 1)[0], name: '', params: [], at: Date.now() });
        }
      }
    });
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return {
    port: server.address().port,
    statements,
    setRecording: (on) => {
      state.recording = on;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((done) => server.close(done));
    },
  };
}

function readCStrings(buffer, count) {
  const out = [];
  let offset = 0;
  for (let i = 0; i < count; i++) {
    const end = buffer.indexOf(0, offset);
    out.push(buffer.toString('utf8', offset, end));
    offset = end + 1;
  }
  return out;
}

/** Bind: portal, statement, parameter format codes, parameter values (text, or binary as a Buffer). */
function readBind(body) {
  let offset = 0;
  const cstring = () => {
    const end = body.indexOf(0, offset);
    const value = body.toString('utf8', offset, end);
    offset = end + 1;
    return value;
  };
  cstring(); // portal
  const statement = cstring();
  const formatCount = body.readInt16BE(offset);
  offset += 2;
  const formats = [];
  for (let i = 0; i < formatCount; i++, offset += 2) formats.push(body.readInt16BE(offset));
  const paramCount = body.readInt16BE(offset);
  offset += 2;
  const params = [];
  for (let i = 0; i < paramCount; i++) {
    const length = body.readInt32BE(offset);
    offset += 4;
    if (length === -1) {
      params.push(null);
      continue;
    }
    const format = formats.length === 1 ? formats[0] : (formats[i] ?? 0);
    const raw = body.subarray(offset, offset + length);
    params.push(format === 0 ? raw.toString('utf8') : Buffer.from(raw));
    offset += length;
  }
  return { statement, params };
}

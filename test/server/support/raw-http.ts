/**
 * The handler behind `toNodeListener` on a loopback port, spoken to over a raw socket: what a
 * hostile client sends is exactly what goes on the wire (lying lengths, trickled bytes, chunked
 * bodies), which `fetch` would tidy up.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { UploadHandler } from '../../../server/index.js';
import { toNodeListener } from '../../../server/node.js';
import type { WireResponse } from './upload-harness.js';

export interface ExchangeOptions {
  /** Sends `trickle(n)` every 50 ms after the head and chunks, until the answer arrives. */
  trickle?: (index: number) => Buffer;
}

export interface RawServer {
  port: number;
  /** Writes `head` and `chunks`, then reads until the server ends the connection or the answer is complete. */
  exchange(head: string, chunks: Buffer[], options?: ExchangeOptions): Promise<{ response: WireResponse; raw: string }>;
  close(): Promise<void>;
}

function parseResponse(raw: Buffer): WireResponse {
  const text = raw.toString('utf8');
  const split = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = text.slice(0, split).split('\r\n');
  const headers = new Headers();
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const length = Number(headers.get('content-length') ?? Number.NaN);
  const bodyText = Number.isSafeInteger(length)
    ? raw.subarray(Buffer.byteLength(text.slice(0, split + 4)), Buffer.byteLength(text.slice(0, split + 4)) + length).toString('utf8')
    : text.slice(split + 4);
  let body: unknown = bodyText;
  if ((headers.get('content-type') ?? '').includes('json') && bodyText !== '') body = JSON.parse(bodyText);
  return { status: Number(statusLine.split(' ')[1]), headers, body, text: bodyText };
}

function isComplete(raw: Buffer): boolean {
  const text = raw.toString('latin1');
  const split = text.indexOf('\r\n\r\n');
  if (split < 0) return false;
  const match = /\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, split));
  return match !== null && raw.length >= split + 4 + Number(match[1]);
}

export async function startRawServer(handler: UploadHandler): Promise<RawServer> {
  const server: Server = createServer(toNodeListener(handler));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    exchange(head, chunks, options = {}) {
      return new Promise((resolve, reject) => {
        const socket = connect(port, '127.0.0.1');
        const received: Buffer[] = [];
        let timer: ReturnType<typeof setInterval> | undefined;
        let settled = false;
        const finish = () => {
          if (settled) return;
          settled = true;
          clearInterval(timer);
          socket.destroy();
          const raw = Buffer.concat(received);
          if (raw.length === 0) reject(new Error('the server closed the connection without an answer'));
          else resolve({ response: parseResponse(raw), raw: raw.toString('utf8') });
        };
        // A server that answers early may reset while the rest is still being written: the answer counts.
        socket.on('error', finish);
        socket.on('data', (data: Buffer) => {
          received.push(data);
          if (isComplete(Buffer.concat(received))) finish();
        });
        socket.on('end', finish);
        socket.on('close', finish);
        socket.on('connect', () => {
          socket.write(head);
          for (const chunk of chunks) socket.write(chunk);
          if (options.trickle) {
            let index = 0;
            timer = setInterval(() => {
              if (received.length === 0 && !socket.destroyed) socket.write(options.trickle!(index++));
            }, 50);
          }
        });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

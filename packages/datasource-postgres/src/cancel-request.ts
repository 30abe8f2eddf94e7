import { connect } from 'node:net';

/** Where a connection's backend can be reached, and the key that lets a client cancel its query. */
export interface CancelTarget {
  host: string;
  port: number;
  processID: number;
  secretKey: number;
}

const CANCEL_REQUEST_CODE = 80877102; // 1234 << 16 | 5678, protocol 3.0

/**
 * Ask the server to cancel whatever the backend `processID` is running: a CancelRequest
 * message on a new connection (the connection running the query is busy). Resolves when the
 * server has closed that connection, which it does after signalling the backend, so the
 * caller knows the signal has left before it lends the connection to anyone else. Never
 * rejects: a cancel that cannot be delivered leaves the statement to its server-side timeout.
 */
export function sendCancelRequest(target: CancelTarget, timeoutMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    const path = target.host.startsWith('/') ? `${target.host}/.s.PGSQL.${target.port}` : undefined;
    const socket = path ? connect(path) : connect(target.port, target.host);
    let delivered = false;
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on('connect', () => {
      const message = Buffer.alloc(16);
      message.writeInt32BE(16, 0);
      message.writeInt32BE(CANCEL_REQUEST_CODE, 4);
      message.writeInt32BE(target.processID, 8);
      message.writeInt32BE(target.secretKey, 12);
      socket.write(message, () => {
        delivered = true;
      });
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(delivered);
    });
    socket.resume();
  });
}

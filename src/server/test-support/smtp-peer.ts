import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a local socket for the mail tests (decision 21): it receives what the
 * nodemailer transport sends and keeps each message parsed. While `refusing`, it answers every
 * recipient with a temporary failure (451), as a mail server that is down for maintenance would.
 */
export interface SmtpPeer {
  url: string;
  port: number;
  messages: ParsedMail[];
  refusing: boolean;
  /** Resolves once `count` messages have arrived in all (parsing is asynchronous). */
  received(count: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  const waiting: Array<{ count: number; resolve(messages: ParsedMail[]): void }> = [];
  const peer: SmtpPeer = {
    url: '',
    port: 0,
    messages: [],
    refusing: false,
    received(count) {
      if (peer.messages.length >= count) return Promise.resolve(peer.messages);
      return new Promise((resolve) => waiting.push({ count, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (peer.refusing) {
        const error = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
        return callback(error);
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          peer.messages.push(parsed);
          for (const wait of waiting.filter((w) => peer.messages.length >= w.count)) {
            waiting.splice(waiting.indexOf(wait), 1);
            wait.resolve(peer.messages);
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  peer.port = (server.server.address() as AddressInfo).port;
  peer.url = `smtp://127.0.0.1:${peer.port}`;
  return peer;
}

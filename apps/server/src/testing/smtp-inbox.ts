import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedEmail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Header values by lower-case name, as received. */
  headers: Record<string, string>;
};

/**
 * A real SMTP server on 127.0.0.1 (random port) that keeps every message it receives, for tests that
 * follow the links in verification and reset emails.
 */
export async function startSmtpInbox(options: { refuseFirst?: number } = {}) {
  const received: ReceivedEmail[] = [];
  /** Messages still to turn away with a temporary failure (451), as a busy server does. */
  let toRefuse = options.refuseFirst ?? 0;
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      if (toRefuse > 0) {
        toRefuse--;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          received.push({
            to: to ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            headers: Object.fromEntries(
              mail.headerLines.map((line) => [line.key, line.line.slice(line.key.length + 1).trim()]),
            ),
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves with the first message to `to` matching `subject`, waiting up to `timeoutMs`. */
    async waitFor(to: string, subject: RegExp, timeoutMs = 10_000): Promise<ReceivedEmail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((mail) => mail.to.includes(to) && subject.test(mail.subject));
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No email to ${to} matching ${subject} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 250));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    count(to: string, subject: RegExp): number {
      return received.filter((mail) => mail.to.includes(to) && subject.test(mail.subject)).length;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpInbox = Awaited<ReturnType<typeof startSmtpInbox>>;

/** The first http(s) link in a message body. */
export function firstLink(text: string): string {
  const match = /https?:\/\/[^\s<>"]+/.exec(text);
  if (!match) throw new Error('No link in the email');
  return match[0];
}

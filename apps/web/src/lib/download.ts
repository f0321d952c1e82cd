import { ApiError } from './api-client';

/** Downloads of files the server sends (exports): their names, and handing them to the browser. */

export type DownloadedFile = { blob: Blob; filename: string };

/**
 * The file name from a Content-Disposition header (`filename*=UTF-8''…` preferred, then `filename=`),
 * reduced to a plain name (no folders); undefined when there is none.
 */
export function filenameFromContentDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)?'[^']*'([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header);
    name = (plain?.[1] ?? plain?.[2])?.replace(/\\(.)/g, '$1').trim();
  }
  const base = name
    ?.split(/[/\\]/)
    .pop()
    ?.replace(/[\p{Cc}]/gu, '')
    .trim();
  return base ? base : undefined;
}

/** Hands `file` to the browser as a download under its name. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the object URL after click() returns; release it once the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The server's own words for a refused download, or `fallback` when the answer is not its envelope. */
export async function downloadFailure(response: Response, fallback: string): Promise<ApiError> {
  try {
    const body: unknown = await response.json();
    if (isRecord(body) && typeof body.error === 'string') {
      return new ApiError(response.status, typeof body.code === 'string' ? body.code : 'UNKNOWN', body.error);
    }
  } catch {
    // Not a JSON envelope (a proxy's error page): the fixed message below says enough.
  }
  return new ApiError(response.status, 'HTTP_ERROR', fallback);
}

/**
 * Fetches `url` (with the session cookie and `headers`) as a file: its bytes and the name the server gave
 * it, else `fallbackName`. A refusal throws an ApiError with the server's message, else `failedMessage`.
 */
export async function downloadFile(
  url: string,
  fallbackName: string,
  failedMessage: string,
  headers?: Record<string, string>,
): Promise<DownloadedFile> {
  const response = await fetch(url, { credentials: 'same-origin', headers });
  if (!response.ok) throw await downloadFailure(response, failedMessage);
  const blob = await response.blob();
  return {
    blob,
    filename: filenameFromContentDisposition(response.headers.get('content-disposition')) ?? fallbackName,
  };
}

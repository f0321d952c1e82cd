/** The text without a leading byte-order mark (UTF-8 files saved by Excel start with one). */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Offset of the first character after `lines` line breaks (CRLF, LF or CR); the text length if fewer. */
export function offsetAfterLines(text: string, lines: number): number {
  if (lines <= 0) return 0;
  let seen = 0;
  for (let offset = 0; offset < text.length && seen < lines; offset += 1) {
    const code = text.charCodeAt(offset);
    if (code === 10 || (code === 13 && text.charCodeAt(offset + 1) !== 10)) {
      seen += 1;
      if (seen === lines) return offset + 1;
    }
  }
  return text.length;
}

import { termsPattern } from './help-search';

/** `text` with every matched word marked, for search results. */
export function HighlightedText({ text, terms }: { text: string; terms: string[] }) {
  const pattern = termsPattern(terms);
  if (!pattern) return <>{text}</>;
  // split() with a capturing group keeps the matches at the odd positions.
  const parts = text.split(pattern);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <mark key={index} className="rounded-sm bg-highlight px-0.5 text-highlight-foreground">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}

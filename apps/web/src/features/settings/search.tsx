import { createContext, type ReactNode, useContext } from 'react';
import { normalizeQuery } from './sections';

/** The settings page's search text, so every card and row can highlight what matches (spec §2). */
const SettingsSearchContext = createContext('');

/** Gives everything inside the search, compared as the section list compares it (normalizeQuery). */
export function SettingsSearchProvider({ query, children }: { query: string; children: ReactNode }) {
  return (
    <SettingsSearchContext.Provider value={normalizeQuery(query)}>{children}</SettingsSearchContext.Provider>
  );
}

/** The current settings search ('' when none), lower case and trimmed. */
export function useSettingsSearch(): string {
  return useContext(SettingsSearchContext);
}

/** The text with every case-insensitive occurrence of the search wrapped in <mark>. */
export function Highlight({ text }: { text: string }) {
  const query = useSettingsSearch();
  if (!query) return <>{text}</>;
  const lower = text.toLowerCase();
  const needle = query.toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(
      <mark key={at} className="rounded-sm bg-highlight px-0.5 text-highlight-foreground">
        {text.slice(at, at + needle.length)}
      </mark>,
    );
    from = at + needle.length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return <>{parts}</>;
}

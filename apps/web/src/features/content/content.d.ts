/** The index that the content plugin (build/content.ts) compiles from the repository's content folder. */
declare module 'virtual:lodestar-content' {
  export type ContentKind = 'blog' | 'help' | 'legal';
  export type ContentEntry = {
    kind: ContentKind;
    slug: string;
    /** Help topic id (help articles only). */
    topic?: string;
    title: string;
    /** yyyy-mm-dd; null only for release notes of changes not yet released. */
    date: string | null;
    summary: string;
    tags: string[];
    author: string;
    readingMinutes: number;
    /** Help articles only: the article's words, for search. */
    text?: string;
  };
  export const helpTopics: readonly { id: string; title: string }[];
  export const blogPosts: ContentEntry[];
  export const helpArticles: (ContentEntry & { topic: string; text: string })[];
  export const legalPages: ContentEntry[];
  /** The article's HTML (sanitised at build time), or undefined when there is no such article. */
  export function loadDocumentHtml(kind: ContentKind, slug: string): Promise<string | undefined>;
}

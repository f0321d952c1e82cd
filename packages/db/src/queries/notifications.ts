/** Queries for docs/settings-api.md (notifications). */
export {};

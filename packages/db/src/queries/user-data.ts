/** Queries for docs/settings-api.md (user-data). */
export {};

/** Queries for docs/settings-api.md (api-keys). */
export {};

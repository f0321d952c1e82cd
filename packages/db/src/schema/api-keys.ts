/** API keys for the public API (migration 0010). */
export {};

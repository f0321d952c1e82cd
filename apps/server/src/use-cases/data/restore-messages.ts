/** What a refused restore says (docs/settings-api.md "Data"). */
export const RESTORE_MESSAGES = {
  notExport: 'This is not a Lodestar export',
  notEmpty: 'Restore needs an account without data',
  conflict:
    'The export contains rows that contradict each other (for example the same transaction twice); nothing was restored',
} as const;

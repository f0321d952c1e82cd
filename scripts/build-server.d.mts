export const serverBundle: string;
export function newestChange(path: string): number;
export function serverBuildIsStale(): boolean;
export function buildServer(): Promise<void>;
export function ensureServerBuilt(): Promise<void>;

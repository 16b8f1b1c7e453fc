export const DEFAULT_URL: string;
export function isPostgres(url: string | undefined): boolean;
export function migrate(url?: string, log?: (message: string) => void): Promise<number>;

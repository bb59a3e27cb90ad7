/** The sessions module's configuration, taken from the validated environment by the app module. */
export interface SessionSettings {
  sandbox: boolean;
  ttl: { minSeconds: number; maxSeconds: number; defaultSeconds: number };
  expiry: { enabled: boolean; intervalMs: number; batchSize: number };
}

export const SESSION_SETTINGS = Symbol('SESSION_SETTINGS');

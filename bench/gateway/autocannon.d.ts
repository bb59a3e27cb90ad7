// autocannon ships no typings: the part of its API and result this benchmark uses.
declare module 'autocannon' {
  interface AutocannonResult {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number; average: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  function autocannon(options: {
    url: string;
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    /** Requests per second across all connections (unset: as fast as possible). */
    overallRate?: number;
  }): Promise<AutocannonResult>;
  export default autocannon;
}

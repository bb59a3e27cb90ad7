/** Anything that runs a query: an EntityManager (in a transaction or not), a DataSource, a pool. */
export interface Queryable {
  query<T = unknown>(sql: string, params?: unknown[]): Promise<T>;
}

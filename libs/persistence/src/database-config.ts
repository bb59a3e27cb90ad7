export interface DatabaseConfig {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  /** Connections this process keeps open; PostgreSQL's own limit is shared by every service. */
  poolSize?: number;
}

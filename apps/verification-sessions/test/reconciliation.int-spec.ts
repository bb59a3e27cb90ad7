import { DataSource } from 'typeorm';
import {
  BASE,
  createSession,
  partnerClient,
  sandbox,
  startService,
  type PartnerClient,
  type TestService,
} from './support';

// The integration project's testTimeout is not applied when unit and integration projects run together.
jest.setTimeout(30_000);

const PARTNER = 'prt_recon';
const EXISTING = 3000;

/** Sessions created directly in the database, spread over the last hour, three per millisecond (ties). */
async function seed(
  dataSource: DataSource,
  partnerId: string,
  count: number,
  end: Date,
): Promise<void> {
  await dataSource.query(
    `INSERT INTO verification_sessions
       (id, partner_id, provider, mode, status, steps, request_fingerprint, ttl_seconds, expires_at, created_at, updated_at)
     SELECT gen_random_uuid(), $1, CASE WHEN i % 2 = 0 THEN 'bank_transfer' ELSE 'mobywatel' END, 'single', 'pending', '[]',
            'seed', 86400, $2::timestamptz + interval '1 day',
            $2::timestamptz - (i / 3) * interval '1 millisecond', $2::timestamptz - (i / 3) * interval '1 millisecond'
       FROM generate_series(1, $3) AS i`,
    [partnerId, end.toISOString(), count],
  );
}

describe('reconciliation paging (real PostgreSQL)', () => {
  let service: TestService;
  let api: PartnerClient;
  let dataSource: DataSource;
  let seededBankTransfers: Set<string>;
  let seededEnd: Date;

  beforeAll(async () => {
    service = await startService('vs_recon', { DATABASE_POOL_SIZE: '20' });
    api = partnerClient(service.app, PARTNER);
    dataSource = service.app.get(DataSource);
    seededEnd = new Date(Date.now() - 1000);
    await seed(dataSource, PARTNER, EXISTING, seededEnd);
    await seed(dataSource, 'prt_someone_else', 500, seededEnd);
    const rows: { id: string }[] = await dataSource.query(
      `SELECT id FROM verification_sessions WHERE partner_id = $1 AND provider = 'bank_transfer'`,
      [PARTNER],
    );
    seededBankTransfers = new Set(rows.map((row) => row.id));
  });

  afterAll(() => service.stop());

  async function pageThrough(
    query: string,
    perPage: number,
    betweenPages?: () => Promise<void>,
  ): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const suffix: string = cursor ? `&cursor=${cursor}` : '';
      const page = await api.get(`${BASE}?per_page=${perPage}${query}${suffix}`).expect(200);
      seen.push(
        ...page.body.data.map((session: { id: string; provider: string }) => {
          expect(session.provider).toBe('bank_transfer');
          return session.id;
        }),
      );
      cursor = page.body.next_cursor;
      if (betweenPages) await betweenPages();
    } while (cursor);
    return seen;
  }

  it('returns each matching session exactly once while others are created and finished', async () => {
    const createdMeanwhile: string[] = [];
    const toFinish = [...seededBankTransfers].slice(0, 300);
    const createOne = async () =>
      createdMeanwhile.push((await createSession(api, { provider: 'bank_transfer' })).id);
    const finishOne = async () => {
      const id = toFinish.pop();
      if (id) await api.post(sandbox(id), {}).expect(200);
    };
    let paging = true;
    const writers = Promise.all(
      Array.from({ length: 3 }, async () => {
        while (paging) await Promise.all([createOne(), finishOne()]);
      }),
    );
    // Besides the writers running alongside, every page boundary is guaranteed a fresh insert and update.
    const seen = await pageThrough('&provider=bank_transfer', 100, () =>
      Promise.all([createOne(), finishOne()]).then(() => undefined),
    ).finally(() => (paging = false));
    await writers;

    expect(createdMeanwhile.length).toBeGreaterThanOrEqual(15);
    expect(new Set(seen).size).toBe(seen.length);
    const seenSet = new Set(seen);
    expect([...seededBankTransfers].filter((id) => !seenSet.has(id))).toEqual([]);
    const unexpected = seen.filter(
      (id) => !seededBankTransfers.has(id) && !createdMeanwhile.includes(id),
    );
    expect(unexpected).toEqual([]);
  });

  it('a closed period gives exactly that period, whatever is created meanwhile', async () => {
    const writer = Promise.all(
      Array.from({ length: 20 }, () => createSession(api, { provider: 'bank_transfer' })),
    );
    const to = encodeURIComponent(new Date(seededEnd.getTime() + 1).toISOString());
    const seen = await pageThrough(`&provider=bank_transfer&created_to=${to}`, 137);
    await writer;
    expect(seen).toHaveLength(seededBankTransfers.size);
    expect(new Set(seen)).toEqual(seededBankTransfers);
  });

  it('defaults to 50 per page, newest first', async () => {
    const page = await api.get(BASE).expect(200);
    expect(page.body.data).toHaveLength(50);
    const keys = page.body.data.map(
      (session: { created_at: string; id: string }) => `${session.created_at}|${session.id}`,
    );
    expect([...keys].sort().reverse()).toEqual(keys);
  });
});

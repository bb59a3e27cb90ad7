import { DataSource } from 'typeorm';
import { ALL_SCOPES, Scope } from '@pc/contracts';
import { createTestDatabase, type TestDatabase } from '@pc/testing';
import { apiGatewayDataSourceOptions } from '../src/api-gateway.datasource';
import { buildPartnerProgram } from '../src/cli/partner.cli';
import { PartnerCommands } from '../src/cli/partner-commands';
import { hashPartnerKey } from '../src/keys/key-format';
import { PartnerKeysService } from '../src/keys/partner-keys.service';
import { PartnersService } from '../src/partners/partners.service';

describe('partner CLI', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  /** Runs `partner <args…>` against the test database and returns what it printed. */
  async function cli(...args: string[]): Promise<{ out: string; err: string }> {
    const printed = { out: '', err: '' };
    const program = buildPartnerProgram(
      (work) => work(PartnerCommands.forDataSource(dataSource, 'test')),
      { out: (text) => (printed.out += text), err: (text) => (printed.err += text) },
    );
    await program.parseAsync(['node', 'partner', ...args]);
    return printed;
  }
  const cliJson = async (...args: string[]) => JSON.parse((await cli(...args)).out);

  beforeAll(async () => {
    database = await createTestDatabase('gateway_cli', apiGatewayDataSourceOptions);
    dataSource = await new DataSource(apiGatewayDataSourceOptions(database.config)).initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  it('creates a partner, adds channels and refuses a channel already taken', async () => {
    const { partner_id } = await cliJson('create', '--name', 'Acme');
    expect(await cliJson('add-channel', '--partner', partner_id, '--channel', 'acme-shop')).toEqual(
      {
        partner_id,
        channel: 'acme-shop',
      },
    );
    const other = await cliJson('create', '--name', 'Globex');
    await expect(
      cli('add-channel', '--partner', other.partner_id, '--channel', 'acme-shop'),
    ).rejects.toMatchObject({
      code: 'channel_taken',
    });
    await expect(
      cli('add-channel', '--partner', partner_id, '--channel', 'Bad Code'),
    ).rejects.toMatchObject({
      code: 'invalid_channel_code',
    });
    await expect(cli('add-channel', '--partner', 'nope', '--channel', 'x')).rejects.toMatchObject({
      code: 'unknown_partner',
    });
  });

  it('issues a key once, stores only its hash, and revokes it', async () => {
    const { partner_id } = await cliJson('create', '--name', 'Initech');
    await expect(cli('issue-key', '--partner', partner_id)).rejects.toMatchObject({
      code: 'partner_has_no_channel',
    });
    await cli('add-channel', '--partner', partner_id, '--channel', 'initech');

    const printed = await cli(
      'issue-key',
      '--partner',
      partner_id,
      '--scopes',
      'account:read,payouts:write',
    );
    const issued = JSON.parse(printed.out);
    expect(printed.err).toContain('cannot be shown again');
    expect(issued).toMatchObject({ partner_id, scopes: [Scope.AccountRead, Scope.PayoutsWrite] });
    expect(issued.key).toMatch(new RegExp(`^pk_test_${issued.key_id}_[0-9A-Za-z]{43}$`));

    const [row] = await dataSource.query('SELECT * FROM partner_keys WHERE id = $1', [
      issued.key_id,
    ]);
    expect(row.secret_hash).toEqual(hashPartnerKey(issued.key));
    expect(JSON.stringify(row)).not.toContain(issued.key.slice(-43));

    const keys = new PartnerKeysService(dataSource, new PartnersService(dataSource), 'test');
    expect(await keys.findActive(issued.key_id)).toMatchObject({
      partnerId: partner_id,
      channels: ['initech'],
    });
    const revoked = await cliJson('revoke-key', '--key-id', issued.key_id);
    expect(revoked.key_id).toBe(issued.key_id);
    expect(await keys.findActive(issued.key_id)).toBeNull();
    expect((await cliJson('revoke-key', '--key-id', issued.key_id)).revoked_at).toBe(
      revoked.revoked_at,
    );

    await expect(
      cli('issue-key', '--partner', partner_id, '--scopes', 'account:read,admin'),
    ).rejects.toMatchObject({
      code: 'unknown_scope',
    });
    await expect(cli('revoke-key', '--key-id', 'unknown')).rejects.toMatchObject({
      code: 'unknown_key',
    });
  });

  it('lists partners, channels and keys but never a key itself', async () => {
    const { partner_id } = await cliJson('create', '--name', 'Umbrella');
    await cli('add-channel', '--partner', partner_id, '--channel', 'umbrella-b');
    await cli('add-channel', '--partner', partner_id, '--channel', 'umbrella-a');
    const issued = await cliJson('issue-key', '--partner', partner_id);
    const printed = await cli('list');
    expect(printed.out).not.toContain(issued.key);
    const umbrella = JSON.parse(printed.out).find(
      (partner: { id: string }) => partner.id === partner_id,
    );
    expect(umbrella).toMatchObject({
      name: 'Umbrella',
      channels: ['umbrella-a', 'umbrella-b'],
      keys: [{ key_id: issued.key_id, scopes: [...ALL_SCOPES], revoked_at: null }],
    });
  });

  it('ensures the sandbox partner and prints its key only when issued', async () => {
    const first = JSON.parse((await cli('sandbox', '--json')).out);
    expect(first).toEqual({
      partner_id: expect.any(String),
      channel: 'sandbox',
      key_id: expect.any(String),
      key: expect.stringMatching(/^pk_test_/),
    });
    const keys = new PartnerKeysService(dataSource, new PartnersService(dataSource), 'test');
    expect((await keys.findActive(first.key_id))?.scopes).toEqual([...ALL_SCOPES]);

    const again = JSON.parse((await cli('sandbox', '--json')).out);
    expect(again).toEqual({ ...first, key: null });

    const reissued = JSON.parse((await cli('sandbox', '--json', '--reissue')).out);
    expect(reissued.partner_id).toBe(first.partner_id);
    expect(reissued.key_id).not.toBe(first.key_id);
    expect(reissued.key).toMatch(new RegExp(`^pk_test_${reissued.key_id}_`));
    expect(await keys.findActive(first.key_id)).toBeNull();

    const partners = await dataSource.query(
      "SELECT count(*)::int AS n FROM partners WHERE name = 'Sandbox Partner'",
    );
    expect(partners[0].n).toBe(1);
    expect((await cli('sandbox')).out).toContain('Key unchanged');
  });

  it('creates one sandbox partner and key when started concurrently', async () => {
    await dataSource.query(
      "UPDATE partner_keys SET revoked_at = now() WHERE partner_id IN (SELECT partner_id FROM partner_channels WHERE code = 'sandbox')",
    );
    const runs = await Promise.all([1, 2, 3].map(() => cli('sandbox', '--json')));
    const results = runs.map((run) => JSON.parse(run.out));
    expect(results.filter((result) => result.key !== null)).toHaveLength(1);
    expect(new Set(results.map((result) => result.key_id)).size).toBe(1);
  });
});

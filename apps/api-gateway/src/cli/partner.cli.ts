import 'reflect-metadata';
import { Command } from 'commander';
import { DataSource } from 'typeorm';
import { databaseConfigOf, loadEnv } from '@pc/http';
import { apiGatewayDataSourceOptions } from '../api-gateway.datasource';
import { ApiGatewayEnv } from '../config/api-gateway.env';
import { PartnerDirectoryError } from '../partners/partner-directory.error';
import { PartnerCommands } from './partner-commands';

export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

type WithCommands = <T>(work: (commands: PartnerCommands) => Promise<T>) => Promise<T>;

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The `partner` command line: manages partners, channels and keys in the gateway database. */
export function buildPartnerProgram(withCommands: WithCommands, output: CliOutput): Command {
  const program = new Command('partner')
    .description('Manage Partner Connect partners, channels and partner keys')
    .showHelpAfterError()
    .configureOutput({ writeOut: output.out, writeErr: output.err });

  program
    .command('create')
    .description('create a partner')
    .requiredOption('--name <name>', 'partner name')
    .action(async (options: { name: string }) => {
      output.out(json(await withCommands((commands) => commands.create(options.name))));
    });

  program
    .command('add-channel')
    .description('give a partner a channel (a code unique across partners, e.g. acme-shop)')
    .requiredOption('--partner <id>', 'partner id')
    .requiredOption('--channel <code>', 'channel code')
    .action(async (options: { partner: string; channel: string }) => {
      output.out(
        json(
          await withCommands((commands) => commands.addChannel(options.partner, options.channel)),
        ),
      );
    });

  program
    .command('issue-key')
    .description('issue a key for a partner; the key is printed once and cannot be shown again')
    .requiredOption('--partner <id>', 'partner id')
    .option('--scopes <list>', 'comma-separated scopes (default: every scope)')
    .action(async (options: { partner: string; scopes?: string }) => {
      const scopes = options.scopes
        ?.split(',')
        .map((scope) => scope.trim())
        .filter(Boolean);
      const issued = await withCommands((commands) => commands.issueKey(options.partner, scopes));
      output.out(json(issued));
      output.err('Store the key now: it is not stored in clear and cannot be shown again.\n');
    });

  program
    .command('revoke-key')
    .description('revoke a key (takes effect within KEY_CACHE_TTL_MS on every gateway)')
    .requiredOption('--key-id <id>', 'key id (the part after pk_test_)')
    .action(async (options: { keyId: string }) => {
      output.out(json(await withCommands((commands) => commands.revokeKey(options.keyId))));
    });

  program
    .command('list')
    .description('list partners with their channels and keys (never the keys themselves)')
    .action(async () => {
      output.out(json(await withCommands((commands) => commands.list())));
    });

  program
    .command('sandbox')
    .description('ensure the sandbox partner (channel "sandbox") with a key holding every scope')
    .option('--json', 'print {"partner_id","channel","key_id","key"} on one line')
    .option('--reissue', 'revoke the current sandbox key and issue a new one')
    .action(async (options: { json?: boolean; reissue?: boolean }) => {
      const sandbox = await withCommands((commands) => commands.sandbox(options.reissue === true));
      if (options.json) {
        output.out(`${JSON.stringify(sandbox)}\n`);
        return;
      }
      output.out(
        `Sandbox partner ${sandbox.partner_id}, channel ${sandbox.channel}, key id ${sandbox.key_id}\n`,
      );
      output.out(
        sandbox.key
          ? `Key (shown once): ${sandbox.key}\n`
          : 'Key unchanged (use --reissue if it was lost).\n',
      );
    });

  return program;
}

async function main(): Promise<void> {
  const output: CliOutput = {
    out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
    err: (text) => process.stderr.write(text),
  };
  const env = loadEnv(ApiGatewayEnv);
  const withCommands: WithCommands = async (work) => {
    const dataSource = new DataSource({
      ...apiGatewayDataSourceOptions(databaseConfigOf(env)),
      extra: { max: 2 },
    });
    await dataSource.initialize();
    try {
      return await work(PartnerCommands.forDataSource(dataSource, env.PARTNER_KEY_ENVIRONMENT));
    } finally {
      await dataSource.destroy();
    }
  };
  await buildPartnerProgram(withCommands, output).parseAsync(process.argv);
}

if (require.main === module) {
  main().catch((error: Error) => {
    const message =
      error instanceof PartnerDirectoryError ? `${error.code}: ${error.message}` : error.message;
    process.stderr.write(`partner: ${message}\n`);
    process.exitCode = 1;
  });
}

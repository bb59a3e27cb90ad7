#!/usr/bin/env node
// `npm run partner -- <command>`: the gateway's partner CLI with this checkout's local secrets.
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');
const { localEnv } = require('./local-env');

const cli = join(__dirname, '..', 'dist', 'apps', 'api-gateway', 'src', 'cli', 'partner.cli.js');
const { status } = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: localEnv(),
});
process.exit(status ?? 1);

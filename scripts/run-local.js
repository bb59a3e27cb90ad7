#!/usr/bin/env node
// `node scripts/run-local.js <compiled entry> [args]`: runs an operator command (the partner CLI,
// re-encrypting webhook secrets) with this checkout's local secrets, as `npm start` set them.
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');
const { localEnv } = require('./local-env');

const [entry, ...args] = process.argv.slice(2);
const { status } = spawnSync(process.execPath, [join(__dirname, '..', entry), ...args], {
  stdio: 'inherit',
  env: localEnv(),
});
process.exit(status ?? 1);

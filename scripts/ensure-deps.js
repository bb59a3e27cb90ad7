#!/usr/bin/env node
// Installs the project's dependencies when they are missing or older than the lockfile, so that
// `npm start` and `npm test` work on a fresh clone. Plain Node: it runs before anything is installed.
const { existsSync, statSync } = require('node:fs');
const { execSync } = require('node:child_process');
const { join } = require('node:path');

const root = join(__dirname, '..');
const lockfile = join(root, 'package-lock.json');
const installed = join(root, 'node_modules', '.package-lock.json');

const stale = !existsSync(installed) || statSync(installed).mtimeMs < statSync(lockfile).mtimeMs;
// `npm install` honours the lockfile as `npm ci` would; npm 11.19's `npm ci` rejects lockfiles that
// leave out other platforms' optional binaries (@swc/core-darwin-*), which this one does.
if (stale) {
  console.log('Installing dependencies from package-lock.json…');
  execSync('npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}

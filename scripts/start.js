#!/usr/bin/env node
// `npm start`: installs what is missing, builds, migrates, creates the sandbox partner on first
// start, then runs every app as its own process and prints the sandbox key and the URLs.
const { execFileSync, execSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const { existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { localEnv } = require('./local-env');

const root = join(__dirname, '..');
const local = join(root, '.local');
const run = (command) => execSync(command, { cwd: root, stdio: 'inherit' });

const APPS = [
  ['api-gateway', 3000],
  ['partner-onboarding', 3001],
  ['merchant-account', 3002],
  ['payouts', 3003],
  ['verification-sessions', 3004],
  ['webhook-dispatcher', 3005],
  ['hosted-flow', 3006],
];

/** Local secrets are generated once per checkout and kept out of git (.local/ is ignored). */
function ensureLocalSecrets() {
  const file = join(local, 'secrets.json');
  mkdirSync(local, { recursive: true });
  const secrets = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const wanted = {
    INTERNAL_AUTH_SECRET: () => randomBytes(32).toString('hex'),
    WEBHOOK_SECRET_ENCRYPTION_KEY: () => randomBytes(32).toString('base64'),
    HOSTED_LINK_SECRET: () => randomBytes(32).toString('hex'),
  };
  let changed = false;
  for (const [name, generate] of Object.entries(wanted)) {
    if (!secrets[name]) {
      secrets[name] = generate();
      changed = true;
    }
  }
  if (changed) writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
}

function sandboxKey(env) {
  const file = join(local, 'sandbox-key.json');
  const cli = (args) =>
    JSON.parse(
      execFileSync(
        'node',
        ['dist/apps/api-gateway/src/cli/partner.cli.js', 'sandbox', '--json', ...args],
        {
          cwd: root,
          env,
          encoding: 'utf8',
        },
      ),
    );
  let result = cli([]);
  if (!result.key && !existsSync(file)) result = cli(['--reissue']);
  if (result.key) writeFileSync(file, JSON.stringify(result, null, 2), { mode: 0o600 });
  return JSON.parse(readFileSync(file, 'utf8'));
}

async function waitUntilReady(port, deadline) {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health/ready`);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

async function main() {
  require('./ensure-deps');
  run('node scripts/check-services.js');
  run('npm run build --silent');
  // Local development runs the sandbox adapters and may deliver webhooks to local receivers.
  ensureLocalSecrets();
  const env = { SANDBOX_MODE: 'true', WEBHOOK_ALLOW_PRIVATE_URLS: 'true', ...localEnv() };
  execSync('node dist/scripts/migrate.js', { cwd: root, stdio: 'inherit', env });
  const sandbox = sandboxKey(env);

  const { concurrently } = require('concurrently');
  const { result } = concurrently(
    APPS.map(([name]) => ({ name, command: `node dist/apps/${name}/src/main.js`, env })),
    { prefix: 'name', killOthersOn: ['failure'], cwd: root },
  );
  result.catch(() => process.exit(1));

  const deadline = Date.now() + 60_000;
  const readiness = await Promise.all(APPS.map(([, port]) => waitUntilReady(port, deadline)));
  const notReady = APPS.filter((_, index) => !readiness[index]).map(([name]) => name);
  const banner = [
    '',
    notReady.length
      ? `Not ready after 60 s: ${notReady.join(', ')} (see their logs above).`
      : 'Partner Connect is ready.',
    `  Gateway:      http://localhost:3000/api/v1`,
    `  API docs:     http://localhost:3000/docs`,
    `  Hosted flow:  http://localhost:3006`,
    `  Sandbox partner ${sandbox.partner_id}, channel "${sandbox.channel}"`,
    `  Sandbox key (every scope): ${sandbox.key}`,
    `  Try: curl -H "Authorization: Bearer ${sandbox.key}" http://localhost:3000/api/v1/onboarding`,
    '',
  ];
  console.log(banner.join('\n'));
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});

// The secrets `npm start` generated for this checkout (.local/secrets.json), under any variables
// already set, so local commands (`npm run migrate`, `npm run partner`) share the apps' configuration.
const { existsSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

function localEnv() {
  const file = join(__dirname, '..', '.local', 'secrets.json');
  const secrets = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  return { ...secrets, ...process.env };
}

module.exports = { localEnv };

// Runs the TypeScript sources directly with Node (no build step): compiles each .ts file with swc
// as Jest does and maps the @pc/* path aliases to libs/*/src. Used by tests that spawn an app as a
// real child process (to kill it) and by the benchmarks.
//   node -r ./scripts/swc-register.js apps/webhook-dispatcher/src/main.ts
const Module = require('node:module');
const fs = require('node:fs');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '..');
const alias = /^@pc\/(contracts|messaging|auth|persistence|http|testing|webhook-receiver)$/;

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const match = alias.exec(request);
  return resolveFilename.call(
    this,
    match ? path.join(root, 'libs', match[1], 'src') : request,
    ...rest,
  );
};

require.extensions['.ts'] = function compileTypeScript(module, filename) {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

// NestJS 12 (and a few of its dependencies) ship ES modules only. Jest on Node 20 cannot load
// them natively, so test runs compile them to CommonJS with swc. `import.meta.url` has no CommonJS
// twin in swc, so it is rewritten to the module's file URL first, and a module-level
// `const require = createRequire(import.meta.url)` is dropped: CommonJS already has that require.
const { createTransformer } = require('@swc/jest');

const swc = createTransformer({
  jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' },
  module: { type: 'commonjs' },
});

module.exports = {
  process(source, path, options) {
    const rewritten = source
      .replace(/^const require = createRequire\(import\.meta\.url\);$/gm, '')
      .replace(/import\.meta\.url/g, "('file://' + __filename)");
    return swc.process(rewritten, path, options);
  },
  getCacheKey(source, path, options) {
    return `esm-to-cjs-v3:${swc.getCacheKey(source, path, options)}`;
  },
};

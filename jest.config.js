// Unit tests (*.spec.ts) sit beside the code; integration tests (*.int-spec.ts) talk to the real
// PostgreSQL and RabbitMQ with isolated database and queue names.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];
const moduleNameMapper = {
  '^@pc/(contracts|messaging|auth|persistence|http|testing|webhook-receiver)$': '<rootDir>/libs/$1/src',
};
// ESM-only packages compiled to CommonJS for Jest (see libs/testing/jest/esm-to-cjs.transformer.js).
const esmPackages = ['@nestjs', 'file-type', 'strtok3', 'token-types', 'peek-readable', 'uint8array-extras', '@tokenizer', '@borewit'];
const common = {
  rootDir: __dirname,
  transform: {
    '^.+\\.ts$': swc,
    [`node_modules/(${esmPackages.join('|')})/.+\\.m?js$`]: '<rootDir>/libs/testing/jest/esm-to-cjs.transformer.js',
  },
  transformIgnorePatterns: [`node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleNameMapper,
  testEnvironment: 'node',
};

module.exports = {
  maxWorkers: 3,
  // Integration tests start apps and talk to real servers; a project-level timeout is ignored by Jest.
  testTimeout: 60000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs}/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/{apps,libs}/**/*.int-spec.ts'],
      globalSetup: '<rootDir>/libs/testing/src/global-setup.ts',
    },
  ],
};

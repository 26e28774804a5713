import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/src/**/*.spec.ts', 'e2e/**/*.spec.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    environment: 'node',
    // A real Kafka broker, shared by the run and started only when a Kafka suite asks for it.
    globalSetup: ['shared/src/testkit/kafka-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry; two workers suit the 2-core machines CI runs on.
    maxWorkers: 2,
    // Files of a worker share its loaded modules: importing the app anew for each of 160 files took
    // 239 s of a 17-minute run (30 s shared). Each file builds its own app, schema and stores.
    isolate: false,
    // Cheap password hashing in tests only; production keeps scrypt's default cost.
    env: { NODE_ENV: 'test', SCRYPT_COST: '1024' },
  },
});

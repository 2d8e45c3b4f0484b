import { defineConfig } from 'vitest/config'

// Two projects: fast unit tests beside the code, and API tests that start the real server on a real database.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'bench/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 15_000,
          setupFiles: ['apps/web/src/test/setup.ts'],
          // one environment for all files: setting up jsdom for each file was ten times the tests' own time;
          // the setup file clears what a file leaves behind
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
          fileParallelism: false,
          // one process for the whole suite: each file re-importing the server (sharp, OpenCV, ONNX) cost
          // about 40 % of the run; every file starts its own servers on their own database and bucket, and no
          // file mocks a module, so nothing a file leaves in the module cache changes another's result
          isolate: false,
        },
      },
    ],
  },
})

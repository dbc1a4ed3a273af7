import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "~": path.join(root, "app"),
      "#db": path.join(root, "db"),
      "#seed": path.join(root, "seed"),
    },
  },
  test: {
    // scrypt at production cost takes ~0.5 s per hash, and two cores share the work.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    /*
     * Vitest's default is one fork fewer than the cores: one on this 2-core machine, so the 149
     * files ran one after another while most integration files wait on a server of their own
     * (decision 139). Each file keeps its own database copy and its servers their own ports, so
     * two run side by side; VITEST_MAX_WORKERS sets another count.
     */
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 2,
    // Two projects so the component tests get a DOM and no database, while the unit and
    // integration tests keep node and their per-worker SQLite copy.
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
          environment: "node",
          // Migrates a template database once per run; setup-db copies it for each worker.
          globalSetup: ["tests/setup/global-setup.ts"],
          setupFiles: ["tests/setup/setup-db.ts"],
          // better-sqlite3 is a native module: child processes are more robust than threads.
          pool: "forks",
        },
      },
      {
        extends: true,
        test: {
          name: "components",
          include: ["tests/components/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["tests/setup/setup-components.ts"],
        },
      },
    ],
  },
});

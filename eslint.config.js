import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig([
  globalIgnores([
    "build/",
    "public/build/",
    "node_modules/",
    "data/",
    "test-results/",
    "playwright-report/",
    ".cache/",
    "tests/.tmp/",
  ]),

  js.configs.recommended,
  // Not the type-checked presets: lint stays fast and `npm run typecheck` covers types.
  tseslint.configs.recommended,

  {
    languageOptions: {
      ecmaVersion: "latest",
      sourceType: "module",
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { prefer: "type-imports", fixStyle: "inline-type-imports" },
      ],
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
    },
  },

  // Only the app renders React. Playwright fixtures call a function named `use`, which the
  // hooks rules would mistake for React's `use`.
  {
    files: ["app/**/*.{ts,tsx,js,jsx}"],
    ...reactHooks.configs.flat.recommended,
  },

  // End-to-end tests drive the built server like a shopper would: through the browser and
  // the database, never through app code (STYLE: no test imports from app/). Unit and
  // integration tests may import app modules.
  {
    files: ["tests/e2e/**"],
    rules: {
      // Playwright reads fixture dependencies from the first parameter's destructuring, so a
      // fixture that needs none must still be written `async ({}, use) => ...`.
      "no-empty-pattern": ["error", { allowObjectPatternsAsParameters: true }],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~", "~/*", "**/app", "**/app/*"],
              message:
                "End-to-end tests must not import from app/; use the page, the database (db/) or tests/ helpers.",
            },
          ],
        },
      ],
    },
  },
]);

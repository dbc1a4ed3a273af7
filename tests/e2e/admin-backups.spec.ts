import crypto from "node:crypto";
import fs from "node:fs";
import { readObject } from "../../scripts/s3-server";
import { expect, signInAsAdmin, test } from "./fixtures";

/*
 * A backup from the dashboard writes into the store's DATA_DIR/backups, and the first test needs
 * a store with none yet: each project uses its own isolated store (playwright.config.ts), which
 * starts empty on every run. Those stores copy their backups to the S3-compatible server the
 * global setup starts, under the project's prefix (BACKUP_S3_* in playwright.config.ts).
 */
test.describe.configure({ mode: "serial" });

test.use({
  baseURL: async ({}, use, testInfo) =>
    use(process.env[`E2E_ISOLATED_${testInfo.project.name.toUpperCase()}_URL`]!),
});

const sha256 = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex");

test("an admin without backups is warned and creates one from the dashboard, copied off-site", async ({
  page,
}, testInfo) => {
  await signInAsAdmin(page);
  const section = page.getByRole("region", { name: "Copias de seguridad" });
  await expect(section.getByRole("alert")).toHaveText("Aún no hay copias de seguridad.");
  await expect(section.getByRole("definition")).toHaveCount(0);

  await section.getByRole("button", { name: "Crear copia de seguridad" }).click();

  await expect(page.getByText("Copia de seguridad creada")).toBeVisible({ timeout: 20_000 });
  const bucket = process.env.E2E_S3_BUCKET!;
  const prefix = `${testInfo.project.name}/`;
  const archivePattern = `perfumeria-\\d{8}T\\d{6}Z(-\\d+)?\\.tar\\.gz`;
  await expect(page.getByText(/^Subiéndose a s3:\/\//)).toHaveText(
    new RegExp(
      `^Subiéndose a s3://${bucket}/${prefix}${archivePattern} \\(127\\.0\\.0\\.1:\\d+\\)\\.$`,
    ),
  );
  await expect(section.getByRole("alert")).toHaveCount(0);
  const last = section.getByRole("definition");
  // "24 nov 2026, 7:10 p. m.": the time in Honduras, then the size, verified, the archive.
  await expect(last.nth(0)).toHaveText(/^\d{1,2} \S+ \d{4},? \d{1,2}:\d{2}/);
  await expect(last.nth(1)).toHaveText(/^[\d.,]+ (B|KB|MB)$/);
  await expect(last.nth(2)).toHaveText("Sí");
  await expect(last.nth(3)).toHaveText(/\/backups\/perfumeria-\d{8}T\d{6}Z(-\d+)?\.tar\.gz$/);
  // The upload goes on after the answer: with JS the status follows it, without a reload shows it.
  const uploaded = new RegExp(
    `^s3://${bucket}/${prefix}${archivePattern} \\(127\\.0\\.0\\.1:\\d+\\), \\d{1,2} \\S+ \\d{4}`,
  );
  if (testInfo.project.name === "nojs") {
    await expect(async () => {
      await page.reload();
      await expect(last.nth(4)).toHaveText(uploaded, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
  }
  await expect(last.nth(4)).toHaveText(uploaded, { timeout: 20_000 });
  // What the archives hold: this store's SQLite file (a PostgreSQL store names its database).
  await expect(last.nth(5)).toHaveText("SQLite (store.db)");

  // The bucket holds the very archive the store wrote.
  const archive = (await last.nth(3).textContent())!;
  const name = archive.split("/").at(-1)!;
  expect(
    sha256((await readObject(process.env.E2E_S3_ENDPOINT!, bucket, `${prefix}${name}`)).bytes),
  ).toBe(sha256(fs.readFileSync(archive)));
});

import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action } from "~/routes/admin._index";
import { backupStatus } from "~/models/backups/status.server";
import { listBackups } from "~/models/backups/backup.server";
import { db } from "~/utils/db.server";
import { readOffsiteRecord } from "~/models/backups/offsite.server";
import { createUser } from "../../seed/factories/users";
import { formPost, readSession, settle, signedInCookie } from "../setup/route-helpers";

/*
 * 'Crear copia de seguridad' when the off-site store cannot be reached. The settings are read
 * once per process (env.server.ts), so they are set before anything reads them; the successful
 * upload from the dashboard is the e2e test's (admin-backups.spec.ts).
 */
vi.hoisted(() => {
  // Port 9 (discard) on loopback: nothing listens there, the connection is refused at once.
  vi.stubEnv("BACKUP_S3_ENDPOINT", "http://127.0.0.1:9");
  vi.stubEnv("BACKUP_S3_BUCKET", "copias");
  vi.stubEnv("BACKUP_S3_ACCESS_KEY_ID", "clave");
  vi.stubEnv("BACKUP_S3_SECRET_ACCESS_KEY", "secreto");
});

const backupDir = path.join(process.env.DATA_DIR!, "backups");
let adminCookie: string;

beforeAll(async () => {
  adminCookie = await signedInCookie((await createUser(db, { role: "admin" })).id);
});

afterAll(() => {
  vi.unstubAllEnvs();
});

describe("'Crear copia de seguridad' with an unreachable off-site store", () => {
  it("answers at once, keeps the verified archive, and the status then says why the upload failed", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await settle(() =>
        action({ request: formPost("/admin", {}, adminCookie), params: {}, context: {} }),
      );
      expect(response.status).toBe(302);
      const { toast } = await readSession(response.headers.getSetCookie()[0]?.split(";")[0]);
      expect(toast).toMatchObject({
        type: "success",
        title: "Copia de seguridad creada",
        description: expect.stringMatching(
          /^Subiéndose a s3:\/\/copias\/perfumeria-\d{8}T\d{6}Z(-\d+)?\.tar\.gz \(127\.0\.0\.1:9\)\.$/,
        ),
      });
      const [archive] = listBackups(backupDir);
      expect(fs.existsSync(archive!.path)).toBe(true);

      // The upload goes on after the answer; the dashboard's status follows it.
      await vi.waitFor(() => expect(readOffsiteRecord(backupDir)?.status).toBe("failed"), {
        timeout: 10_000,
      });
      const status = backupStatus(backupDir, { offsiteConfigured: true });
      expect(status.offsite).toMatchObject({
        last: {
          status: "failed",
          error:
            "No se pudo conectar con el almacenamiento externo http://127.0.0.1:9 (ECONNREFUSED).",
        },
        behind: true,
      });
      expect(logged).toHaveBeenCalledWith(expect.stringContaining("off-site copy failed"));
    } finally {
      logged.mockRestore();
    }
  });
});

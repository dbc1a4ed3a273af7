import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { action } from "~/routes/admin._index";
import { listBackups } from "~/models/backups/backup.server";
import { db } from "~/utils/db.server";
import { createUser } from "../../seed/factories/users";
import { formPost, readSession, settle, signedInCookie } from "../setup/route-helpers";

/* 'Crear copia de seguridad' on the dashboard, over this file's own store (DATA_DIR/backups). */

const backupDir = path.join(process.env.DATA_DIR!, "backups");
let adminCookie: string;
let customerCookie: string;

beforeAll(async () => {
  adminCookie = await signedInCookie((await createUser(db, { role: "admin" })).id);
  customerCookie = await signedInCookie((await createUser(db)).id);
});

const createBackupNow = (cookie: string) =>
  settle(() => action({ request: formPost("/admin", {}, cookie), params: {}, context: {} }));

async function toastOf(response: Response) {
  return (await readSession(response.headers.getSetCookie()[0]?.split(";")[0])).toast;
}

describe("'Crear copia de seguridad'", () => {
  it("is refused to a customer and writes nothing", async () => {
    const response = await createBackupNow(customerCookie);
    expect(response.status).toBe(403);
    expect(listBackups(backupDir)).toHaveLength(0);
  });

  it("answers a failure with a Spanish error toast", async () => {
    // A file where the backup folder should be: the backup cannot be written.
    fs.writeFileSync(backupDir, "no es una carpeta");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await createBackupNow(adminCookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin");
      expect(await toastOf(response)).toMatchObject({
        type: "error",
        title: "No se pudo crear la copia de seguridad",
      });
      expect(logged).toHaveBeenCalled();
    } finally {
      logged.mockRestore();
      fs.rmSync(backupDir, { force: true });
    }
  });

  it("takes a verified backup and says 'Copia de seguridad creada'", async () => {
    const response = await createBackupNow(adminCookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    expect(await toastOf(response)).toMatchObject({
      type: "success",
      title: "Copia de seguridad creada",
    });
    const archives = listBackups(backupDir);
    expect(archives).toHaveLength(1);
    expect(fs.statSync(archives[0]!.path).mode & 0o777).toBe(0o600);
  });
});

import path from "node:path";
import type { Updateable } from "kysely";
import type { Transporter } from "nodemailer";
import type { OutboxEmailsTable } from "#db/types";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMessage } from "~/models/content/messages.server";
import { runScheduledBackup } from "~/models/backups/schedule.server";
import { getSystemStatus } from "~/models/analytics/dashboard.server";
import { queueEmail, shopIdentity, type MailContext } from "~/models/mail/outbox.server";
import { sendDueEmails, STALE_AFTER_MS, createSmtpTransport } from "~/models/mail/sender.server";
import { DEFAULT_SETTINGS } from "~/models/settings/settings";
import { action as replyAction } from "~/routes/admin.messages_.$messageId/route";
import { db } from "~/utils/db.server";
import { createUser } from "../../seed/factories/users";
import { parseMail, startSmtpServer } from "../../scripts/smtp-server";
import { startServer } from "../setup/http-server";
import { formPost, settle, signedInCookie } from "../setup/route-helpers";

/*
 * Decision 107: the outbox screen over HTTP against the built server (no SMTP_URL: the
 * embedded default), and the reply and backup-failure e-mails reaching a real SMTP server.
 */

const context: MailContext = {
  settings: DEFAULT_SETTINGS,
  shop: shopIdentity(DEFAULT_SETTINGS, "https://perfumeria.hn"),
};

let server: Awaited<ReturnType<typeof startServer>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let transport: Transporter;
let adminCookie: string;
let customerCookie: string;

beforeAll(async () => {
  [server, smtp] = await Promise.all([startServer(), startSmtpServer()]);
  transport = createSmtpTransport(smtp.url);
  adminCookie = await signedInCookie((await createUser(db, { role: "admin" })).id);
  customerCookie = await signedInCookie((await createUser(db)).id);
});
afterAll(async () => {
  transport?.close();
  await Promise.all([server?.stop(), smtp?.close()]);
});
beforeEach(async () => {
  smtp.received.length = 0;
  await db.deleteFrom("outboxEmails").execute();
});

async function queue(subject: string, at = new Date()) {
  const { id } = await queueEmail(
    db,
    context,
    {
      to: "cliente@example.com",
      kind: "test",
      content: {
        subject,
        preheader: subject,
        blocks: [{ kind: "paragraph", text: `Cuerpo de ${subject}` }],
      },
    },
    at,
  );
  return id;
}

/** Fixtures: a row left by the sender in a given state. */
const setRow = (id: number, values: Updateable<OutboxEmailsTable>) =>
  db.updateTable("outboxEmails").set(values).where("id", "=", id).execute();

const row = (id: number) =>
  db.selectFrom("outboxEmails").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

const get = (pathname: string, cookie?: string) =>
  fetch(server.baseUrl + pathname, {
    redirect: "manual",
    headers: cookie ? { Cookie: cookie } : {},
  });

const post = (pathname: string, cookie: string) =>
  fetch(server.baseUrl + pathname, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: server.origin,
      Cookie: cookie,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: "",
  });

const send = (now?: () => Date) =>
  sendDueEmails({ transport, from: "Perfumería de Lujo <tienda@perfumeria.hn>", now });

const receivedBy = async (address: string) =>
  (await Promise.all(smtp.received.map((mail) => parseMail(mail.raw)))).filter(
    (mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === address,
  );

describe("/admin/correos over HTTP", () => {
  it("is for administrators only: list, detail, HTML and 'Reintentar'", async () => {
    const id = await queue("Solo para el admin");
    await setRow(id, { status: "failed", attempts: 6, lastError: "451 no" });
    for (const pathname of [
      "/admin/correos",
      `/admin/correos/${id}`,
      `/admin/correos/${id}/html`,
    ]) {
      const visitor = await get(pathname);
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
      const customer = await get(pathname, customerCookie);
      expect(customer.status).toBe(403);
      expect(await customer.text()).not.toContain("Cuerpo de Solo para el admin");
    }
    expect((await post(`/admin/correos/${id}`, customerCookie)).status).toBe(403);
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 6 });
  });

  it("lists newest first, filters by state with a GET form, and says SMTP is not configured", async () => {
    const hour = 3_600_000;
    const sent = await queue("Correo enviado", new Date(Date.now() - 3 * hour));
    const failed = await queue("Correo fallido", new Date(Date.now() - 2 * hour));
    const retrying = await queue("Correo reintentando", new Date(Date.now() - hour));
    await queue("Correo en espera");
    await setRow(sent, { status: "sent", attempts: 1, sentAt: new Date().toISOString() });
    await setRow(failed, { status: "failed", attempts: 6, lastError: "451 sin buzón" });
    await setRow(retrying, { attempts: 2, lastError: "451 ocupado" });

    const all = await (await get("/admin/correos", adminCookie)).text();
    expect(all).toContain("Sin servidor de correo: los correos esperan aquí");
    const order = ["Correo en espera", "Correo reintentando", "Correo fallido", "Correo enviado"];
    const positions = order.map((subject) => all.indexOf(`>${subject}</a>`));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const label of ["En espera", "Reintentando", "Fallido", "Enviado"]) {
      expect(all).toContain(`>${label}</span>`);
    }
    expect(all).toMatch(/<form method="get"[^>]*>/);
    expect(all).toContain('name="estado"');

    const onlyFailed = await (await get("/admin/correos?estado=failed", adminCookie)).text();
    expect(onlyFailed).toContain(">Correo fallido</a>");
    expect(onlyFailed).not.toContain(">Correo enviado</a>");
    expect(onlyFailed).toContain("1 correo");
    const onlyRetrying = await (await get("/admin/correos?estado=retrying", adminCookie)).text();
    expect(onlyRetrying).toContain(">Correo reintentando</a>");
    expect(onlyRetrying).not.toContain(">Correo en espera</a>");
    const onlyWaiting = await (await get("/admin/correos?estado=pending", adminCookie)).text();
    expect(onlyWaiting).toContain(">Correo en espera</a>");
    expect(onlyWaiting).not.toContain(">Correo reintentando</a>");
  });

  it("shows the e-mail in a sandboxed frame whose HTML has its own strict CSP, and its text", async () => {
    const id = await queue("Vista previa");
    const page = await get(`/admin/correos/${id}`, adminCookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(new RegExp(`<iframe sandbox="" src="/admin/correos/${id}/html"`));
    expect(html).toMatch(/<pre[^>]*>[^<]*Cuerpo de Vista previa/);
    // The page itself stays unframeable.
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");

    const frame = await get(`/admin/correos/${id}/html`, adminCookie);
    expect(frame.status).toBe(200);
    expect(frame.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = frame.headers.get("content-security-policy")!;
    expect(csp.split("; ")).toEqual(
      expect.arrayContaining([
        "default-src 'none'",
        "style-src 'unsafe-inline'",
        "img-src https: data:",
        "frame-ancestors 'self'",
        "sandbox",
      ]),
    );
    expect(csp).not.toContain("script-src");
    // The route's value replaces the fixed DENY, once.
    expect(frame.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(frame.headers.get("cache-control")).toBe("private, no-store");
    expect(await frame.text()).toBe((await row(id)).html);

    expect((await get(`/admin/correos/999999/html`, adminCookie)).status).toBe(404);
    expect((await get(`/admin/correos/999999`, adminCookie)).status).toBe(404);
  });

  it("'Reintentar' sends a failed or skipped e-mail again and leaves a sent one alone", async () => {
    const failed = await queue("Reintentar fallido");
    // Skipped because it waited past 3 days: retried, it is due now and is not skipped again.
    const old = await queue("Reintentar antiguo", new Date(Date.now() - STALE_AFTER_MS - 60_000));
    const sent = await queue("Ya enviado");
    await setRow(failed, { status: "failed", attempts: 6, lastError: "451 sin buzón" });
    await setRow(sent, { status: "sent", attempts: 1 });
    expect(await send()).toMatchObject({ skipped: 1, sent: 0 });
    expect(await row(old)).toMatchObject({ status: "skipped" });

    for (const id of [failed, old]) {
      const before = Date.now();
      const response = await post(`/admin/correos/${id}`, adminCookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/admin/correos/${id}`);
      const retried = await row(id);
      expect(retried).toMatchObject({ status: "pending", attempts: 0, lastError: null });
      expect(Date.parse(retried.nextAttemptAt)).toBeGreaterThanOrEqual(before - 1000);
    }
    // A second click from a stale page changes nothing; nor does one on a sent e-mail.
    expect((await post(`/admin/correos/${failed}`, adminCookie)).status).toBe(302);
    expect((await post(`/admin/correos/${sent}`, adminCookie)).status).toBe(302);
    expect(await row(sent)).toMatchObject({ status: "sent", attempts: 1 });

    expect(await send()).toMatchObject({ sent: 2, skipped: 0 });
    const subjects = (await Promise.all(smtp.received.map((mail) => parseMail(mail.raw)))).map(
      (mail) => mail.subject,
    );
    expect(subjects.sort()).toEqual(["Reintentar antiguo", "Reintentar fallido"]);
  });

  it("the dashboard says how many e-mails failed, linking to them, and how many wait without SMTP", async () => {
    const failed = await queue("Para el dashboard");
    await queue("Esperando 1");
    await queue("Esperando 2");
    await setRow(failed, { status: "failed", attempts: 6, lastError: "451" });
    expect((await getSystemStatus()).mail).toEqual({ configured: false, failed: 1, waiting: 2 });

    const dashboard = await (await get("/admin", adminCookie)).text();
    expect(dashboard).toMatch(
      /<a[^>]*href="\/admin\/correos\?estado=failed"[^>]*>1 correo no se pudo enviar<\/a>/,
    );
    expect(dashboard).toContain("Sin servidor de correo:");
    expect(dashboard).toContain("2 correos esperan");
  });
});

describe("e-mails at a real SMTP server", () => {
  it("a reply to a contact message reaches the customer, with their message quoted", async () => {
    const { id } = await createMessage({
      name: "Carla Cliente",
      email: "carla.cliente@example.com",
      subject: "¿Tienen Sauvage?",
      message: "Busco Dior Sauvage de 100 ml.\nGracias.",
    });
    const reply = await settle(() =>
      replyAction({
        request: formPost(
          `/admin/messages/${id}`,
          { reply: "Sí, lo tenemos: pasa cuando quieras." },
          adminCookie,
        ),
        params: { messageId: String(id) },
        context: {},
      }),
    );
    expect(reply.status).toBe(302);
    expect(await send()).toMatchObject({ sent: 1 });

    const [mail] = await receivedBy("carla.cliente@example.com");
    expect(mail.subject).toBe("Re: ¿Tienen Sauvage?");
    expect(mail.replyTo?.text).toBe(DEFAULT_SETTINGS.contactEmail);
    expect(mail.text).toContain("Hola Carla Cliente:");
    expect(mail.text).toContain("Sí, lo tenemos: pasa cuando quieras.");
    expect(mail.text).toContain("> Busco Dior Sauvage de 100 ml.\n> Gracias.");
    expect(mail.html).toContain("Sí, lo tenemos: pasa cuando quieras.");
  });

  it("a failed daily backup and a failed off-site copy each e-mail the shop", async () => {
    const dataDir = process.env.DATA_DIR!;
    // A store that is not where the backup looks (a disk unmounted): the backup fails.
    const failedAt = new Date("2027-01-05T12:00:00Z");
    await expect(
      runScheduledBackup({ now: failedAt, hour: 0, dataDir: path.join(dataDir, "nada"), db }),
    ).rejects.toThrow("No hay tienda");
    // Written with the failure's record in job_runs.
    expect(
      await db
        .selectFrom("jobRuns")
        .select("error")
        .where("job", "=", "daily-backup")
        .where("period", "=", "2027-01-05")
        .executeTakeFirstOrThrow(),
    ).toEqual({ error: expect.stringContaining("No hay tienda") });

    // The next day the backup works but nothing listens where the copy should go.
    const offsiteAt = new Date("2027-01-06T12:00:00Z");
    const shipped = await runScheduledBackup({
      now: offsiteAt,
      hour: 0,
      dataDir,
      backupDir: path.join(dataDir, "copias-correo"),
      offsite: {
        endpoint: "http://127.0.0.1:9",
        region: "us-east-1",
        bucket: "copias",
        prefix: "",
        accessKeyId: "clave",
        secretAccessKey: "secreto",
      },
      db,
    });
    expect(shipped?.offsite?.status).toBe("failed");

    expect(await send(() => new Date(offsiteAt.getTime() + 60_000))).toMatchObject({ sent: 2 });
    const mails = await receivedBy(DEFAULT_SETTINGS.contactEmail);
    const bySubject = Object.fromEntries(mails.map((mail) => [mail.subject, mail]));
    expect(bySubject["La copia de seguridad diaria falló"]?.text).toContain("No hay tienda");
    const offsite = bySubject["La copia externa de la copia de seguridad falló"];
    expect(offsite?.text).toContain("ECONNREFUSED");
    expect(offsite?.text).toContain(path.basename(shipped!.path));
    expect(offsite?.text).toMatch(/Ver el estado en el panel:\nhttps?:\/\/\S+\/admin\n/);
  });
});

import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import {
  countUnreadMessages,
  createMessage,
  deleteMessage,
  getMessage,
  listMessages,
  openMessage,
  replyToMessage,
} from "~/models/content/messages.server";
import { settingDefault } from "~/models/settings/definitions";
import { DEFAULT_SETTINGS } from "~/models/settings/settings";
import { shopIdentity, type MailContext } from "~/models/mail/outbox.server";
import { updateSettings } from "~/models/settings/settings.server";
import { loader as adminLayoutLoader } from "~/routes/admin";
import { loader as listLoader } from "~/routes/admin.messages";
import {
  action as replyAction,
  loader as messageLoader,
} from "~/routes/admin.messages_.$messageId/route";
import {
  action as deleteAction,
  loader as deleteLoader,
} from "~/routes/admin.messages_.$messageId_.delete";
import { action as contactAction, loader as contactLoader } from "~/routes/_store.contact/route";
import { db } from "~/utils/db.server";
import { createUser } from "../../seed/factories/users";
import { formPost, get, readSession, settle, signedInCookie } from "../setup/route-helpers";

const mail: MailContext = {
  settings: DEFAULT_SETTINGS,
  shop: shopIdentity(DEFAULT_SETTINGS, "https://perfumeria.hn"),
};

let ipCounter = 0;
/** Every test posts from an address of its own: the limiter lives as long as the module. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const validForm = (overrides: Record<string, string> = {}) => ({
  name: "María López",
  email: "Maria.Lopez@Example.com",
  phone: "99887766",
  subject: `Consulta ${crypto.randomUUID()}`,
  message: "¿Tienen Chanel N°5 en 100 ml?",
  website: "",
  ...overrides,
});

const send = (fields: Record<string, string>, clientIp: string) =>
  settle(() =>
    contactAction({ request: formPost("/contact", fields), params: {}, context: { clientIp } }),
  );

const storedWithSubject = (subject: string) =>
  db.selectFrom("messages").selectAll().where("subject", "=", subject).execute();

async function toastOf(response: Response) {
  return (await readSession(response.headers.getSetCookie()[0]?.split(";")[0])).toast;
}

async function newMessage(overrides: Partial<Parameters<typeof createMessage>[0]> = {}) {
  return createMessage({
    name: "Carlos Prueba",
    email: "carlos@example.com",
    subject: `Asunto ${crypto.randomUUID()}`,
    message: "Quisiera saber el horario de la tienda.",
    ...overrides,
  });
}

describe("the contact form (backoffice.md §2, §5, D31)", () => {
  it("stores the message and redirects back with 'Mensaje enviado'", async () => {
    const fields = validForm();
    const response = await send(fields, freshIp());
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contact");
    expect(await toastOf(response)).toMatchObject({ title: "Mensaje enviado", type: "success" });

    const [stored] = await storedWithSubject(fields.subject);
    expect(stored).toMatchObject({
      name: "María López",
      email: "maria.lopez@example.com",
      phone: "+504 9988-7766",
      message: "¿Tienen Chanel N°5 en 100 ml?",
      isRead: 0,
      isReplied: 0,
      reply: null,
    });
  });

  it("refuses bad input with the §5 messages and stores nothing", async () => {
    const subject = `Consulta ${crypto.randomUUID()}`;
    const response = await send(
      { name: "  ", email: "no-es-correo", subject: "", message: "Corto", website: "" },
      freshIp(),
    );
    expect(response.status).toBe(400);
    const { result } = (await response.json()) as {
      result: { error: Record<string, string[]> };
    };
    expect(result.error).toMatchObject({
      name: ["El nombre es requerido"],
      email: ["Correo electrónico inválido"],
      subject: ["El asunto es requerido"],
      message: ["El mensaje debe tener al menos 10 caracteres"],
    });

    // A message of ten characters only when padded with spaces is still too short.
    const padded = await send(validForm({ subject, message: "   corto    " }), freshIp());
    expect(padded.status).toBe(400);
    expect(await storedWithSubject(subject)).toHaveLength(0);
  });

  it("gives a bot that fills the honeypot a fake success and stores nothing", async () => {
    const fields = validForm({ website: "https://spam.example" });
    const response = await send(fields, freshIp());
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toMatchObject({ title: "Mensaje enviado" });
    expect(await storedWithSubject(fields.subject)).toHaveLength(0);
  });

  it("lets an IP send five messages an hour, then refuses with a clear message", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await send(validForm(), ip)).status).toBe(302);
    }
    const refused = validForm();
    const response = await send(refused, ip);
    expect(response.status).toBe(429);
    const { result } = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error[""]).toEqual([
      "Has enviado demasiados mensajes. Espera una hora e inténtalo de nuevo.",
    ]);
    expect(await storedWithSubject(refused.subject)).toHaveLength(0);

    // Another visitor is not affected.
    expect((await send(validForm(), freshIp())).status).toBe(302);
  });

  it("does not count refused forms against the limit", async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i++) {
      expect((await send(validForm({ message: "corto" }), ip)).status).toBe(400);
    }
    expect((await send(validForm(), ip)).status).toBe(302);
  });

  it("shows the contact details from settings", async () => {
    await updateSettings({ contactPhone: "+504 2200-1122", contactEmail: "hola@tienda.test" });
    try {
      const response = await settle(() =>
        contactLoader({ request: get("/contact"), params: {}, context: {} }),
      );
      const data = (await response.json()) as { contact: { phone: string; email: string } };
      expect(data.contact).toMatchObject({ phone: "+504 2200-1122", email: "hola@tienda.test" });
    } finally {
      await updateSettings({
        contactPhone: settingDefault("contactPhone"),
        contactEmail: settingDefault("contactEmail"),
      });
    }
  });
});

describe("the messages model", () => {
  it("lists by state, newest first, with a short excerpt", async () => {
    const long = await newMessage({ message: "x".repeat(300) });
    const replied = await newMessage();
    const read = await newMessage();
    await openMessage(read.id);
    await replyToMessage({ messageId: replied.id, reply: "Gracias por escribir.", mail });

    const ids = (list: Awaited<ReturnType<typeof listMessages>>) =>
      list.messages.map((message) => message.id);
    const fresh = await listMessages({ status: "new", pageSize: 500 });
    expect(ids(fresh)).toContain(long.id);
    expect(ids(fresh)).not.toContain(read.id);
    expect(ids(fresh)).not.toContain(replied.id);
    expect(fresh.messages.find((m) => m.id === long.id)?.excerpt).toHaveLength(51);

    const opened = await listMessages({ status: "read", pageSize: 500 });
    expect(ids(opened)).toContain(read.id);
    expect(ids(opened)).not.toContain(replied.id);

    const answered = await listMessages({ status: "replied", pageSize: 500 });
    expect(ids(answered)).toContain(replied.id);
    expect(answered.messages.find((m) => m.id === replied.id)).toMatchObject({
      isRead: true,
      isReplied: true,
    });

    const all = await listMessages({ pageSize: 500 });
    expect(ids(all).indexOf(read.id)).toBeLessThan(ids(all).indexOf(long.id));
  });

  it("pages the list and clamps the page number", async () => {
    await newMessage();
    await newMessage();
    const first = await listMessages({ pageSize: 1 });
    const second = await listMessages({ pageSize: 1, page: 2 });
    expect(first.page).toBe(1);
    expect(second.page).toBe(2);
    expect(second.messages[0].id).not.toBe(first.messages[0].id);
    const beyond = await listMessages({ pageSize: 1, page: 10_000_000 });
    expect(beyond.page).toBe(beyond.pageCount);
    expect(beyond.total).toBe(first.total);
  });

  it("marks a message read when opened and counts the unread ones", async () => {
    const before = await countUnreadMessages();
    const { id } = await newMessage();
    expect(await countUnreadMessages()).toBe(before + 1);
    expect((await getMessage(id))?.isRead).toBe(false);

    const opened = await openMessage(id);
    expect(opened).toMatchObject({ id, isRead: true, isReplied: false });
    expect(await countUnreadMessages()).toBe(before);
    expect(await openMessage(999_999_999)).toBeNull();
  });

  it("takes one reply, stored with its time and queued as one e-mail, only while not replied", async () => {
    const { id } = await newMessage({ email: "una.vez@example.com" });
    const replyEmails = () =>
      db
        .selectFrom("outboxEmails")
        .select(["kind", "subject", "text"])
        .where("toAddress", "=", "una.vez@example.com")
        .execute();
    const before = Date.now();
    expect(
      await replyToMessage({ messageId: id, reply: "  Hola, sí lo tenemos.  ", mail }),
    ).toEqual({ ok: true });
    const replied = await getMessage(id);
    expect(replied).toMatchObject({ reply: "Hola, sí lo tenemos.", isReplied: true, isRead: true });
    expect(Date.parse(replied!.repliedAt!)).toBeGreaterThanOrEqual(before - 1000);

    expect(await replyEmails()).toEqual([
      {
        kind: "message_reply",
        subject: expect.stringMatching(/^Re: Asunto /),
        text: expect.stringContaining("Hola, sí lo tenemos."),
      },
    ]);

    expect(await replyToMessage({ messageId: id, reply: "Otra respuesta", mail })).toEqual({
      ok: false,
      code: "already-replied",
    });
    expect((await getMessage(id))?.reply).toBe("Hola, sí lo tenemos.");
    // The refused reply wrote no e-mail.
    expect(await replyEmails()).toHaveLength(1);
    expect(await replyToMessage({ messageId: 999_999_999, reply: "Hola", mail })).toEqual({
      ok: false,
      code: "not-found",
    });
  });

  it("deletes a message once", async () => {
    const { id } = await newMessage();
    expect(await deleteMessage(id)).toBe(true);
    expect(await getMessage(id)).toBeNull();
    expect(await deleteMessage(id)).toBe(false);
  });
});

describe("the message centre (/admin/messages)", () => {
  let adminCookie: string;
  beforeAll(async () => {
    adminCookie = await signedInCookie((await createUser(db, { role: "admin" })).id);
  });

  const load = async <T>(
    loader: (args: LoaderFunctionArgs) => Promise<unknown>,
    path: string,
    params: Record<string, string> = {},
  ) => {
    const response = await settle(() =>
      loader({ request: get(path, adminCookie), params, context: {} }),
    );
    const data = response.status === 200 ? ((await response.json()) as T) : null;
    return { status: response.status, data };
  };

  const postTo = (
    handler: typeof replyAction,
    path: string,
    id: number,
    fields: Record<string, string> = {},
  ) =>
    settle(() =>
      handler({
        request: formPost(path, fields, adminCookie),
        params: { messageId: String(id) },
        context: {},
      }),
    );

  const unreadInSidebar = async (path: string) =>
    (await load<{ unreadMessages: number }>(adminLayoutLoader, path)).data?.unreadMessages;

  it("filters the list by state in the URL", async () => {
    const { id } = await newMessage();
    type List = { status: string | null; list: Awaited<ReturnType<typeof listMessages>> };
    const ids = (data: List | null) => data?.list.messages.map((message) => message.id);
    expect(ids((await load<List>(listLoader, "/admin/messages?status=new")).data)).toContain(id);
    expect(ids((await load<List>(listLoader, "/admin/messages?status=read")).data)).not.toContain(
      id,
    );
    const loose = await load<List>(listLoader, "/admin/messages?status=nada");
    expect(loose.data?.status).toBeNull();
    expect(ids(loose.data)).toContain(id);
  });

  it("opening a message marks it read and the sidebar's count follows", async () => {
    const { id } = await newMessage();
    const before = await unreadInSidebar("/admin/messages");
    expect(before).toBe(await countUnreadMessages());

    // The layout's loader runs beside the detail's: on the detail it already leaves it out.
    expect(await unreadInSidebar(`/admin/messages/${id}`)).toBe(before! - 1);
    const opened = await load<{ message: { isRead: boolean } }>(
      messageLoader,
      `/admin/messages/${id}`,
      { messageId: String(id) },
    );
    expect(opened.data?.message.isRead).toBe(true);
    expect(await unreadInSidebar("/admin/messages")).toBe(before! - 1);

    // The delete confirmation reads a message without opening it.
    const other = await newMessage();
    await load(deleteLoader, `/admin/messages/${other.id}/delete`, { messageId: String(other.id) });
    expect((await getMessage(other.id))?.isRead).toBe(false);

    const missing = await load(messageLoader, "/admin/messages/999999999", {
      messageId: "999999999",
    });
    expect(missing.status).toBe(404);
  });

  it("replies once: refuses an empty reply, stores it, then refuses a second", async () => {
    const { id } = await newMessage();
    const path = `/admin/messages/${id}`;

    const empty = await postTo(replyAction, path, id, { reply: "   " });
    expect(empty.status).toBe(400);
    const { result } = (await empty.json()) as { result: { error: Record<string, string[]> } };
    expect(result.error.reply).toEqual(["La respuesta no puede estar vacía."]);
    expect((await getMessage(id))?.isReplied).toBe(false);

    const sent = await postTo(replyAction, path, id, { reply: "Sí, lo tenemos en 100 ml." });
    expect(sent.headers.get("Location")).toBe(path);
    // No SMTP_URL here: the e-mail waits in the outbox and the toast says so.
    expect(await toastOf(sent)).toMatchObject({ title: "Respuesta guardada", type: "success" });
    expect(await getMessage(id)).toMatchObject({
      reply: "Sí, lo tenemos en 100 ml.",
      isReplied: true,
    });

    const again = await postTo(replyAction, path, id, { reply: "Otra vez" });
    expect(await toastOf(again)).toMatchObject({
      title: "Error al enviar la respuesta",
      type: "error",
    });
    expect((await getMessage(id))?.reply).toBe("Sí, lo tenemos en 100 ml.");
  });

  it("deletes after the confirmation's POST, and says so when it is gone already", async () => {
    const { id } = await newMessage();
    const path = `/admin/messages/${id}/delete`;
    const deleted = await postTo(deleteAction, path, id);
    expect(deleted.headers.get("Location")).toBe("/admin/messages");
    expect(await toastOf(deleted)).toMatchObject({ title: "Mensaje eliminado" });
    expect(await getMessage(id)).toBeNull();

    const again = await postTo(deleteAction, path, id);
    expect(await toastOf(again)).toMatchObject({ title: "Error al eliminar el mensaje" });
  });
});

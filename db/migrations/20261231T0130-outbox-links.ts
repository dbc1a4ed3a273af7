import { sql, type Kysely } from "kysely";
import { run } from "./dialect";

/*
 * Issue 37, item 6 (decision 130): the outbox keeps no live link. An e-mail that carries one
 * (a password reset, an e-mail verification, a pay-later order's receipt link) is stored with
 * a placeholder where the link goes, and `link` says how the sender makes it when it sends:
 * JSON such as {"kind":"user_token","purpose":"password_reset","userId":5,"url":"https://…/reset-password"}.
 * The rows written before keep their tokens in their bodies: those are cut out here (the
 * account's owner asks for a new link), and such a row still waiting is not sent.
 *
 * Frozen: never edit after it has shipped; add a new migration instead.
 */

const TOKEN_IN_LINK = /([?&](?:amp;)?token=)[A-Za-z0-9_-]{43}/g;
const REDACTED = "$1[enlace oculto]";

type Row = { id: number; html: string; text: string; status: string };

export async function up(db: Kysely<unknown>) {
  await run(db, `ALTER TABLE outbox_emails ADD COLUMN link TEXT`);
  const rows = (
    await sql<Row>`SELECT id, html, text, status FROM outbox_emails
      WHERE kind IN ('password_reset', 'email_verification')`.execute(db)
  ).rows;
  for (const row of rows) {
    const html = row.html.replace(TOKEN_IN_LINK, REDACTED);
    const text = row.text.replace(TOKEN_IN_LINK, REDACTED);
    await sql`UPDATE outbox_emails SET html = ${html}, text = ${text} WHERE id = ${row.id}`.execute(
      db,
    );
    if (row.status === "pending") {
      await sql`UPDATE outbox_emails SET status = 'skipped',
        last_error = 'No se envió: su enlace se retiró del buzón de salida.'
        WHERE id = ${row.id}`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>) {
  await run(db, `ALTER TABLE outbox_emails DROP COLUMN link`);
}

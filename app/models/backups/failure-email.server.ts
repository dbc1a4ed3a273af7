import type { DB } from "~/utils/db.server";
import { formatDateTime } from "~/utils/dates";
import { queueEmail, type MailContext } from "~/models/mail/outbox.server";
import { shopInbox } from "~/models/mail/shop-emails.server";

/*
 * Issue 22: the shop hears of a failed daily backup or off-site copy by e-mail, besides the
 * dashboard's warning: a shop that never opens the dashboard would otherwise run without a
 * backup for weeks (decision 107).
 */

export type BackupFailure =
  | { what: "backup"; error: string; at: Date }
  | { what: "offsite"; error: string; at: Date; archive: string; location: string };

/** Queues the e-mail about a failure on `executor` (the transaction that records it, if any). */
export async function queueBackupFailureEmail(
  executor: DB,
  mail: MailContext,
  failure: BackupFailure,
) {
  const to = shopInbox(mail.settings);
  if (!to) return null;
  const when = formatDateTime(failure.at.toISOString());
  const backup = failure.what === "backup";
  const title = backup
    ? "La copia de seguridad diaria falló"
    : "La copia externa de la copia de seguridad falló";
  return queueEmail(
    executor,
    mail,
    {
      to,
      kind: backup ? "backup_failed" : "offsite_failed",
      content: {
        subject: title,
        preheader: failure.error.slice(0, 120),
        blocks: [
          { kind: "heading", text: title },
          {
            kind: "paragraph",
            text: backup
              ? `La copia de seguridad del ${when} no se pudo hacer. La tienda sigue funcionando, pero sus datos de hoy no tienen respaldo hasta que una copia salga bien.`
              : `La copia de seguridad del ${when} se guardó en el servidor, pero no se pudo subir al almacenamiento externo: si el servidor se pierde, esa copia se pierde con él.`,
          },
          {
            kind: "facts",
            rows: backup
              ? [["Error", failure.error]]
              : [
                  ["Error", failure.error],
                  ["Archivo", failure.archive],
                  ["Destino", failure.location],
                ],
          },
          { kind: "button", label: "Ver el estado en el panel", url: `${mail.shop.url}/admin` },
          {
            kind: "note",
            text: "La tienda envía este aviso a su correo de contacto cada vez que la copia diaria o su copia externa falla.",
          },
        ],
      },
    },
    failure.at,
  );
}

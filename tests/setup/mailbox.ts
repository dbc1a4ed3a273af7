import { createSmtpTransport, sendDueEmails } from "~/models/mail/sender.server";
import { parseMail, startSmtpServer } from "../../scripts/smtp-server";

/**
 * A real SMTP server and the outbox's sender pointed at it, for a test that calls the models
 * without a server: what reached an address, as sent. Its links are made only as an e-mail is
 * sent (decision 130), so they are read here, never from the outbox's stored copy.
 */
export async function startMailbox() {
  const smtp = await startSmtpServer();
  const transport = createSmtpTransport(smtp.url);
  return {
    /** Sends every e-mail due in the outbox; the texts that reached `to`, oldest first. */
    async textsTo(to: string) {
      await sendDueEmails({ transport, from: "tienda@perfumeria.hn" });
      const mails = smtp.received.filter((mail) => mail.envelopeTo.includes(to));
      return Promise.all(mails.map(async (mail) => (await parseMail(mail.raw)).text ?? ""));
    },
    /** The same, as parsed messages (their attachments too). */
    async mailsTo(to: string) {
      await sendDueEmails({ transport, from: "tienda@perfumeria.hn" });
      const mails = smtp.received.filter((mail) => mail.envelopeTo.includes(to));
      return Promise.all(mails.map((mail) => parseMail(mail.raw)));
    },
    async close() {
      transport.close();
      await smtp.close();
    },
  };
}

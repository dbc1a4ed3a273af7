import type { ParsedMail } from "mailparser";
import { expect } from "@playwright/test";
import { parseMail, readMailbox } from "../../scripts/smtp-server";

/*
 * The main e2e store's mailbox: its e-mails leave through SMTP (decision 102) and arrive as .eml
 * files in E2E_MAIL_DIR (tests/setup/e2e-global-setup.ts). Other tests write there at the same
 * time, so an e-mail is found by its recipient and subject; the mail job sends every 5 s.
 */

/** The newest e-mail to `to` with `subject`, waiting up to 25 s for it to arrive. */
export async function receivedMail(to: string, subject: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect(async () => {
    const raws = readMailbox(process.env.E2E_MAIL_DIR!).filter((raw) => raw.includes(to));
    const mails = await Promise.all(raws.map(parseMail));
    found = mails.filter((mail) => mail.subject === subject && recipients(mail) === to).at(-1);
    expect(found, `no e-mail "${subject}" to ${to} yet`).toBeDefined();
  }).toPass({ timeout: 25_000 });
  return found!;
}

function recipients(mail: ParsedMail) {
  const to = mail.to;
  if (!to) return "";
  return (Array.isArray(to) ? to : [to]).map((address) => address.text).join(", ");
}

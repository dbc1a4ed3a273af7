import fs from "node:fs";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/*
 * A real SMTP server (nodemailer's smtp-server) for the e-mail tests and `npm run bench:mail`,
 * never a mock transport: the store's sender talks SMTP to it over TCP. It keeps every message
 * it accepts, as the bytes that arrived, in memory and (with `directory`) as one .eml file per
 * message, so a test in another process (Playwright) reads the same mailbox. It can be told to
 * refuse every message (a 451, as a server that is down for maintenance answers), to hang, or
 * to be slow (`slowMs`: each message answered that long after it arrived), so that a test can
 * kill the store's server while e-mails are in flight (`holding` counts the ones not yet
 * answered).
 * It lives in scripts/ because the bench runs it and nothing outside tests/ imports from tests/.
 */

export type ReceivedMail = { raw: string; envelopeTo: string[] };

export type SmtpMode = "accept" | "refuse" | "hang";

export type SmtpServerOptions = {
  port?: number;
  directory?: string;
  /** Each message is answered (accepted or refused) this long after its data arrived. */
  slowMs?: number;
};

export async function startSmtpServer(options: SmtpServerOptions = {}) {
  const received: ReceivedMail[] = [];
  let mode: SmtpMode = "accept";
  let slowMs = options.slowMs ?? 0;
  let counter = 0;
  let holding = 0;
  let connections = 0;
  if (options.directory) fs.mkdirSync(options.directory, { recursive: true });

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // The sender keeps one pooled connection: without this a long test run would hit the limit.
    maxClients: 50,
    // A hung client is cut off after a second when the server closes (the default waits 30 s).
    closeTimeout: 1_000,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        holding += 1;
        if (mode === "hang") return; // never answers: the client's socket timeout decides
        // Answered later, whatever happened meanwhile: a client killed during the wait has sent
        // the whole message, which is delivered, as a real server does once it has the data, but
        // never hears the 250, so its sender sends it again.
        const reply = () => {
          holding -= 1;
          answer();
        };
        if (slowMs > 0) setTimeout(reply, slowMs);
        else reply();
      });
      const answer = () => {
        if (mode === "refuse") {
          const error = Object.assign(new Error("Servicio no disponible, intente más tarde"), {
            responseCode: 451,
          });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const envelopeTo = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        received.push({ raw, envelopeTo });
        if (options.directory) {
          counter += 1;
          const name = `${Date.now()}-${process.pid}-${String(counter).padStart(6, "0")}.eml`;
          fs.writeFileSync(path.join(options.directory, name), raw);
        }
        callback();
      };
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : options.port!;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    setMode(next: SmtpMode) {
      mode = next;
    },
    setSlow(ms: number) {
      slowMs = ms;
    },
    /** How many SMTP connections clients have opened so far (a pooled sender keeps one). */
    get connections() {
      return connections;
    },
    /** Messages whose data arrived and that are not answered yet (slow or hanging). */
    get holding() {
      return holding;
    },
    /**
     * The messages to `to`, parsed, once at least `count` have arrived (a server's mail job
     * sends every 5 s); throws after `timeoutMs`.
     */
    async arrivedAt(to: string, count = 1, timeoutMs = 20_000): Promise<ParsedMail[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mails = received.filter((mail) => mail.envelopeTo.includes(to));
        if (mails.length >= count) return Promise.all(mails.map((mail) => parseMail(mail.raw)));
        if (Date.now() > deadline) throw new Error(`no e-mail reached ${to}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A received message parsed: headers, text, HTML. */
export function parseMail(raw: string): Promise<ParsedMail> {
  return simpleParser(raw);
}

/** Every message a server started with `directory` has written there, oldest first. */
export function readMailbox(directory: string): string[] {
  if (!fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => fs.readFileSync(path.join(directory, name), "utf8"));
}

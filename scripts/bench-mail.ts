/**
 * `npm run bench:mail`: how fast the outbox's sender (app/models/mail/sender.server.ts) empties
 * BENCH_MAIL_COUNT e-mails (1,000) into a local SMTP server (scripts/smtp-server.ts: real SMTP
 * over loopback, so the figures are the sender's, not a provider's), and how much memory the
 * sending process needs. Each e-mail is an order confirmation's size (rendered by the one layout,
 * with its lines, totals and bank account). The store is a migrated SQLite file in a temporary
 * DATA_DIR. Three ways:
 * - `mailJob`, 1 process: one run of the server's mail job (`sendDueEmails` over the job's pooled
 *   transport, one SMTP connection) in a child process whose memory is sampled every 20 ms;
 * - `mailJob`, 2 processes at once: two workers' runs sharing the rows through their leases;
 * - the built server (`-- --server`, or BENCH_MAIL_SERVER=1): its own job, every 5 s, with one
 *   worker; timed from the first e-mail to arrive to the last, its memory read from /proc.
 */
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createDb, databasePath, migrateToLatest, openSqlite } from "../db/connection";
import { startSmtpServer } from "./smtp-server";
import { benchPort, queueSampleEmails, startServer, tempDataDir } from "./bench-lib";

const COUNT = Number(process.env.BENCH_MAIL_COUNT ?? 1000);
const FROM = "Perfumería de Lujo <tienda@perfumeria.hn>";
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

type Figures = {
  ms: number;
  rssBefore: number;
  rssAfter: number;
  rssPeak: number;
  heapBefore?: number;
  heapAfter?: number;
  heapPeak?: number;
};

/** The child: one run of the mail job on BENCH_MAIL_CHILD's store, once the parent says go. */
async function child() {
  // DATA_DIR, SMTP_URL and MAIL_FROM come in the environment: the job reads them as the server does.
  const { mailJob } = await import("~/models/mail/sender.server");
  global.gc?.();
  const before = process.memoryUsage();
  let rssPeak = before.rss;
  let heapPeak = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    rssPeak = Math.max(rssPeak, now.rss);
    heapPeak = Math.max(heapPeak, now.heapUsed);
  }, 20);
  process.send!("ready");
  await new Promise((resolve) => process.once("message", resolve));
  const started = performance.now();
  await mailJob();
  const ms = performance.now() - started;
  clearInterval(sampler);
  const after = process.memoryUsage();
  const figures: Figures = {
    ms,
    rssBefore: before.rss,
    rssAfter: after.rss,
    rssPeak: Math.max(rssPeak, after.rss),
    heapBefore: before.heapUsed,
    heapAfter: after.heapUsed,
    heapPeak: Math.max(heapPeak, after.heapUsed),
  };
  process.send!(figures);
}

/** A fresh migrated store with COUNT order confirmations waiting. */
async function storeWithEmails() {
  const dataDir = tempDataDir();
  const db = createDb(openSqlite(databasePath(dataDir)), { slowQueryMs: 0 });
  try {
    await migrateToLatest(db);
    await queueSampleEmails(db, COUNT);
  } finally {
    await db.destroy();
  }
  return dataDir;
}

async function sentCount(dataDir: string) {
  const db = createDb(openSqlite(databasePath(dataDir)), { slowQueryMs: 0 });
  try {
    const row = await db
      .selectFrom("outboxEmails")
      .select((eb) => eb.fn.countAll<number>().as("sent"))
      .where("status", "=", "sent")
      .executeTakeFirstOrThrow();
    return Number(row.sent);
  } finally {
    await db.destroy();
  }
}

/** `processes` children run the mail job at once on a fresh store. */
async function jobInChildren(processes: number, smtpUrl: string) {
  const dataDir = await storeWithEmails();
  try {
    const children = Array.from({ length: processes }, () =>
      fork(process.argv[1]!, {
        execArgv: [...process.execArgv, "--expose-gc"],
        env: {
          ...process.env,
          BENCH_MAIL_CHILD: "1",
          DATA_DIR: dataDir,
          SMTP_URL: smtpUrl,
          MAIL_FROM: FROM,
          LOG_SLOW_QUERIES_MS: "1000",
        },
      }),
    );
    const next = (worker: ChildProcess) =>
      new Promise<unknown>((resolve, reject) => {
        worker.once("message", resolve);
        worker.once("exit", (code) => reject(new Error(`the sender exited with ${code}`)));
      });
    // Every child has loaded its modules and measured its memory before the clock starts.
    await Promise.all(children.map(next));
    const results = children.map((worker) => next(worker) as Promise<Figures>);
    const started = performance.now();
    for (const worker of children) worker.send("go");
    const figures = await Promise.all(results);
    const ms = performance.now() - started;
    for (const worker of children) worker.kill();
    return { figures, ms, sent: await sentCount(dataDir) };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The resident memory of a process, now and at its peak, from /proc (Linux). */
function procMemory(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb("VmRSS") * 1024, peak: kb("VmHWM") * 1024 };
}

/** The built server's own mail job, with one worker, on a fresh store. */
async function jobInServer(smtp: Awaited<ReturnType<typeof startSmtpServer>>) {
  const dataDir = await storeWithEmails();
  const server = await startServer(dataDir, await benchPort(), {
    killable: true,
    env: { SMTP_URL: smtp.url, MAIL_FROM: FROM, WEB_CONCURRENCY: "1", LOG_SLOW_QUERIES_MS: "1000" },
  });
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, "server.pid"), "utf8"));
    const arrivedBefore = smtp.received.length;
    const deadline = Date.now() + 600_000;
    let rssBefore = procMemory(pid).rss;
    while (smtp.received.length === arrivedBefore) {
      if (Date.now() > deadline) throw new Error("the server's mail job sent nothing");
      rssBefore = procMemory(pid).rss;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const started = performance.now();
    let rssPeak = rssBefore;
    while (smtp.received.length - arrivedBefore < COUNT) {
      if (Date.now() > deadline) throw new Error("the server's mail job did not send everything");
      rssPeak = Math.max(rssPeak, procMemory(pid).rss);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const ms = performance.now() - started;
    const after = procMemory(pid);
    const figures: Figures = {
      ms,
      rssBefore,
      rssAfter: after.rss,
      rssPeak: Math.max(rssPeak, after.rss),
    };
    // From the first arrival to the last: COUNT - 1 intervals.
    return { figures: [figures], ms, sent: COUNT, perSecondOf: COUNT - 1 };
  } finally {
    await server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const withServer = process.argv.includes("--server") || process.env.BENCH_MAIL_SERVER === "1";
  const smtp = await startSmtpServer();
  try {
    console.log(`${COUNT} correos de confirmación de pedido a un servidor SMTP local (loopback)`);
    console.log(
      "| envío | correos/s | tiempo | RSS antes | RSS después | RSS pico | heap antes | heap después | heap pico |",
    );
    console.log("|---|---|---|---|---|---|---|---|---|");
    const row = (
      label: string,
      run: { figures: Figures[]; ms: number; sent: number; perSecondOf?: number },
    ) => {
      if (run.sent !== COUNT) throw new Error(`${label}: ${run.sent} of ${COUNT} sent`);
      const rate = ((run.perSecondOf ?? run.sent) * 1000) / run.ms;
      const each = (pick: (figures: Figures) => number | undefined) =>
        run.figures
          .map((figures) => pick(figures))
          .map((value) => (value === undefined ? "–" : `${mb(value)} MB`))
          .join(" / ");
      console.log(
        `| ${label} | ${rate.toFixed(0)} | ${(run.ms / 1000).toFixed(1)} s | ${each((f) => f.rssBefore)} | ${each((f) => f.rssAfter)} | ${each((f) => f.rssPeak)} | ${each((f) => f.heapBefore)} | ${each((f) => f.heapAfter)} | ${each((f) => f.heapPeak)} |`,
      );
    };
    smtp.received.length = 0;
    row("mailJob, 1 proceso", await jobInChildren(1, smtp.url));
    smtp.received.length = 0;
    row("mailJob, 2 procesos", await jobInChildren(2, smtp.url));
    if (withServer) {
      smtp.received.length = 0;
      row("servidor (1 worker)", await jobInServer(smtp));
    }
  } finally {
    await smtp.close();
  }
}

await (process.env.BENCH_MAIL_CHILD ? child() : main());

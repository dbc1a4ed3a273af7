/**
 * `npm run bench:offsite`: how long an archive of BENCH_OFFSITE_MB (200 and 600 by default,
 * comma-separated) takes to go to an S3-compatible server and come back, and how much memory the
 * uploading process needs for it (decision 077: parts of 8 MB, two in flight, so it should not
 * grow with the archive). The server (s3rver, the tests' one) runs in this process; the upload
 * and download run in a child, whose resident memory is sampled every 20 ms. Loopback, so the
 * times are the code's and the disk's, not a shop's uplink.
 */
import { fork } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {
  downloadArchive,
  uploadArchive,
  type OffsiteConfig,
} from "~/models/backups/offsite.server";
import { startS3Server } from "./s3-server";
import { tempDataDir } from "./bench-lib";

type Figures = {
  uploadMs: number;
  downloadMs: number;
  rssBeforeMb: number;
  rssPeakUploadMb: number;
  rssPeakDownloadMb: number;
};

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function child() {
  const { config, archive, target } = JSON.parse(process.env.BENCH_OFFSITE_JOB!) as {
    config: OffsiteConfig;
    archive: string;
    target: string;
  };
  // The SDK loaded first: its code is not what the figure is about.
  await Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]);
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  let started = performance.now();
  await uploadArchive(config, archive);
  const uploadMs = performance.now() - started;
  const rssPeakUpload = peak;
  peak = process.memoryUsage().rss;
  started = performance.now();
  await downloadArchive(config, target, path.basename(archive));
  const downloadMs = performance.now() - started;
  clearInterval(sampler);
  const figures: Figures = {
    uploadMs,
    downloadMs,
    rssBeforeMb: mb(rssBefore),
    rssPeakUploadMb: mb(rssPeakUpload),
    rssPeakDownloadMb: mb(peak),
  };
  process.send!(figures);
}

async function main() {
  const sizes = (process.env.BENCH_OFFSITE_MB ?? "200,600").split(",").map(Number);
  const scratch = tempDataDir();
  const s3 = await startS3Server({ directory: path.join(scratch, "s3"), bucket: "bench" });
  try {
    console.log("| archive | upload | download | RSS before | peak uploading | peak downloading |");
    console.log("|---|---|---|---|---|---|");
    for (const [index, size] of sizes.entries()) {
      const archive = path.join(scratch, `perfumeria-20261125T0${index}0000Z.tar.gz`);
      const fd = fs.openSync(archive, "w");
      for (let written = 0; written < size; written++) {
        fs.writeSync(fd, crypto.randomBytes(1024 * 1024));
      }
      fs.closeSync(fd);
      const job = { config: s3.config(), archive, target: path.join(scratch, "down") };
      const worker = fork(process.argv[1]!, {
        execArgv: process.execArgv,
        env: { ...process.env, BENCH_OFFSITE_JOB: JSON.stringify(job) },
      });
      const figures = await new Promise<Figures>((resolve, reject) => {
        worker.on("message", (message) => resolve(message as Figures));
        worker.on("exit", (code) => reject(new Error(`the upload process exited with ${code}`)));
      });
      worker.kill();
      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      console.log(
        `| ${size} MB | ${seconds(figures.uploadMs)} (${Math.round((size * 1000) / figures.uploadMs)} MB/s) | ${seconds(figures.downloadMs)} | ${figures.rssBeforeMb} MB | ${figures.rssPeakUploadMb} MB | ${figures.rssPeakDownloadMb} MB |`,
      );
      fs.rmSync(archive);
    }
  } finally {
    await s3.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

await (process.env.BENCH_OFFSITE_JOB ? child() : main());

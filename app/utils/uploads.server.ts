import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { once } from "node:events";
import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import sharp from "sharp";
import { getEnv } from "./env.server";
import { BODY_MESSAGES } from "./security.server";

/*
 * Receiving files (D8): a multipart body is streamed, each expected file to a temporary file in
 * DATA_DIR/uploads/tmp as it arrives (never the whole request in memory, and not Remix's 3 MB
 * memory handler), bytes past a file's limit are read and thrown away, and a body far past the
 * limit is cut off. The type comes from the file's first bytes, never its name or the browser's
 * Content-Type. What is kept, and where, is the domain's: the checkout's payment proofs
 * (models/checkout/proofs.server.ts), the back office's product images and brand logos
 * (models/catalog/product-images.server.ts).
 */

/** The message of a file (or a body) past its limit. */
export const UPLOAD_TOO_LARGE_MESSAGE = "El archivo es muy grande. Máximo 5MB permitido.";

/** Past this the request is aborted instead of drained (nobody's phone photo is 25 MB). */
const HARD_LIMIT_BYTES = 25 * 1024 * 1024;
const TEXT_FIELD_MAX_BYTES = 64 * 1024;

/**
 * The most pixels an uploaded picture may decode to (25 MP: a 6000×4000 camera photo fits). A
 * small PNG can hold a huge canvas, and decoding one costs memory by its pixels, not its bytes.
 */
export const MAX_IMAGE_PIXELS = 25_000_000;
export const TOO_MANY_PIXELS_MESSAGE =
  "La imagen es demasiado grande (máximo 25 megapíxeles). Sube una foto más pequeña.";

/**
 * Whether a received picture may be decoded: its size is read from the header alone (sharp's
 * metadata decodes no pixels), so a 49-megapixel PNG is refused before it costs any memory.
 */
export async function imagePixelsCheck(
  filePath: string,
): Promise<"ok" | "too_many" | "unreadable"> {
  try {
    const { width, height } = await sharp(filePath).metadata();
    if (!width || !height) return "unreadable";
    return width * height > MAX_IMAGE_PIXELS ? "too_many" : "ok";
  } catch {
    return "unreadable";
  }
}

export class UploadRejectedError extends Error {}

export function uploadsTempDir() {
  return path.join(getEnv().DATA_DIR, "uploads", "tmp");
}

async function drain(data: AsyncIterable<Uint8Array>) {
  for await (const _chunk of data) {
    // discarded
  }
}

/** A file part of a multipart body, kept in a temporary file the caller owns until it is discarded. */
export type ReceivedFile =
  | { field: string; status: "too_large" }
  | { field: string; status: "refused" }
  | { field: string; status: "received"; tempPath: string; size: number };

export type MultipartLimits = {
  /** The file fields read and how many files each may bring; other file parts are discarded. */
  files: Record<string, number>;
  /** Bytes past this in one file are read and thrown away; the file is reported too_large. */
  maxFileBytes: number;
  /** Past this the whole request is aborted (413) instead of drained. */
  maxBodyBytes?: number;
  /**
   * Asked as each expected file starts to arrive, before a byte of it is written: false reads
   * it into nothing and reports it `refused`. An upload limit counted here also counts the
   * uploads that are cut off half-way, which a limit counted after parsing never sees.
   */
  admitFile?: (field: string) => Promise<boolean>;
  /**
   * Called with the text fields received so far when the body ends before its end (the
   * client gone half-way, a body cut short or past its limit), before the error goes on: what
   * a person typed above a photo that never arrived can still be kept.
   */
  onIncomplete?: (received: FormData) => Promise<void>;
};

/** Removes received uploads that will not be stored. */
export function discardFiles(files: readonly ReceivedFile[]) {
  for (const file of files) {
    if (file.status === "received") fs.rmSync(file.tempPath, { force: true });
  }
}

/**
 * Reads a POST body: url-encoded as usual, multipart streamed with each expected file written
 * to a temporary file as it arrives. Text fields are capped at 64 KB. Shared by the checkout's
 * proof and the back office's product images and brand logos.
 *
 * Whatever ends the parse early (the body past its limit, a malformed part, the client gone
 * half-way), every temporary file it had opened is removed before the error goes on: an
 * aborted upload leaves nothing in uploads/tmp.
 */
export async function readMultipartForm(
  request: Request,
  {
    files: expected,
    maxFileBytes,
    maxBodyBytes = HARD_LIMIT_BYTES,
    admitFile,
    onIncomplete,
  }: MultipartLimits,
): Promise<{ formData: FormData; files: ReceivedFile[] }> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    return { formData: await request.formData(), files: [] };
  }
  const files: ReceivedFile[] = [];
  // The text fields as they arrive, for onIncomplete.
  const received = new FormData();
  // Every temporary file opened, received whole or not: removed if the parse fails.
  const opened: string[] = [];
  // The whole body counts against the hard limit, however many parts it has.
  let total = 0;
  async function* counted(data: AsyncIterable<Uint8Array>) {
    for await (const chunk of data) {
      total += chunk.byteLength;
      if (total > maxBodyBytes) throw new UploadRejectedError(UPLOAD_TOO_LARGE_MESSAGE);
      yield chunk;
    }
  }
  const handler: UploadHandler = async ({ name, filename, data: raw }) => {
    const data = counted(raw);
    if (filename === undefined) {
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of data) {
        size += chunk.byteLength;
        if (size > TEXT_FIELD_MAX_BYTES) throw new UploadRejectedError("Campo demasiado largo");
        chunks.push(chunk);
      }
      const value = Buffer.concat(chunks).toString("utf8");
      received.append(name, value);
      return value;
    }
    const taken = files.filter((file) => file.field === name).length;
    if (filename === "" || taken >= (expected[name] ?? 0)) {
      await drain(data);
      return null;
    }
    if (admitFile && !(await admitFile(name))) {
      await drain(data);
      files.push({ field: name, status: "refused" });
      return null;
    }
    fs.mkdirSync(uploadsTempDir(), { recursive: true });
    const tempPath = path.join(uploadsTempDir(), crypto.randomBytes(16).toString("hex"));
    const out = fs.createWriteStream(tempPath, { flags: "wx", mode: 0o600 });
    opened.push(tempPath);
    let size = 0;
    try {
      for await (const chunk of data) {
        size += chunk.byteLength;
        if (size > maxFileBytes) continue;
        if (!out.write(chunk)) await once(out, "drain");
      }
    } finally {
      out.end();
      await once(out, "close");
    }
    if (size > maxFileBytes) {
      fs.rmSync(tempPath, { force: true });
      files.push({ field: name, status: "too_large" });
    } else if (size > 0) {
      files.push({ field: name, status: "received", tempPath, size });
    } else {
      fs.rmSync(tempPath, { force: true });
    }
    return null;
  };
  try {
    const formData = await unstable_parseMultipartFormData(request, handler);
    return { formData, files };
  } catch (error) {
    for (const tempPath of opened) fs.rmSync(tempPath, { force: true });
    await onIncomplete?.(received);
    // The client left half-way: there is nobody to answer.
    if (request.signal.aborted) throw error;
    if (error instanceof UploadRejectedError) {
      // The rest of the body is never read: the connection cannot carry another request.
      throw new Response(error.message, { status: 413, headers: { Connection: "close" } });
    }
    // Anything else the parser met is a body that is not the multipart it says it is (cut
    // short, a missing closing boundary): the sender's fault, 400, never a 500.
    throw new Response(BODY_MESSAGES.malformed, { status: 400 });
  }
}

/** The first bytes of a received file, for sniffImageType. */
export async function readFileHead(filePath: string, length = 16) {
  const handle = await fs.promises.open(filePath, "r");
  const head = Buffer.alloc(length);
  try {
    await handle.read(head, 0, length, 0);
  } finally {
    await handle.close();
  }
  return head;
}

/** The image kinds an upload may be, by their magic numbers. HEIC/AVIF share the ISO BMFF `ftyp` box. */
export function sniffImageType(head: Uint8Array): "jpeg" | "png" | "webp" | "heif" | null {
  const ascii = (start: number, end: number) =>
    Buffer.from(head.subarray(start, end)).toString("latin1");
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  if (
    ascii(4, 8) === "ftyp" &&
    /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1|avif|avis)$/.test(ascii(8, 12))
  ) {
    return "heif";
  }
  return null;
}

/**
 * Writes `bytes` at `target` so that a crash (a kill, a power cut) leaves the whole file or
 * none under that name: a temporary file beside it, flushed to the disk, renamed, and the
 * folder flushed so the rename survives too. Owner-only: proofs are personal data.
 */
export async function writeFileDurably(target: string, bytes: Uint8Array) {
  const dir = path.dirname(target);
  await fs.promises.mkdir(dir, { recursive: true });
  const temp = `${target}.${crypto.randomBytes(6).toString("hex")}.tmp`;
  const handle = await fs.promises.open(temp, "wx", 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  await fs.promises.rename(temp, target);
  const folder = await fs.promises.open(dir, "r");
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

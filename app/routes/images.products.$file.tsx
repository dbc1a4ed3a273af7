import fs from "node:fs";
import path from "node:path";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { getEnv } from "~/utils/env.server";

// Content-addressed product images (key = hash of the picture): cacheable forever.
const FILE_PATTERN = /^[a-f0-9]{8,64}-\d{2,4}\.webp$/;

export async function loader({ params }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  if (!FILE_PATTERN.test(file)) throw new Response("Not Found", { status: 404 });
  const fullPath = path.join(getEnv().DATA_DIR, "uploads", "products", file);
  const stat = await fs.promises.stat(fullPath).catch(() => null);
  if (!stat?.isFile()) throw new Response("Not Found", { status: 404 });
  return new Response(createReadableStreamFromReadable(fs.createReadStream(fullPath)), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(stat.size),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}

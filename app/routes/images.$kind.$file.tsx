import fs from "node:fs";
import path from "node:path";
import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { getEnv } from "~/utils/env.server";

// Content-addressed public images (key = hash of the picture): cacheable forever. Product
// pictures and brand logos, each in its own folder under DATA_DIR/uploads (D8).
const FILE_PATTERN = /^[a-f0-9]{8,64}-\d{2,4}\.webp$/;
const FOLDERS = { products: "products", brands: "brands" } as const;

function isKind(kind: string): kind is keyof typeof FOLDERS {
  return Object.hasOwn(FOLDERS, kind);
}

export async function loader({ params }: LoaderFunctionArgs) {
  const kind = params.kind ?? "";
  const file = params.file ?? "";
  if (!isKind(kind) || !FILE_PATTERN.test(file)) throw new Response("Not Found", { status: 404 });
  const fullPath = path.join(getEnv().DATA_DIR, "uploads", FOLDERS[kind], file);
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

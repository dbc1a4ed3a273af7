import type { LoaderFunctionArgs } from "@remix-run/node";
import { fileStore } from "~/models/files/stored-files.server";

// Content-addressed public images (key = hash of the picture): cacheable forever. Product
// pictures and brand logos, each in its own folder of the uploads' store (D8, decision 120).
const FILE_PATTERN = /^[a-f0-9]{8,64}-\d{2,4}\.webp$/;
const KINDS = { products: "products", brands: "brands" } as const;

function isKind(kind: string): kind is keyof typeof KINDS {
  return Object.hasOwn(KINDS, kind);
}

export async function loader({ params }: LoaderFunctionArgs) {
  const kind = params.kind ?? "";
  const file = params.file ?? "";
  if (!isKind(kind) || !FILE_PATTERN.test(file)) throw new Response("Not Found", { status: 404 });
  const stored = await fileStore().read(KINDS[kind], file);
  if (!stored) throw new Response("Not Found", { status: 404 });
  return new Response(stored.body, {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(stored.size),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}

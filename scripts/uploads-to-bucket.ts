/**
 * `npm run uploads:to-bucket`: copies the files of DATA_DIR/uploads (proofs, product pictures,
 * brand logos; never tmp/) into the UPLOADS_S3_* bucket, for a store that starts using one, or
 * to finish a restore whose copy to the bucket failed (decision 120). Safe to run twice: a file
 * already there is written again with the same bytes.
 */
import { copyFolderToStore, fileStore, uploadsDirIn } from "~/models/files/stored-files.server";
import { getEnv } from "~/utils/env.server";

const env = getEnv();
const store = fileStore();
if (!store.bucketLocation) {
  console.error("[uploads] no hay bucket configurado: faltan las variables UPLOADS_S3_*.");
  process.exit(1);
}
try {
  const copied = await copyFolderToStore(uploadsDirIn(env.DATA_DIR), store);
  console.log(`[uploads] ${copied} archivo(s) copiados a ${store.bucketLocation}`);
} catch (error) {
  console.error(`[uploads] la copia al bucket falló: ${String(error)}`);
  process.exitCode = 1;
}

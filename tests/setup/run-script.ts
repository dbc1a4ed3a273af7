import { spawn } from "node:child_process";
import path from "node:path";

/** Runs `npm run backup` / `npm run restore` (their scripts under tsx) with these variables. */
export async function runScript(script: string, args: string[], env: Record<string, string>) {
  const root = path.resolve(import.meta.dirname, "../..");
  const child = spawn(
    path.join(root, "node_modules", ".bin", "tsx"),
    [path.join(root, "scripts", script), ...args],
    { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, stdout, stderr };
}

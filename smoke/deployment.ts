/**
 * A deployment as the Dockerfile makes one, in a fresh temporary folder: the build (dist/),
 * package.json, package-lock.json and the production dependencies installed there by
 * `npm ci --omit=dev`, and nothing else of the repository (no server/, app/, domain/ or public/).
 */
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const repoRoot = resolve(import.meta.dirname, "..");

/** What a deployment copies from the repository once built (deploy/Dockerfile's COPY lines). */
export const DEPLOYED = ["dist", "package.json", "package-lock.json"] as const;

export type Deployment = { dir: string; remove: () => void };

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("error", fail);
    child.once("exit", (code) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output}`)),
    );
  });
}

export async function makeDeployment(): Promise<Deployment> {
  const dir = mkdtempSync(join(tmpdir(), "kinfile-deployment-"));
  try {
    for (const name of DEPLOYED) cpSync(join(repoRoot, name), join(dir, name), { recursive: true });
    // The registry's packages, as the image installs them (npm's own cache spares the download).
    await run("npm", ["ci", "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund"], dir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

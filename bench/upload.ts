/**
 * Upload figures: the server time of storing a 5 MB file (multipart parsing, type check, 5 MB
 * limit, encryption, write to the blob store, metadata update), measured in-process with
 * app.inject on the real app, so the network and the client are not counted. Also the time to
 * stream the same file back (decryption included), for information.
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { LIMITS } from "../domain/limits.ts";
import type { BlobStoreKind } from "../server/config.ts";
import { multipart } from "../server/testing/document-files.ts";
import { createSignedInUser, request } from "../server/testing/identity.ts";
import { buildTestApp } from "../server/testing/test-app.ts";

export type Timing = { medianMs: number; p95Ms: number; runs: number };
/** cpuMs: the process's CPU time per upload, which other programs on the machine do not inflate. */
export type UploadCase = {
  name: string;
  /** The default setup (filesystem store) is held to the budget; the database store is reported. */
  budgeted: boolean;
  upload: Timing & { cpuMedianMs: number };
  download: Timing;
};
export type UploadFigures = { bytes: number; cases: UploadCase[] };

const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 20);
const WARM_UP = 3;

/** The sample at a share (0.5, 0.95, 0.99) of samples sorted in ascending order (nearest rank). */
export function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

export function summarise(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    medianMs: round(percentile(sorted, 0.5)),
    p95Ms: round(percentile(sorted, 0.95)),
    runs: sorted.length,
  };
}

/** A PDF's worth of bytes: the signature, then incompressible data as a scanned document's. */
export function pdfOf(bytes: number): Buffer {
  const head = Buffer.from("%PDF-1.7\n");
  return Buffer.concat([head, randomBytes(bytes - head.length)]);
}

/** The heaviest check: every byte of a text file is validated as UTF-8. */
function textOf(bytes: number): Buffer {
  return Buffer.from(
    "Relevé de compte 2026, ligne 0001 : 1 234,56 $\n".repeat(Math.ceil(bytes / 40)),
  ).subarray(0, bytes);
}

async function measure(
  name: string,
  blobStore: BlobStoreKind,
  file: Buffer,
  fileName: string,
): Promise<UploadCase> {
  const test = await buildTestApp("sqlite", { config: { blobStore } });
  try {
    const user = await createSignedInUser(test);
    const created = await request(test, {
      method: "POST",
      url: "/api/documents",
      cookie: user.cookie,
      payload: { module: "inventory", type: "documentlibrary" },
    });
    const id = created.json() as string;
    const base = `/api/documents/inventory/documentlibrary/${id}`;
    const body = multipart({ filename: fileName, content: file });
    const uploads: number[] = [];
    const cpu: number[] = [];
    for (let run = 0; run < WARM_UP + RUNS; run += 1) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const uploaded = await request(test, {
        method: "POST",
        url: `${base}/upload`,
        cookie: user.cookie,
        payload: body.payload,
        headers: body.headers,
      });
      const uploadMs = performance.now() - started;
      const cpuUsed = process.cpuUsage(cpuBefore);
      if (uploaded.statusCode !== 200) {
        throw new Error(`upload answered ${uploaded.statusCode}: ${uploaded.body}`);
      }
      if (run >= WARM_UP) {
        uploads.push(uploadMs);
        cpu.push((cpuUsed.user + cpuUsed.system) / 1000);
      }
    }
    // Downloads apart, so that neither measure pays for the other's garbage.
    const downloads: number[] = [];
    for (let run = 0; run < WARM_UP + RUNS; run += 1) {
      const started = performance.now();
      // As a stream: light-my-request would otherwise also decode the 5 MB body into a string.
      const download = await test.app.inject({
        method: "GET",
        url: `${base}/download/${fileName}/`,
        headers: { cookie: user.cookie },
        payloadAsStream: true,
      });
      const parts: Buffer[] = [];
      for await (const part of download.stream()) parts.push(part as Buffer);
      const downloadMs = performance.now() - started;
      if (!Buffer.concat(parts).equals(file)) throw new Error("the downloaded file differs from the upload");
      if (run >= WARM_UP) downloads.push(downloadMs);
    }
    return {
      name,
      budgeted: blobStore === "filesystem",
      upload: { ...summarise(uploads), cpuMedianMs: summarise(cpu).medianMs },
      download: summarise(downloads),
    };
  } finally {
    await test.close();
  }
}

export async function measureUpload(): Promise<UploadFigures> {
  const bytes = LIMITS.uploadBytesMax;
  return {
    bytes,
    cases: [
      await measure("PDF, filesystem store", "filesystem", pdfOf(bytes), "scan.pdf"),
      await measure("text (all UTF-8 checked), filesystem", "filesystem", textOf(bytes), "statement.txt"),
      await measure("PDF, database store (SQLite)", "database", pdfOf(bytes), "scan.pdf"),
    ],
  };
}

/**
 * The emergency binder's figure (DESIGN.md: 500 records and 50 attached PDFs under 5 s): a file of
 * 500 complete records across every category, 20 persons, and 50 attached PDFs of three pages (each
 * with a 256x256 scan-like image, about 200 KB), made through GET /api/binder?files=true on the real
 * app in-process (app.inject, so the network and the client are not counted), with every appended
 * page. Also the binder without the files, for information. `node bench/binder.ts` runs it alone.
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { PNG } from "pngjs";
import { CATEGORIES } from "../domain/sections/index.ts";
import { multipart } from "../server/testing/document-files.ts";
import { createSignedInUser, request, type TestUser } from "../server/testing/identity.ts";
import { sampleRecord, sampleRefsOf } from "../server/testing/record-samples.ts";
import { buildTestApp, type TestApp } from "../server/testing/test-app.ts";
import { BUDGETS } from "./budgets.ts";

const RECORDS = 500;
const FILES = 50;
const RUNS = Number(process.env.BENCH_BINDER_RUNS ?? 5);

export type BinderFigures = {
  records: number;
  files: number;
  /** The binder with every file appended: median and slowest of the runs, its pages and bytes. */
  withFiles: { medianMs: number; maxMs: number; pages: number; bytes: number };
  withoutFiles: { medianMs: number; bytes: number };
  /** The process's resident memory growth while the binders were made. */
  rssGrowthBytes: number;
};

function noisePng(size: number): Buffer {
  const png = new PNG({ width: size, height: size });
  png.data = randomBytes(size * size * 4);
  for (let alpha = 3; alpha < png.data.length; alpha += 4) png.data[alpha] = 255;
  return PNG.sync.write(png);
}

/** A scanned document's stand-in: three pages of text, an incompressible image on the first. */
async function attachedPdf(index: number, scan: Buffer): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const image = await pdf.embedPng(scan);
  for (let page = 1; page <= 3; page += 1) {
    const sheet = pdf.addPage([612, 792]);
    sheet.drawText(`Attached document ${index}, page ${page}`, { x: 72, y: 720, size: 14, font });
    if (page === 1) sheet.drawImage(image, { x: 72, y: 400, width: 256, height: 256 });
  }
  return Buffer.from(await pdf.save());
}

async function ok(
  test: TestApp,
  user: TestUser,
  method: "POST",
  url: string,
  payload: unknown,
  headers = {},
) {
  const response = await request(test, {
    method,
    url,
    cookie: user.cookie,
    payload: payload as string,
    headers,
  });
  if (response.statusCode !== 200)
    throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  const body = response.json();
  return typeof body === "string" ? body : (body.id as string);
}

async function fill(test: TestApp, user: TestUser): Promise<void> {
  const refs = sampleRefsOf(test, user);
  const recordIds: { id: string; module: string; type: string }[] = [];
  for (let index = 0; index < RECORDS; index += 1) {
    const category = CATEGORIES[index % CATEGORIES.length];
    if (category === undefined) continue;
    const body = await sampleRecord(category, refs, { complete: true });
    const id = await ok(test, user, "POST", `/api/records/${category.module}/${category.key}`, body);
    recordIds.push({ id, module: category.module, type: category.key });
  }
  for (let index = 0; index < 20; index += 1) {
    await ok(test, user, "POST", "/api/pn/person", {
      group: index % 2 === 0 ? "child" : "relative",
      type: index % 2 === 0 ? "daughter" : "brother",
      mainDetails: { firstName: `Person ${index}`, lastName: "Example" },
    });
  }
  const scan = noisePng(256);
  for (let index = 0; index < FILES; index += 1) {
    const record = recordIds[index * Math.floor(RECORDS / FILES)];
    if (record === undefined) continue;
    const id = await ok(test, user, "POST", "/api/documents", {
      module: record.module,
      type: record.type,
      assignedDocument: record.id,
    });
    const body = multipart({
      filename: `scan-${index}.pdf`,
      contentType: "application/pdf",
      content: await attachedPdf(index, scan),
    });
    await ok(
      test,
      user,
      "POST",
      `/api/documents/${record.module}/${record.type}/${id}/upload`,
      body.payload,
      body.headers,
    );
  }
}

async function timeBinder(
  test: TestApp,
  user: TestUser,
  url: string,
): Promise<{ ms: number; bytes: Buffer }> {
  const started = performance.now();
  const response = await test.app.inject({
    method: "GET",
    url,
    headers: { cookie: user.cookie },
    payloadAsStream: true,
  });
  const parts: Buffer[] = [];
  for await (const part of response.stream()) parts.push(part as Buffer);
  const ms = performance.now() - started;
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  return { ms, bytes: Buffer.concat(parts) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function measureBinder(): Promise<BinderFigures> {
  const test = await buildTestApp("sqlite", {
    config: { uploadRateLimit: { max: 10_000, windowMs: 60_000 } },
  });
  try {
    const user = await createSignedInUser(test);
    await fill(test, user);
    // The first binder loads the PDF libraries and the fonts: not counted.
    await timeBinder(test, user, "/api/binder");
    const rssBefore = process.memoryUsage().rss;
    const withFiles: number[] = [];
    let last: Buffer = Buffer.alloc(0);
    for (let run = 0; run < RUNS; run += 1) {
      const made = await timeBinder(test, user, "/api/binder?files=true");
      withFiles.push(made.ms);
      last = made.bytes;
    }
    const rssGrowthBytes = process.memoryUsage().rss - rssBefore;
    const without: number[] = [];
    let plain: Buffer = Buffer.alloc(0);
    for (let run = 0; run < RUNS; run += 1) {
      const made = await timeBinder(test, user, "/api/binder");
      without.push(made.ms);
      plain = made.bytes;
    }
    const pages = (await PDFDocument.load(last)).getPageCount();
    return {
      records: RECORDS,
      files: FILES,
      withFiles: {
        medianMs: Math.round(median(withFiles)),
        maxMs: Math.round(Math.max(...withFiles)),
        pages,
        bytes: last.length,
      },
      withoutFiles: { medianMs: Math.round(median(without)), bytes: plain.length },
      rssGrowthBytes,
    };
  } finally {
    await test.close();
  }
}

/** The binder's lines of `npm run bench`; answers whether it is within budget. */
export function printBinder(figures: BinderFigures): boolean {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const within = figures.withFiles.medianMs < BUDGETS.binderMs;
  console.log(
    `\nBinder: ${figures.records} records and ${figures.files} attached PDFs (in-process, median of ${RUNS})`,
  );
  console.log(
    `  with the PDFs appended  median ${figures.withFiles.medianMs} ms  slowest ${figures.withFiles.maxMs} ms  ${figures.withFiles.pages} pages  ${mb(figures.withFiles.bytes)}  budget ${BUDGETS.binderMs} ms ${within ? "ok" : "OVER BUDGET"}`,
  );
  console.log(
    `  without them            median ${figures.withoutFiles.medianMs} ms  ${mb(figures.withoutFiles.bytes)}  (resident memory grew ${mb(figures.rssGrowthBytes)} while making them)`,
  );
  return within;
}

if (import.meta.main) {
  if (!printBinder(await measureBinder())) process.exit(1);
}

/**
 * Lighthouse figures for the design's budget: mobile performance and accessibility of /login,
 * /dashboard/personal-network (signed in) and a record form (signed in), median of 3 runs each,
 * on the built app served by the real server (`npm run build` first). Lighthouse is the pinned
 * 12.2.3 through npx, with its default mobile settings (a mid-range phone, simulated slow 4G and a
 * 4x slower CPU), driving the system Chromium (`CHROMIUM_PATH`, else /usr/bin/chromium).
 *
 * Its model multiplies what the browser did on this machine, so the same build scores differently
 * on another. Beside the pages, it measures a reference: a page of one heading and no script,
 * which costs the app nothing. Its blocking time and main-thread work are the machine's own, and
 * tell a slower machine from a slower app.
 */
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { promisify } from "node:util";
import { CHROMIUM_ARGS, chromiumPath } from "../e2e/support/browser.ts";
import { startServer } from "../e2e/support/server.ts";
import { generateMasterKeyText } from "../server/crypto/master-key-text.ts";
import { signedInAccount } from "./api.ts";
import { BUDGETS } from "./budgets.ts";

const LIGHTHOUSE = "lighthouse@12.2.3";
const RUNS = 3;
/** Where to keep each run's whole report (LIGHTHOUSE_REPORTS=dir), to read its trace and requests. */
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS;

/** The pages the budget names; a record form is the password vault's add form. */
const PAGES = [
  { path: "/login", signedIn: false },
  { path: "/dashboard/personal-network", signedIn: true },
  { path: "/dashboard/passwordvault/password/add", signedIn: true },
] as const;

export type LighthouseFigures = {
  path: string;
  /** Medians of the runs: scores 0-100, times in ms. */
  performance: number;
  accessibility: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  /** Every run's performance score, to show the spread. */
  performanceRuns: number[];
  /** What accessibility audits failed in any run. */
  accessibilityFailures: string[];
};

/** The machine's own share: the reference page's medians, and Lighthouse's CPU index of the host. */
export type MachineReference = {
  totalBlockingTimeMs: number;
  mainThreadMs: number;
  /** Lighthouse's benchmark of the host's JavaScript speed (higher is faster). */
  cpuIndex: number;
};

export type LighthouseResults = { pages: LighthouseFigures[]; reference: MachineReference };

type Audit = { score: number | null; numericValue?: number; title: string };
type Report = {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<string, Audit>;
  environment?: { benchmarkIndex?: number };
  runtimeError?: { code: string; message: string };
};

/** A page of one heading, no script and no style: all its cost is the browser's. */
const REFERENCE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Reference</title></head>' +
  "<body><main><h1>Reference</h1></main></body></html>";

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * One run, tried up to three times: on this shared machine another build may be replacing
 * dist/web at that moment, and Lighthouse then meets a missing page.
 */
async function lighthouse(url: string, cookie: string | null): Promise<Report> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouseOnce(url, cookie);
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`${error instanceof Error ? error.message.slice(0, 300) : error}; trying again`);
      await new Promise((done) => setTimeout(done, 5_000));
    }
  }
}

async function lighthouseOnce(url: string, cookie: string | null): Promise<Report> {
  const args = [
    "-y",
    LIGHTHOUSE,
    url,
    "--only-categories=performance,accessibility",
    "--output=json",
    "--output-path=stdout",
    "--quiet",
    `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(" ")}`,
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  const { stdout } = await promisify(execFile)("npx", args, {
    env: { ...process.env, CHROME_PATH: chromiumPath() },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => {
    // Lighthouse exits 1 on a page it could not load, with the reason in its report.
    if (error.stdout?.startsWith("{")) return { stdout: error.stdout };
    throw new Error(`Lighthouse on ${url} failed: ${error.stderr ?? error}`);
  });
  const report = JSON.parse(stdout) as Report;
  if (REPORTS_DIR) {
    mkdirSync(REPORTS_DIR, { recursive: true });
    const name = `${new URL(url).pathname.replaceAll("/", "_")}-${Date.now()}.json`;
    writeFileSync(join(REPORTS_DIR, name), stdout);
  }
  if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${report.runtimeError.message}`);
  return report;
}

const score = (report: Report, category: string) =>
  Math.round((report.categories[category]?.score ?? 0) * 100);
const metric = (report: Report, audit: string) =>
  Math.round(report.audits[audit]?.numericValue ?? Number.NaN);

/** The reference page, served by a bare HTTP server of its own, measured like the app's pages. */
async function measureReference(): Promise<MachineReference> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(REFERENCE_PAGE);
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as AddressInfo;
  try {
    const reports: Report[] = [];
    for (let run = 0; run < RUNS; run += 1) reports.push(await lighthouse(`http://127.0.0.1:${port}/`, null));
    return {
      totalBlockingTimeMs: median(reports.map((report) => metric(report, "total-blocking-time"))),
      mainThreadMs: median(reports.map((report) => metric(report, "mainthread-work-breakdown"))),
      cpuIndex: median(reports.map((report) => Math.round(report.environment?.benchmarkIndex ?? Number.NaN))),
    };
  } finally {
    server.close();
  }
}

export async function measureLighthouse(): Promise<LighthouseResults> {
  return { pages: await measurePages(), reference: await measureReference() };
}

async function measurePages(): Promise<LighthouseFigures[]> {
  const env = { NODE_ENV: "production", LOG_LEVEL: "warn", KINFILE_MASTER_KEY: generateMasterKeyText() };
  const server = await startServer(env);
  try {
    const cookie = await signedInAccount(server, env);
    // The first-visit guides would cover the page being measured; a returning owner does not see them.
    for (const splash of ["splash", "splashmobile"]) {
      await fetch(`${server.url}/api/account/${splash}?show=false`, {
        method: "POST",
        headers: { cookie, origin: server.url },
      });
    }
    const figures: LighthouseFigures[] = [];
    for (const page of PAGES) {
      const reports: Report[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        reports.push(await lighthouse(`${server.url}${page.path}`, page.signedIn ? cookie : null));
      }
      const failures = new Set<string>();
      for (const report of reports) {
        for (const ref of report.categories.accessibility?.auditRefs ?? []) {
          const audit = report.audits[ref.id];
          if (ref.weight > 0 && audit?.score === 0) failures.add(`${ref.id}: ${audit.title}`);
        }
      }
      figures.push({
        path: page.path,
        performance: median(reports.map((report) => score(report, "performance"))),
        accessibility: median(reports.map((report) => score(report, "accessibility"))),
        firstContentfulPaintMs: median(reports.map((report) => metric(report, "first-contentful-paint"))),
        largestContentfulPaintMs: median(reports.map((report) => metric(report, "largest-contentful-paint"))),
        totalBlockingTimeMs: median(reports.map((report) => metric(report, "total-blocking-time"))),
        performanceRuns: reports.map((report) => score(report, "performance")),
        accessibilityFailures: [...failures],
      });
    }
    return figures;
  } finally {
    await server.stop();
  }
}

export function printLighthouse(
  { pages: figures, reference }: LighthouseResults,
  check: (ok: boolean, message: string) => string,
): void {
  console.log(
    `\nLighthouse ${LIGHTHOUSE.split("@")[1]} (mobile: simulated slow 4G, 4x CPU), median of ${RUNS}`,
  );
  for (const page of figures) {
    const performance = check(
      page.performance >= BUDGETS.lighthousePerformance,
      `Lighthouse performance ${page.performance} on ${page.path}`,
    );
    const accessibility = check(
      page.accessibility >= BUDGETS.lighthouseAccessibility,
      `Lighthouse accessibility ${page.accessibility} on ${page.path}`,
    );
    console.log(
      `  ${page.path.padEnd(40)} performance ${String(page.performance).padStart(3)} (runs ${page.performanceRuns.join(", ")}; budget ${BUDGETS.lighthousePerformance}) ${performance}  accessibility ${String(page.accessibility).padStart(3)} (budget ${BUDGETS.lighthouseAccessibility}) ${accessibility}`,
    );
    console.log(
      `  ${"".padEnd(40)} FCP ${page.firstContentfulPaintMs} ms  LCP ${page.largestContentfulPaintMs} ms  TBT ${page.totalBlockingTimeMs} ms`,
    );
    for (const failure of page.accessibilityFailures) console.log(`  ${"".padEnd(40)} failed: ${failure}`);
  }
  console.log(
    `  ${"machine (a page of one heading)".padEnd(40)} TBT ${reference.totalBlockingTimeMs} ms  main thread ${reference.mainThreadMs} ms  CPU index ${reference.cpuIndex} (the machine's own share of every page's figures)`,
  );
}

/** `node bench/lighthouse.ts`: this part alone. */
if (import.meta.main) {
  let over = false;
  printLighthouse(await measureLighthouse(), (ok) => {
    over ||= !ok;
    return ok ? "ok" : "OVER BUDGET";
  });
  process.exit(over ? 1 : 0);
}

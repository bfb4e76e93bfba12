/** The speed budgets of DESIGN.md, checked by `npm run bench`. */
export const BUDGETS = {
  /** p99 latency of the measured API route at a steady 500 requests/s. */
  apiP99Ms: 20,
  apiRate: 500,
  /**
   * The mixed load (bench/mixed.ts): this many simulated users together sending about apiRate
   * requests/s for this long, on each database, with no error, the record lists' p99 under
   * apiP99Ms and the uploads' p95 (end to end) under uploadMs.
   */
  loadUsers: 200,
  loadSeconds: 60,
  /** Kinfile's throughput as a share of a bare Fastify route serving the same bytes from memory. */
  apiThroughputRatio: 0.5,
  /**
   * JavaScript of the login route, and of any route, as a browser receives it: the build's brotli
   * copies (Chromium asks for br over http too). DESIGN.md's figures.
   */
  loginJsBytes: 130 * 1024,
  routeJsBytes: 250 * 1024,
  /** Lighthouse mobile scores (median of 3) of /login, /dashboard/personal-network and a record form. */
  lighthousePerformance: 95,
  lighthouseAccessibility: 100,
  /** Server time to check, encrypt and store a 5 MB upload (median and p95 of 20). */
  uploadMs: 150,
  /** p95 of GET /api/search on a file of 10,000 records, on each database. */
  searchP95Ms: 50,
  /** GET /api/binder?files=true of 500 records and 50 attached PDFs (median of 5, in-process). */
  binderMs: 5000,
  /** Resident memory of the idle server. */
  idleRssBytes: 150 * 1024 * 1024,
} as const;

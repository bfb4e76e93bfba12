import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drawnScreenFile, prerenderedFile, signedInFile } from "../../web/prerendered-pages.ts";
import { buildTestApp, type TestApp } from "../testing/test-app.ts";

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head></html>';
const ASSET = "console.log('kinfile')";

function fakeBuild(): string {
  const webDir = mkdtempSync(path.join(tmpdir(), "kinfile-web-"));
  mkdirSync(path.join(webDir, "assets"), { recursive: true });
  writeFileSync(path.join(webDir, "index.html"), INDEX);
  writeFileSync(path.join(webDir, "assets", "index-abc123.js"), ASSET);
  // What the build's compression step writes beside each asset (vite.config.ts).
  writeFileSync(path.join(webDir, "assets", "index-abc123.js.br"), brotliCompressSync(ASSET));
  writeFileSync(path.join(webDir, "assets", "index-abc123.js.gz"), gzipSync(ASSET));
  writeFileSync(path.join(webDir, "favicon.svg"), "<svg/>");
  writeFileSync(path.join(webDir, "manifest.webmanifest"), '{"name":"Kinfile"}');
  writeFileSync(path.join(webDir, "sw.js"), "self.addEventListener('fetch', () => {});");
  return webDir;
}

/**
 * The app serving webDir, for the tests of the describe block that calls it (webDir removed after):
 * the app itself once beforeAll has run.
 */
function serving(webDir: string): { readonly app: TestApp["app"] } {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp("sqlite", { config: { webDir } });
  });
  afterAll(async () => {
    await test.close();
    rmSync(webDir, { recursive: true, force: true });
  });
  return {
    get app() {
      return test.app;
    },
  };
}

describe("the built app", () => {
  const webDir = fakeBuild();
  const test = serving(webDir);

  it("serves hashed assets cached for a year", async () => {
    const response = await test.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(ASSET);
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends the build's brotli or gzip copy to a browser that accepts it, and the file to one that does not", async () => {
    const url = "/assets/index-abc123.js";
    const br = await test.app.inject({
      method: "GET",
      url,
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(String(br.headers.vary).toLowerCase()).toContain("accept-encoding");
    const gz = await test.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(ASSET);
    const plain = await test.app.inject({ method: "GET", url });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(ASSET);
  });

  it("compresses JSON answers above 1 KB, and leaves small ones as they are", async () => {
    const large = await test.app.inject({
      method: "GET",
      url: "/locales/en/catalog.json",
      headers: { "accept-encoding": "gzip" },
    });
    expect(large.statusCode).toBe(200);
    expect(large.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(large.rawPayload).toString())).toBeTypeOf("object");
    const small = await test.app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "accept-encoding": "gzip" },
    });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("serves other files to be revalidated", async () => {
    const response = await test.app.inject({ method: "GET", url: "/favicon.svg" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=0");
  });

  it("serves the installable app's manifest as a web app manifest", async () => {
    const response = await test.app.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(JSON.parse(response.body)).toEqual({ name: "Kinfile" });
  });

  it("serves the service worker to be fetched afresh on every update check", async () => {
    const response = await test.app.inject({ method: "GET", url: "/sw.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it.each([
    "/",
    "/login",
    "/dashboard",
    "/dashboard/personal-network/me",
    "/b2b",
    "/admin",
    "/signout",
    "/terms-of-use",
    "/data-protect-policy",
    "/accepted-share-request?approve=true&sign=abc",
    "/unsubscribe?accountId=1",
    "/implicit/callback",
    "/some/other/page",
  ])("answers index.html, never cached, for the app's page %s", async (url) => {
    const response = await test.app.inject({
      method: "GET",
      url,
      headers: { accept: "text/html,*/*;q=0.8" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("answers HEAD for pages too", async () => {
    const response = await test.app.inject({
      method: "HEAD",
      url: "/login",
      headers: { accept: "text/html" },
    });
    expect(response.statusCode).toBe(200);
  });

  it("answers a plain 404 for a missing asset or file", async () => {
    for (const url of ["/assets/index-gone.js", "/assets/nothing", "/robots.txt"]) {
      const response = await test.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    }
  });

  it("keeps paths from climbing out of the build folder", async () => {
    for (const url of [
      "/assets/../../package.json",
      "/assets/%2e%2e/%2e%2e/package.json",
      "/..%2fpackage.json",
    ]) {
      const response = await test.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain("kinfile");
    }
  });

  it("answers the JSON 404 for unknown /api paths, even from a browser", async () => {
    const response = await test.app.inject({
      method: "GET",
      url: "/api/nothing",
      headers: { accept: "text/html" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("not_found");
  });

  it("answers a plain 404 to a page request that does not want HTML", async () => {
    const response = await test.app.inject({
      method: "GET",
      url: "/dashboard",
      headers: { accept: "application/json" },
    });
    expect(response.statusCode).toBe(404);
  });

  it("sends the strict Content-Security-Policy and no HSTS over http", async () => {
    const response = await test.app.inject({
      method: "GET",
      url: "/login",
      headers: { accept: "text/html" },
    });
    expect(response.headers["content-security-policy"]).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self';connect-src 'self';frame-src 'self';manifest-src 'self';worker-src 'self';object-src 'none';base-uri 'self';frame-ancestors 'none';form-action 'self'",
    );
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("security headers", () => {
  it("add HSTS when PUBLIC_URL is https, and cover error responses", async () => {
    const test = await buildTestApp("sqlite", { config: { publicUrl: "https://kin.example.com" } });
    try {
      const response = await test.app.inject({ method: "GET", url: "/api/account/account" });
      expect(response.statusCode).toBe(401);
      expect(response.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
    } finally {
      await test.close();
    }
  });
});

describe("without a build", () => {
  it("explains in the browser's language how to build the app, with a 503", async () => {
    const test = await buildTestApp("sqlite");
    try {
      const response = await test.app.inject({
        method: "GET",
        url: "/dashboard",
        headers: { accept: "text/html", "accept-language": "fr" },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.body).toContain("npm run build");
      expect(response.body).toContain('lang="fr"');
      const api = await test.app.inject({ method: "GET", url: "/api/nothing" });
      expect(api.statusCode).toBe(404);
    } finally {
      await test.close();
    }
  });
});

describe("a build with the sign-in page drawn (web/prerender-plugin.ts)", () => {
  const webDir = fakeBuild();
  const drawn = (language: string) =>
    `<!doctype html><html lang="${language}"><body><div id="root"><form>${language}</form></div></body></html>`;
  mkdirSync(path.join(webDir, "prerendered"));
  for (const language of ["en", "fr"]) {
    const file = path.join(webDir, prerenderedFile("/login", language as "en" | "fr"));
    writeFileSync(file, drawn(language));
    writeFileSync(`${file}.br`, brotliCompressSync(drawn(language)));
  }
  const test = serving(webDir);

  it.each([
    ["fr-CA,fr;q=0.9,en;q=0.8", "fr"],
    ["de-DE,en;q=0.5,fr;q=0.4", "en"],
    [undefined, "en"],
  ])(
    "answers /login drawn, in the language Accept-Language %s ranks first",
    async (acceptLanguage, language) => {
      const response = await test.app.inject({
        method: "GET",
        url: "/login",
        headers: { accept: "text/html", ...(acceptLanguage ? { "accept-language": acceptLanguage } : {}) },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(drawn(language));
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(String(response.headers.vary).toLowerCase()).toContain("accept-language");
    },
  );

  it("sends its brotli copy to a browser that accepts it", async () => {
    const response = await test.app.inject({
      method: "GET",
      url: "/login",
      headers: { accept: "text/html", "accept-language": "fr", "accept-encoding": "br" },
    });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(drawn("fr"));
    expect(String(response.headers.vary).toLowerCase()).toMatch(/accept-language.*accept-encoding/);
  });

  it("answers index.html for /login with a query (the page drawn has none) and for every other page", async () => {
    for (const url of ["/login?email=a%40b.c", "/login?sessionEnded=1", "/register", "/"]) {
      const response = await test.app.inject({
        method: "GET",
        url,
        headers: { accept: "text/html", "accept-language": "fr" },
      });
      expect(response.body, url).toBe(INDEX);
    }
  });
});

describe("a build with the signed-in screens' pages (web/prerender-plugin.ts)", () => {
  const webDir = fakeBuild();
  const head = (screen: string, language: string) =>
    `<!doctype html><html><head><link rel="modulepreload" href="/assets/${screen}.js"><link rel="preload" as="fetch" href="/locales/${language}/common.json"></head></html>`;
  const DRAWN = {
    landing: "/dashboard",
    passportForm: "/dashboard/personaldata/passport/add",
  } as const;
  for (const language of ["en", "fr"] as const) {
    mkdirSync(path.dirname(path.join(webDir, signedInFile(language))), { recursive: true });
    writeFileSync(path.join(webDir, signedInFile(language)), head("other", language));
    for (const [screen, address] of Object.entries(DRAWN)) {
      const file = path.join(webDir, drawnScreenFile(address, language));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, head(screen, language));
    }
  }
  const test = serving(webDir);
  const page = (url: string, headers: Record<string, string>) =>
    test.app.inject({ method: "GET", url, headers: { accept: "text/html", ...headers } });

  it.each([
    ["/dashboard", "better-auth.session_token=abc", "fr", head("landing", "fr")],
    ["/dashboard/personal-network/me", "better-auth.session_token=abc", "fr", head("other", "fr")],
    [
      "/dashboard/personaldata/passport/add",
      "better-auth.session_token=abc",
      "fr",
      head("passportForm", "fr"),
    ],
    ["/dashboard?tab=1", "__Secure-better-auth.session_token=abc", "en", head("landing", "en")],
    [
      "/dashboard/passwordvault/password/add",
      "theme=dark; better-auth.session_token=abc",
      "en",
      head("other", "en"),
    ],
    ["/b2b", "better-auth.session_token=abc", "fr-CA", head("other", "fr")],
    ["/admin/products", "better-auth.session_token=abc", "en", head("other", "en")],
  ])(
    "answers %s with a session cookie with its page, drawn or not, in the language asked for",
    async (url, cookie, language, body) => {
      const response = await page(url, { cookie, "accept-language": language });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(body);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(String(response.headers.vary).toLowerCase()).toMatch(/accept-language.*cookie/);
    },
  );

  it("answers index.html without a session cookie, and for the pages outside the signed-in frame", async () => {
    for (const [url, cookie] of [
      ["/dashboard/personal-network", "theme=dark"],
      ["/dashboard", ""],
      ["/dashboards", "better-auth.session_token=abc"],
      ["/register", "better-auth.session_token=abc"],
      ["/", "better-auth.session_token=abc"],
    ] as const) {
      const response = await page(url, cookie ? { cookie } : {});
      expect(response.body, url).toBe(INDEX);
    }
  });
});

import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { languageFromHeader } from "../../domain/catalog/languages.ts";
import { prerenderedPages, signedInPages } from "../../web/built-pages.ts";
import { SIGNED_IN_FRAME } from "../../web/prerendered-pages.ts";
import { readCookie, sessionCookieName } from "../auth/session-cookie.ts";
import { AppError } from "../errors/app-error.ts";
import type { LocaleStore } from "../i18n/locale-store.ts";
import { requestLanguage } from "../i18n/request-language.ts";

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** Vite puts every hashed, content-addressed file here. */
const ASSETS_PREFIX = "/assets/";

/**
 * The installable app's service worker (vite.config.ts, vite-plugin-pwa): the browser must ask
 * for it afresh on every check, or a fixed release would wait for a stale copy to expire.
 */
const SERVICE_WORKER = "/sw.js";

function pathOf(request: FastifyRequest): string {
  return request.url.split("?", 1)[0] ?? "/";
}

function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

function looksLikeFile(pathname: string): boolean {
  return pathname.startsWith(ASSETS_PREFIX) || path.posix.basename(pathname).includes(".");
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return accept === undefined || accept.includes("text/html") || accept.includes("*/*");
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Whether a page request gets a signed-in index.html: an address under the signed-in frame from a
 * browser holding a session cookie (valid or not: a stale one costs the frame's files ahead, or a
 * drawn screen before the sign-in page, no more). Nothing in them depends on who asks.
 */
function isSignedInPage(request: FastifyRequest, pathname: string): boolean {
  const framed = SIGNED_IN_FRAME.prefixes.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
  if (!framed) return false;
  const cookies = request.headers.cookie;
  return [false, true].some((secure) => readCookie(cookies, sessionCookieName(secure)));
}

function notBuiltPage(locales: LocaleStore, request: FastifyRequest, reply: FastifyReply) {
  const language = requestLanguage(request);
  const title = escapeHtml(locales.translate(language, "errors:web_not_built.title"));
  const body = escapeHtml(locales.translate(language, "errors:web_not_built.body"));
  return reply
    .code(503)
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${title}</title></head>` +
        `<body><h1>${title}</h1><p>${body}</p></body></html>`,
    );
}

/**
 * Serves the built single-page app from webDir: hashed assets cached for a year, index.html and
 * the service worker revalidated on every load, the web app manifest as application/manifest+json, and index.html again for any page address the app routes itself
 * (/login, /dashboard/..., /b2b, ...) so deep links and reloads work. A page the build drew
 * (/login) goes drawn instead, in the language Accept-Language ranks first, as the app would pick
 * it; with a query string it goes as index.html, since the page drawn is the address's bare form
 * (a prefilled address, a notice). Unknown /api paths answer
 * the JSON 404 and missing files a plain 404. Without a build, pages explain how to make one.
 */
export async function webRoutes(
  app: FastifyInstance,
  options: { webDir: string; locales: LocaleStore },
): Promise<void> {
  const { webDir, locales } = options;
  const built = existsSync(path.join(webDir, "index.html"));
  const prerendered = built ? prerenderedPages(webDir) : new Map();
  const signedIn = built ? signedInPages(webDir) : null;
  if (built) {
    // The build's .br and .gz copies (vite.config.ts) go to browsers that accept them.
    await app.register(fastifyStatic, { root: webDir, serve: false, index: false, preCompressed: true });
  }

  app.get("/*", { config: { access: "anonymous" } }, async (request, reply) => {
    const pathname = pathOf(request);
    if (isApiPath(pathname)) throw new AppError("not_found");
    if (!built) return notBuiltPage(locales, request, reply);
    if (looksLikeFile(pathname)) {
      const hashed = pathname.startsWith(ASSETS_PREFIX);
      // Never let a crafted path climb out of webDir, however it is encoded.
      if (/(^|\/|%2f|\\|%5c)(\.|%2e){2}($|\/|%2f|\\|%5c)/i.test(pathname)) return reply.callNotFound();
      if (pathname === SERVICE_WORKER) {
        reply.header("cache-control", "no-cache");
        return reply.sendFile(pathname, { cacheControl: false });
      }
      return reply.sendFile(pathname, hashed ? { maxAge: ONE_YEAR_MS, immutable: true } : { maxAge: 0 });
    }
    if (!acceptsHtml(request)) return reply.callNotFound();
    reply.header("cache-control", "no-cache");
    const drawn = request.url === pathname ? prerendered.get(pathname) : undefined;
    if (drawn) {
      reply.header("vary", "accept-language");
      return reply.sendFile(drawn[languageFromHeader(request.headers["accept-language"])], {
        cacheControl: false,
      });
    }
    if (signedIn && isSignedInPage(request, pathname)) {
      reply.header("vary", "accept-language, cookie");
      const files = signedIn.drawn.get(pathname) ?? signedIn.other;
      return reply.sendFile(files[languageFromHeader(request.headers["accept-language"])], {
        cacheControl: false,
      });
    }
    return reply.sendFile("index.html", { cacheControl: false });
  });
}

import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../errors/app-error.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * A GET that changes something (the spec's unsubscribe and B2B deactivate calls): refused, like
     * every other write, when a browser says it comes from another site.
     */
    changesState?: boolean;
  }
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** True for a request that may change something: any method but a read's, or a GET that says it does. */
export function isWrite(request: FastifyRequest): boolean {
  return !READS.has(request.method) || request.routeOptions.config.changesState === true;
}

/** What a browser sends with a request it made for a page of this site (or typed by the user). */
const OWN_SITE = new Set(["same-origin", "none"]);

/** True when the browser says, by either header, that the request comes from a page of another site. */
function comesFromAnotherSite(request: FastifyRequest, ownOrigin: string): boolean {
  const origin = request.headers.origin;
  const site = request.headers["sec-fetch-site"];
  return (origin !== undefined && origin !== ownOrigin) || (site !== undefined && !OWN_SITE.has(site));
}

/**
 * Writes from another site are refused with 403 on every route, whatever its cookies say: SameSite=Lax
 * alone lets a sibling subdomain or an old browser through. A browser names the page's origin in
 * `Origin` on every non-GET request (and `Sec-Fetch-Site` on all of them); a request with neither
 * comes from no browser page (Stripe's webhooks, a mail client's one-click unsubscribe, curl) and
 * carries no ambient authority worth forging, so it goes on to the route's own checks.
 */
export function refuseCrossSiteWrites(app: FastifyInstance, options: { publicUrl: string }): void {
  const ownOrigin = new URL(options.publicUrl).origin;
  // A callback, not async: it runs on every request, and a promise each time costs (app.ts).
  app.addHook("onRequest", (request, _reply, done) => {
    if (isWrite(request) && comesFromAnotherSite(request, ownOrigin)) {
      done(new AppError("forbidden", { message: "errors:messages.cross_site" }));
      return;
    }
    done();
  });
}

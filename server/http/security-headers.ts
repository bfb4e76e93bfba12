import helmet from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";
import type { BillingMode } from "../../domain/schemas/subscription.ts";

/**
 * What Stripe's Payment Element needs (Stripe's documented policy for Stripe.js): its script, its
 * frames (the card fields and 3-D Secure) and its API. Allowed only when billing is Stripe.
 */
const STRIPE_SOURCES = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
  img: ["https://*.stripe.com"],
};

type HelmetOptions = Parameters<typeof helmet>[1];

/**
 * The headers helmet sets with these options, read once from an answer of a throwaway app (those
 * a bare app does not send): @fastify/helmet would build helmet's middleware again, CSP parsing
 * included, for every request, a large part of a cached list's cost.
 */
async function helmetHeaders(options: HelmetOptions): Promise<[string, string][]> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify({ logger: false });
    if (withHelmet) await probe.register(helmet, options);
    probe.get("/", async () => "");
    const response = await probe.inject("/");
    await probe.close();
    return response.headers;
  };
  const bare = await answer(false);
  return Object.entries(await answer(true)).flatMap(([name, value]) =>
    name in bare || value === undefined ? [] : [[name, String(value)] as [string, string]],
  );
}

/**
 * Security headers on every response. The policy is the strictest the built SPA runs under: its
 * scripts are files from this origin (no inline script), while Mantine sets inline style
 * attributes and injects its CSS variables, hence 'unsafe-inline' for styles only. Set on the raw
 * response at the request's start, as helmet sets them: an answer's own header (a download's
 * stricter policy) replaces one, a refusal carries them all.
 */
export async function securityHeaders(
  app: FastifyInstance,
  options: { publicUrl: string; billing: BillingMode },
): Promise<void> {
  const https = options.publicUrl.startsWith("https:");
  const stripe = options.billing === "stripe";
  const plus = (own: string[], more: string[]) => (stripe ? [...own, ...more] : own);
  const headers = await helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: plus(["'self'"], STRIPE_SOURCES.script),
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: plus(["'self'", "data:", "blob:"], STRIPE_SOURCES.img),
        fontSrc: ["'self'"],
        connectSrc: plus(["'self'"], STRIPE_SOURCES.connect),
        frameSrc: plus(["'self'"], STRIPE_SOURCES.frame),
        // The installable app: its manifest and its service worker (/sw.js), from this origin only.
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    // Over plain http (a local install) HSTS would be ignored at best and pin a wrong scheme at worst.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook("onRequest", (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

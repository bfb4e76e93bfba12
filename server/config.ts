import { tmpdir } from "node:os";
import path from "node:path";
import { z } from "zod";
import { ARCHIVE_LIMITS, type ArchiveLimits } from "../domain/limits.ts";
import { BILLING_MODES } from "../domain/schemas/subscription.ts";
import { isMasterKeyText } from "./crypto/master-key-text.ts";
import { DEFAULT_MAIL_FROM } from "./mail/transport.ts";

/** Defined (true) in the bundle only, by rolldown.server.config.ts. */
declare const KINFILE_BUNDLE: boolean;

/**
 * The files the server reads at run time. The bundle finds them beside itself in dist/ (the web
 * app, its copy of the translations, the fonts the build copies), as a deployment holds them; the
 * TypeScript sources find them in the repository.
 */
const SHIPPED_FILES =
  typeof KINFILE_BUNDLE === "undefined"
    ? {
        webDir: path.join(import.meta.dirname, "..", "dist", "web"),
        localesDir: path.join(import.meta.dirname, "..", "public", "locales"),
        fontsDir: path.join(import.meta.dirname, "modules", "binder", "fonts"),
      }
    : {
        webDir: path.join(import.meta.dirname, "web"),
        localesDir: path.join(import.meta.dirname, "web", "locales"),
        fontsDir: path.join(import.meta.dirname, "fonts"),
      };

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

export type LogLevel = (typeof LOG_LEVELS)[number];
export type NodeEnv = "development" | "production" | "test";

export type Config = {
  port: number;
  host: string;
  /**
   * TRUST_PROXY: the reverse proxies in front (a number of hops, or their addresses and CIDR
   * ranges), whose X-Forwarded-For names the client: the rate limits then count each client, not
   * the proxy. Unset: the socket's address is the client's.
   */
  trustProxy?: number | string[];
  /** The address users reach Kinfile at: used in emailed links and as the trusted origin. No trailing slash. */
  publicUrl: string;
  dataDir: string;
  /** Set for PostgreSQL; unset means the embedded SQLite database in dataDir. */
  databaseUrl?: string;
  nodeEnv: NodeEnv;
  logLevel: LogLevel;
  /** The built SPA (vite build output). */
  webDir: string;
  /** Translations served at /locales/{lng}/{ns}.json and used for server messages. */
  localesDir: string;
  /** The fonts the server embeds in the PDFs it makes (the emergency binder), shipped with the app. */
  fontsDir: string;
  /**
   * Signs session cookies and tokens (AUTH_SECRET). Unset: generated once into DATA_DIR/auth-secret
   * (server/auth/secret.ts), which must then be backed up with the data.
   */
  authSecret?: string;
  /** How long a session lasts without use (SESSION_TTL_SECONDS, 8 hours by default). */
  sessionTtlSeconds: number;
  /**
   * BILLING: "off" (default), a copy that needs no subscription (every verified account is a
   * subscriber); "stripe", sold through Stripe with the STRIPE_* settings.
   */
  billing: BillingConfig;
  /** The external OpenID Connect provider, when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are all set. */
  oidc?: { issuer: string; clientId: string; clientSecret: string };
  /**
   * Attempts allowed per client on sign-in, sign-up, password reset, verification resend and
   * two-factor checks within the window (AUTH_RATE_LIMIT_MAX, AUTH_RATE_LIMIT_WINDOW_SECONDS).
   */
  authRateLimit: { max: number; windowMs: number };
  /** Files one account may upload within the window (UPLOAD_RATE_LIMIT_MAX, UPLOAD_RATE_LIMIT_WINDOW_SECONDS). */
  uploadRateLimit: { max: number; windowMs: number };
  /**
   * Imports of a whole file one account may start within the window (IMPORT_RATE_LIMIT_MAX,
   * IMPORT_RATE_LIMIT_WINDOW_SECONDS): one succeeds per account, the rest are retries.
   */
  importRateLimit: { max: number; windowMs: number };
  /** Where an import's archive is kept while it is read: the system's temporary folder (TMPDIR). */
  tempDir: string;
  /** What an imported archive may hold (ARCHIVE_LIMITS; tests narrow it). */
  archiveLimits: ArchiveLimits;
  /**
   * Wraps every account's data key (KINFILE_MASTER_KEY, 32 bytes in base64). Unset: generated once
   * into DATA_DIR/master-key (server/crypto/master-keys.ts), which must then be backed up apart from the data.
   */
  masterKey?: string;
  /** The master key a rotation moves to (NEW_KINFILE_MASTER_KEY): read beside masterKey while it runs. */
  newMasterKey?: string;
  /** Outgoing mail server (SMTP_URL); unset keeps every mail as an .eml file in DATA_DIR/mail. */
  smtpUrl?: string;
  /** The sender of every mail (MAIL_FROM). */
  mailFrom: string;
  /**
   * Where uploaded files live, always encrypted (BLOB_STORE): "filesystem" under DATA_DIR/blobs
   * (default), or "database" rows, for several app servers sharing one PostgreSQL.
   */
  blobStore: BlobStoreKind;
};

export type StripeConfig = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /**
   * Where the SDK sends its calls (STRIPE_API_HOST, STRIPE_API_PORT, STRIPE_API_PROTOCOL); unset is
   * Stripe itself. Tests point it at a local server that speaks the few endpoints used.
   */
  api?: { host: string; port: number; protocol: "http" | "https" };
};

export type BillingConfig = { mode: "off" } | ({ mode: "stripe" } & StripeConfig);

const BLOB_STORES = ["filesystem", "database"] as const;
export type BlobStoreKind = (typeof BLOB_STORES)[number];

/** A mistake in the environment; its message is one line that says what is wrong and how to fix it. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

type Env = Record<string, string | undefined>;

/** Empty variables count as unset, as shells and .env files often leave them empty. */
const unset = (value: string | undefined) =>
  value === undefined || value.trim() === "" ? undefined : value.trim();

function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(unset, schema.optional());
}

function choice<T extends string>(name: string, choices: readonly [T, ...T[]], fallback: T) {
  return optional(
    z.enum(choices, {
      error: (issue) =>
        `${name} must be one of ${choices.join(", ")}, got "${String(issue.input)}"; unset it for ${fallback}.`,
    }),
  ).transform((value) => value ?? fallback);
}

const portSchema = optional(
  z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(1).max(65_535)),
);

const publicUrlSchema = optional(
  z.url({ protocol: /^https?$/, abort: true }).refine((raw) => {
    const url = new URL(raw);
    return url.pathname === "/" && url.search === "" && url.hash === "" && url.username === "";
  }),
);

/** Never echoes the value: a database address usually holds a password. */
const databaseUrlSchema = optional(
  z.url({
    protocol: /^postgres(ql)?$/,
    hostname: /.+/,
    error: () =>
      "DATABASE_URL must be a PostgreSQL address such as postgres://user:password@host:5432/kinfile; unset it to use the embedded SQLite database.",
  }),
);

const positiveInt = (name: string, example: number) =>
  optional(
    z
      .string()
      .regex(/^\d+$/, {
        error: (issue) => `${name} must be a whole number such as ${example}, got "${String(issue.input)}".`,
      })
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(1, { error: `${name} must be at least 1.` }),
      ),
  );

/** Never echoes the value: it is the key to every secret. */
const masterKeySchema = (name: string, otherwise: string) =>
  optional(
    z.string().refine(isMasterKeyText, {
      error: `${name} must be 32 random bytes in base64 (for example the output of: openssl rand -base64 32); ${otherwise}.`,
    }),
  );

const envSchema = z.object({
  PORT: portSchema,
  HOST: optional(
    z.string().regex(/^[^\s/]+$/, {
      error: (issue) =>
        `HOST must be a host name or IP address such as 0.0.0.0 or 127.0.0.1, got "${String(issue.input)}"; unset it to listen on localhost.`,
    }),
  ),
  PUBLIC_URL: publicUrlSchema,
  TRUST_PROXY: optional(
    z
      .string()
      .regex(/^(\d{1,2}|[0-9A-Fa-f:./]+(,[0-9A-Fa-f:./]+)*)$/, {
        error: (issue) =>
          `TRUST_PROXY must be the number of proxies in front (such as 1) or their addresses (such as 10.0.0.0/8,127.0.0.1), got "${String(issue.input)}"; unset it when clients connect directly.`,
      })
      .transform((value) => (/^\d+$/.test(value) ? Number(value) : value.split(","))),
  ),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: databaseUrlSchema,
  NODE_ENV: choice("NODE_ENV", ["development", "production", "test"], "production"),
  LOG_LEVEL: choice("LOG_LEVEL", LOG_LEVELS, "info"),
  AUTH_SECRET: optional(
    z.string().min(32, {
      error:
        "AUTH_SECRET must be at least 32 characters (for example the output of: openssl rand -base64 32); unset it to generate one in DATA_DIR.",
    }),
  ),
  SESSION_TTL_SECONDS: positiveInt("SESSION_TTL_SECONDS", 28_800),
  BILLING: choice("BILLING", BILLING_MODES, "off"),
  STRIPE_SECRET_KEY: optional(
    z.string().regex(/^(sk|rk)_/, {
      error: "STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_... or sk_test_...).",
    }),
  ),
  STRIPE_PUBLISHABLE_KEY: optional(
    z.string().regex(/^pk_/, {
      error: "STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_live_... or pk_test_...).",
    }),
  ),
  STRIPE_WEBHOOK_SECRET: optional(
    z.string().regex(/^whsec_/, {
      error: "STRIPE_WEBHOOK_SECRET must be the webhook endpoint's signing secret (whsec_...).",
    }),
  ),
  STRIPE_API_HOST: optional(
    z.string().regex(/^[^\s/:]+$/, { error: "STRIPE_API_HOST must be a host name such as localhost." }),
  ),
  STRIPE_API_PORT: portSchema,
  STRIPE_API_PROTOCOL: choice("STRIPE_API_PROTOCOL", ["http", "https"], "https"),
  OIDC_ISSUER: optional(
    z.url({
      protocol: /^https?$/,
      error: (issue) =>
        `OIDC_ISSUER must be the provider's issuer address such as https://id.example.com, got "${String(issue.input)}".`,
    }),
  ),
  OIDC_CLIENT_ID: optional(z.string()),
  OIDC_CLIENT_SECRET: optional(z.string()),
  AUTH_RATE_LIMIT_MAX: positiveInt("AUTH_RATE_LIMIT_MAX", 10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt("AUTH_RATE_LIMIT_WINDOW_SECONDS", 60),
  UPLOAD_RATE_LIMIT_MAX: positiveInt("UPLOAD_RATE_LIMIT_MAX", 60),
  UPLOAD_RATE_LIMIT_WINDOW_SECONDS: positiveInt("UPLOAD_RATE_LIMIT_WINDOW_SECONDS", 60),
  IMPORT_RATE_LIMIT_MAX: positiveInt("IMPORT_RATE_LIMIT_MAX", 10),
  IMPORT_RATE_LIMIT_WINDOW_SECONDS: positiveInt("IMPORT_RATE_LIMIT_WINDOW_SECONDS", 3600),
  SMTP_URL: optional(
    z.url({
      protocol: /^smtps?$/,
      error: () =>
        "SMTP_URL must be an address such as smtp://user:password@mail.example.com:587 or smtps://user:password@mail.example.com:465; unset it to keep mail as files in DATA_DIR/mail.",
    }),
  ),
  MAIL_FROM: optional(z.string()),
  BLOB_STORE: choice("BLOB_STORE", BLOB_STORES, "filesystem"),
  KINFILE_MASTER_KEY: masterKeySchema(
    "KINFILE_MASTER_KEY",
    "unset it to keep a generated key in DATA_DIR/master-key",
  ),
  NEW_KINFILE_MASTER_KEY: masterKeySchema(
    "NEW_KINFILE_MASTER_KEY",
    "unset it to let rotate-keys generate one",
  ),
});

const OIDC_VARIABLES = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const;

/** Variables whose several possible zod issues all deserve the same sentence. */
const FIXED_MESSAGES: Record<string, (input: string) => string> = {
  PORT: (input) => `PORT must be a whole number from 1 to 65535, got "${input}"; set PORT=3000 or unset it.`,
  PUBLIC_URL: (input) =>
    `PUBLIC_URL must be the address users open, such as https://kinfile.example.com (http or https, no path), got "${input}".`,
};

const STRIPE_VARIABLES = ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"] as const;

function billingConfig(vars: z.infer<typeof envSchema>): BillingConfig {
  if (vars.BILLING === "off") return { mode: "off" };
  const missing = STRIPE_VARIABLES.filter((name) => vars[name] === undefined);
  if (missing.length > 0) {
    throw new ConfigError(
      `BILLING=stripe needs ${missing.join(", ")}: copy them from the Stripe dashboard (Developers > API keys, and the webhook endpoint's signing secret), or set BILLING=off.`,
    );
  }
  const config: BillingConfig = {
    mode: "stripe",
    secretKey: vars.STRIPE_SECRET_KEY as string,
    publishableKey: vars.STRIPE_PUBLISHABLE_KEY as string,
    webhookSecret: vars.STRIPE_WEBHOOK_SECRET as string,
  };
  if (vars.STRIPE_API_HOST !== undefined) {
    config.api = {
      host: vars.STRIPE_API_HOST,
      port: vars.STRIPE_API_PORT ?? (vars.STRIPE_API_PROTOCOL === "http" ? 80 : 443),
      protocol: vars.STRIPE_API_PROTOCOL,
    };
  }
  return config;
}

/**
 * Reads and checks the environment. Defaults suit a local install: port 3000 on localhost, the
 * data in ./data, the embedded SQLite database, production behaviour unless NODE_ENV says otherwise.
 * Throws a ConfigError naming every mistake in one line.
 */
export function loadConfig(env: Env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const messages = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      if (messages.has(name)) continue;
      const fixed = FIXED_MESSAGES[name];
      messages.set(name, fixed ? fixed(String(unset(env[name]))) : issue.message);
    }
    throw new ConfigError([...messages.values()].join(" "));
  }
  const vars = parsed.data;
  const oidcSet = OIDC_VARIABLES.filter((name) => vars[name] !== undefined);
  if (oidcSet.length > 0 && oidcSet.length < OIDC_VARIABLES.length) {
    const missing = OIDC_VARIABLES.filter((name) => vars[name] === undefined);
    throw new ConfigError(
      `${missing.join(" and ")} must be set too to sign in through an OpenID Connect provider; set all of ${OIDC_VARIABLES.join(", ")} or none.`,
    );
  }
  const port = vars.PORT ?? 3000;
  const config: Config = {
    port,
    host: vars.HOST ?? "localhost",
    publicUrl: vars.PUBLIC_URL === undefined ? `http://localhost:${port}` : new URL(vars.PUBLIC_URL).origin,
    dataDir: path.resolve(vars.DATA_DIR ?? "data"),
    nodeEnv: vars.NODE_ENV,
    logLevel: vars.LOG_LEVEL,
    ...SHIPPED_FILES,
    sessionTtlSeconds: vars.SESSION_TTL_SECONDS ?? 8 * 60 * 60,
    billing: billingConfig(vars),
    authRateLimit: {
      max: vars.AUTH_RATE_LIMIT_MAX ?? 10,
      windowMs: (vars.AUTH_RATE_LIMIT_WINDOW_SECONDS ?? 60) * 1000,
    },
    uploadRateLimit: {
      max: vars.UPLOAD_RATE_LIMIT_MAX ?? 60,
      windowMs: (vars.UPLOAD_RATE_LIMIT_WINDOW_SECONDS ?? 60) * 1000,
    },
    importRateLimit: {
      max: vars.IMPORT_RATE_LIMIT_MAX ?? 10,
      windowMs: (vars.IMPORT_RATE_LIMIT_WINDOW_SECONDS ?? 3600) * 1000,
    },
    tempDir: tmpdir(),
    archiveLimits: ARCHIVE_LIMITS,
    mailFrom: vars.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    blobStore: vars.BLOB_STORE,
  };
  if (vars.SMTP_URL !== undefined) config.smtpUrl = vars.SMTP_URL;
  if (vars.TRUST_PROXY !== undefined) config.trustProxy = vars.TRUST_PROXY;
  if (vars.DATABASE_URL !== undefined) config.databaseUrl = vars.DATABASE_URL;
  if (vars.AUTH_SECRET !== undefined) config.authSecret = vars.AUTH_SECRET;
  if (vars.KINFILE_MASTER_KEY !== undefined) config.masterKey = vars.KINFILE_MASTER_KEY;
  if (vars.NEW_KINFILE_MASTER_KEY !== undefined) config.newMasterKey = vars.NEW_KINFILE_MASTER_KEY;
  if (
    vars.OIDC_ISSUER !== undefined &&
    vars.OIDC_CLIENT_ID !== undefined &&
    vars.OIDC_CLIENT_SECRET !== undefined
  ) {
    config.oidc = {
      issuer: vars.OIDC_ISSUER.replace(/\/+$/, ""),
      clientId: vars.OIDC_CLIENT_ID,
      clientSecret: vars.OIDC_CLIENT_SECRET,
    };
  }
  return config;
}

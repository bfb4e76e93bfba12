import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

function mistake(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error("expected a ConfigError");
}

describe("loadConfig", () => {
  it("defaults to a local install on port 3000 with SQLite in ./data", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "localhost",
      publicUrl: "http://localhost:3000",
      dataDir: path.resolve("data"),
      nodeEnv: "production",
      logLevel: "info",
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.webDir.endsWith(path.join("dist", "web"))).toBe(true);
    expect(config.localesDir.endsWith(path.join("public", "locales"))).toBe(true);
  });

  it("reads every variable and derives PUBLIC_URL from PORT", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "0.0.0.0",
      DATA_DIR: "/srv/kinfile",
      DATABASE_URL: "postgres://kin:secret@db:5432/kinfile",
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "0.0.0.0",
      publicUrl: "http://localhost:8080",
      dataDir: "/srv/kinfile",
      databaseUrl: "postgres://kin:secret@db:5432/kinfile",
      nodeEnv: "test",
      logLevel: "warn",
    });
  });

  it("keeps only the origin of PUBLIC_URL and treats empty variables as unset", () => {
    const config = loadConfig({ PUBLIC_URL: "https://kin.example.com/", PORT: "", DATABASE_URL: " " });
    expect(config.publicUrl).toBe("https://kin.example.com");
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: "abc" }, 'PORT must be a whole number from 1 to 65535, got "abc"; set PORT=3000 or unset it.'],
    [
      { PORT: "70000" },
      'PORT must be a whole number from 1 to 65535, got "70000"; set PORT=3000 or unset it.',
    ],
    [{ PORT: "0" }, 'PORT must be a whole number from 1 to 65535, got "0"; set PORT=3000 or unset it.'],
    [
      { HOST: "local host" },
      'HOST must be a host name or IP address such as 0.0.0.0 or 127.0.0.1, got "local host"; unset it to listen on localhost.',
    ],
    [
      { PUBLIC_URL: "kinfile.example.com" },
      'PUBLIC_URL must be the address users open, such as https://kinfile.example.com (http or https, no path), got "kinfile.example.com".',
    ],
    [
      { PUBLIC_URL: "ftp://kinfile.example.com" },
      'PUBLIC_URL must be the address users open, such as https://kinfile.example.com (http or https, no path), got "ftp://kinfile.example.com".',
    ],
    [
      { PUBLIC_URL: "https://example.com/kinfile" },
      'PUBLIC_URL must be the address users open, such as https://kinfile.example.com (http or https, no path), got "https://example.com/kinfile".',
    ],
    [
      { NODE_ENV: "staging" },
      'NODE_ENV must be one of development, production, test, got "staging"; unset it for production.',
    ],
    [
      { LOG_LEVEL: "loud" },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"; unset it for info.',
    ],
  ])("explains %j in one line", (env, message) => {
    expect(mistake(env)).toBe(message);
  });

  it.each(["mysql://kin:hunter2@db/kinfile", "not a url", "postgres://"])(
    "rejects DATABASE_URL %s without echoing it",
    (value) => {
      const message = mistake({ DATABASE_URL: value });
      expect(message).toBe(
        "DATABASE_URL must be a PostgreSQL address such as postgres://user:password@host:5432/kinfile; unset it to use the embedded SQLite database.",
      );
      expect(message).not.toContain("hunter2");
    },
  );

  it("names every mistake at once, still on one line", () => {
    const message = mistake({ PORT: "x", NODE_ENV: "staging" });
    expect(message).toContain("PORT must be");
    expect(message).toContain("NODE_ENV must be");
    expect(message).not.toContain("\n");
  });

  it("reads the identity settings, with 8-hour sessions and billing off by default", () => {
    expect(loadConfig({})).toMatchObject({
      sessionTtlSeconds: 28_800,
      billing: { mode: "off" },
      authRateLimit: { max: 10, windowMs: 60_000 },
    });
    expect(loadConfig({}).oidc).toBeUndefined();
    const config = loadConfig({
      AUTH_SECRET: "s".repeat(40),
      SESSION_TTL_SECONDS: "600",
      OIDC_ISSUER: "https://id.example.com/",
      OIDC_CLIENT_ID: "kinfile",
      OIDC_CLIENT_SECRET: "shh",
      AUTH_RATE_LIMIT_MAX: "3",
      AUTH_RATE_LIMIT_WINDOW_SECONDS: "30",
    });
    expect(config).toMatchObject({
      authSecret: "s".repeat(40),
      sessionTtlSeconds: 600,
      oidc: { issuer: "https://id.example.com", clientId: "kinfile", clientSecret: "shh" },
      authRateLimit: { max: 3, windowMs: 30_000 },
    });
  });

  it("refuses a short AUTH_SECRET without echoing it, and a half-configured OIDC provider", () => {
    const short = mistake({ AUTH_SECRET: "tiny-secret" });
    expect(short).toContain("AUTH_SECRET must be at least 32 characters");
    expect(short).not.toContain("tiny-secret");
    expect(mistake({ OIDC_ISSUER: "https://id.example.com" })).toBe(
      "OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set too to sign in through an OpenID Connect provider; set all of OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET or none.",
    );
    expect(mistake({ SESSION_TTL_SECONDS: "0" })).toContain("SESSION_TTL_SECONDS must be at least 1");
  });

  it("needs every Stripe setting with BILLING=stripe, names what is missing, and reads the API address", () => {
    expect(mistake({ BILLING: "paypal" })).toContain("BILLING must be one of off, stripe");
    expect(mistake({ BILLING: "stripe", STRIPE_SECRET_KEY: "sk_test_1" })).toBe(
      "BILLING=stripe needs STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: copy them from the Stripe dashboard (Developers > API keys, and the webhook endpoint's signing secret), or set BILLING=off.",
    );
    const wrong = mistake({ STRIPE_SECRET_KEY: "pk_test_oops" });
    expect(wrong).toContain("STRIPE_SECRET_KEY must be a Stripe secret key");
    expect(wrong).not.toContain("oops");
    const stripe = {
      BILLING: "stripe",
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_PUBLISHABLE_KEY: "pk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
    };
    expect(loadConfig(stripe).billing).toEqual({
      mode: "stripe",
      secretKey: "sk_test_1",
      publishableKey: "pk_test_1",
      webhookSecret: "whsec_1",
    });
    expect(
      loadConfig({
        ...stripe,
        STRIPE_API_HOST: "localhost",
        STRIPE_API_PORT: "12111",
        STRIPE_API_PROTOCOL: "http",
      }).billing,
    ).toMatchObject({ api: { host: "localhost", port: 12111, protocol: "http" } });
  });

  it("reads the mail settings and refuses an SMTP_URL that is not an SMTP address, without echoing it", () => {
    expect(loadConfig({})).toMatchObject({ mailFrom: "Kinfile <no-reply@localhost>" });
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    expect(
      loadConfig({ SMTP_URL: "smtps://kin:pw@mail.example.com:465", MAIL_FROM: "Kinfile <kin@example.com>" }),
    ).toMatchObject({
      smtpUrl: "smtps://kin:pw@mail.example.com:465",
      mailFrom: "Kinfile <kin@example.com>",
    });
    const message = mistake({ SMTP_URL: "https://user:hunter2@mail.example.com" });
    expect(message).toContain("SMTP_URL must be an address such as smtp://");
    expect(message).not.toContain("hunter2");
  });

  it("keeps uploaded files on the filesystem unless BLOB_STORE says database", () => {
    expect(loadConfig({}).blobStore).toBe("filesystem");
    expect(loadConfig({ BLOB_STORE: "database" }).blobStore).toBe("database");
    expect(mistake({ BLOB_STORE: "s3" })).toBe(
      'BLOB_STORE must be one of filesystem, database, got "s3"; unset it for filesystem.',
    );
  });
});

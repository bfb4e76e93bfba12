import type { FastifyInstance } from "fastify";

/** One stored cookie: a browser sends it to its host on paths under its path. */
type StoredCookie = { name: string; value: string; host: string; path: string };

/** Answers requests for one origin without the network (an app under test through app.inject). */
export type OriginHandler = (request: Request) => Promise<Response>;

export type BrowserRequest = { method?: string; headers?: Record<string, string>; body?: string };

export type Navigation = { response: Response; url: string; visited: string[] };

function defaultPath(url: URL): string {
  const slash = url.pathname.lastIndexOf("/");
  return slash <= 0 ? "/" : url.pathname.slice(0, slash);
}

function pathMatches(cookiePath: string, requestPath: string): boolean {
  if (requestPath === cookiePath) return true;
  const prefix = cookiePath.endsWith("/") ? cookiePath : `${cookiePath}/`;
  return requestPath.startsWith(prefix);
}

/**
 * Just enough of a browser to follow a sign-in across sites: a cookie jar (host and path, expiry
 * by Max-Age=0 or a past Expires), redirects followed by hand so each hop's cookies are kept, and
 * per-origin handlers so the app under test can answer through app.inject while the identity
 * provider answers over real HTTP.
 */
export function createRedirectBrowser(options: { handlers?: Record<string, OriginHandler> } = {}) {
  const jar: StoredCookie[] = [];

  function store(url: URL, header: string) {
    const [pair = "", ...attributes] = header.split(";");
    const equals = pair.indexOf("=");
    if (equals <= 0) return;
    const cookie: StoredCookie = {
      name: pair.slice(0, equals).trim(),
      value: pair.slice(equals + 1).trim(),
      host: url.hostname,
      path: defaultPath(url),
    };
    let expired = false;
    for (const attribute of attributes) {
      const [key = "", value = ""] = attribute.split("=", 2).map((part) => part.trim());
      const name = key.toLowerCase();
      if (name === "path" && value.startsWith("/")) cookie.path = value;
      if (name === "max-age" && Number(value) <= 0) expired = true;
      if (name === "expires" && Date.parse(value) <= Date.now()) expired = true;
    }
    const index = jar.findIndex(
      (other) => other.name === cookie.name && other.host === cookie.host && other.path === cookie.path,
    );
    if (index >= 0) jar.splice(index, 1);
    if (!expired) jar.push(cookie);
  }

  function cookieHeader(url: URL): string | undefined {
    const cookies = jar
      .filter((cookie) => cookie.host === url.hostname && pathMatches(cookie.path, url.pathname))
      .sort((a, b) => b.path.length - a.path.length);
    return cookies.length === 0
      ? undefined
      : cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  }

  /** One request, no redirect followed; the response's cookies are stored. */
  async function request(target: string, init: BrowserRequest = {}): Promise<Response> {
    const url = new URL(target);
    const headers = new Headers(init.headers);
    const cookies = cookieHeader(url);
    if (cookies !== undefined) headers.set("cookie", cookies);
    const webRequest = new Request(url, {
      method: init.method ?? "GET",
      headers,
      redirect: "manual",
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    const handler = options.handlers?.[url.origin];
    const response = handler ? await handler(webRequest) : await fetch(webRequest);
    for (const header of response.headers.getSetCookie()) store(url, header);
    return response;
  }

  /**
   * Requests, then follows redirects as a browser does (GET after 301/302/303) until an answer
   * that is not a redirect or a URL for which `stopAt` says so (such as a callback on a site the
   * test does not serve).
   */
  async function navigate(
    target: string,
    init: BrowserRequest = {},
    navigation: { stopAt?: (url: URL) => boolean; maxRedirects?: number } = {},
  ): Promise<Navigation> {
    const visited = [target];
    let url = target;
    let response = await request(url, init);
    for (let hop = 0; hop < (navigation.maxRedirects ?? 20); hop += 1) {
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || location === null) break;
      url = new URL(location, url).href;
      visited.push(url);
      if (navigation.stopAt?.(new URL(url))) break;
      await response.body?.cancel();
      response = await request(url);
    }
    return { response, url, visited };
  }

  return {
    request,
    navigate,
    /** The value of a cookie the given site would receive at the given path. */
    cookie(site: string, name: string): string | undefined {
      const url = new URL(site);
      return jar.find(
        (cookie) =>
          cookie.name === name && cookie.host === url.hostname && pathMatches(cookie.path, url.pathname),
      )?.value;
    },
  };
}

/** Serves an origin's requests from a Fastify app through app.inject, as if it listened there. */
export function injectHandler(app: FastifyInstance): OriginHandler {
  return async (request) => {
    const url = new URL(request.url);
    const headers: Record<string, string> = { host: url.host };
    for (const [name, value] of request.headers) headers[name] = value;
    const body = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
    const reply = await app.inject({
      method: request.method as "GET",
      url: `${url.pathname}${url.search}`,
      headers,
      ...(body === undefined ? {} : { payload: body }),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(reply.headers)) {
      if (value === undefined) continue;
      for (const one of [value].flat()) responseHeaders.append(name, String(one));
    }
    const bodyless = [101, 204, 205, 304].includes(reply.statusCode);
    return new Response(bodyless ? null : new Uint8Array(reply.rawPayload), {
      status: reply.statusCode,
      headers: responseHeaders,
    });
  };
}

import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../../domain/catalog/languages.ts";

export type LocaleFile = { body: Buffer; etag: string };

type Messages = { [key: string]: string | Messages };

export type LocaleStore = {
  /** The raw file served at /locales/{lng}/{ns}.json, or undefined when there is none. */
  file(language: string, namespace: string): LocaleFile | undefined;
  /**
   * The message for key ("ns:dotted.path") in language, falling back to English, then to the key
   * itself; {{name}} is replaced from params.
   */
  translate(language: Language, key: string, params?: Record<string, unknown>): string;
};

const NAMESPACE_FILE = /^([a-z0-9][a-z0-9_-]*)\.json$/;

function lookup(messages: Messages | undefined, dottedPath: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of dottedPath.split(".")) {
    if (node === undefined || typeof node === "string" || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

function interpolate(message: string, params: Record<string, unknown>): string {
  return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * Loads the translations (config.localesDir) once at start: the files are small, served often, and change only with a
 * release (in development Vite serves them itself).
 */
export async function loadLocaleStore(localesDir: string): Promise<LocaleStore> {
  const files = new Map<string, LocaleFile>();
  const messages = new Map<string, Messages>();
  for (const language of LANGUAGES) {
    // A server without its translations would answer every message as a key: refuse to start instead.
    const names = await readdir(path.join(localesDir, language)).catch((error: Error) => {
      throw new Error(`the translations of ${language} are missing (${error.message}).`);
    });
    for (const name of names) {
      const namespace = NAMESPACE_FILE.exec(name)?.[1];
      if (namespace === undefined) continue;
      const file = path.join(localesDir, language, name);
      const body = await readFile(file);
      const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
      files.set(`${language}/${namespace}`, { body, etag });
      try {
        messages.set(`${language}/${namespace}`, JSON.parse(body.toString("utf8")) as Messages);
      } catch (error) {
        throw new Error(`the translation file ${file} is not valid JSON (${(error as Error).message}).`);
      }
    }
  }

  function find(language: Language, namespace: string, dottedPath: string): string | undefined {
    return lookup(messages.get(`${language}/${namespace}`), dottedPath);
  }

  return {
    file: (language, namespace) => files.get(`${language}/${namespace}`),
    translate(language, key, params = {}) {
      const colon = key.indexOf(":");
      const namespace = key.slice(0, colon);
      const dottedPath = key.slice(colon + 1);
      // A count picks its plural form (path_one, path_other), as i18next does in the app.
      const count = params.count;
      const paths =
        typeof count === "number"
          ? [
              `${dottedPath}_${new Intl.PluralRules(language).select(count)}`,
              `${dottedPath}_other`,
              dottedPath,
            ]
          : [dottedPath];
      const inLanguage = (lng: Language) =>
        paths.map((path) => find(lng, namespace, path)).find((found) => found !== undefined);
      const message = colon === -1 ? key : (inLanguage(language) ?? inLanguage(DEFAULT_LANGUAGE) ?? key);
      return interpolate(message, params);
    },
  };
}

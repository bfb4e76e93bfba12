import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../domain/catalog/languages.ts";

/**
 * Counts are worded through i18next's plural forms ("1 seat", "2 seats"), never one string for
 * every number ("1 seats"). These checks read every translation file of both languages.
 */

const LOCALES = join(import.meta.dirname, "../../public/locales");
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Strings whose number is not what they count: a compound adjective, a counter beside its limit. */
const COUNT_NOT_COUNTED = new Set([
  "account:guide.screens.welcome.body", // "a {{count}}-step guide"
  "documents:comments.counter", // "{{count}} / {{max}} characters": the limit is what is counted
]);

/**
 * Placeholders that are not counts (names, dates, sums), and limits fixed by configuration that are
 * never 1 (a password's minimum length, a payment term).
 */
const NOT_A_COUNT = new Set([
  "company",
  "date",
  "email",
  "field",
  "subject",
  "time",
  "name",
  "nominee",
  "owner",
  "release",
  "returnedChequeFeeGbp",
  "min",
  "max",
  "minimum",
  "maximum",
  "megapixels",
  "paymentDays",
  "recoveryAfterDays",
]);

type Entry = { key: string; text: string };

function entries(value: unknown, prefix: string): Entry[] {
  if (typeof value === "string") return [{ key: prefix, text: value }];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    entries(child, prefix.endsWith(":") ? `${prefix}${key}` : `${prefix}.${key}`),
  );
}

function translations(language: string): Entry[] {
  return readdirSync(join(LOCALES, language))
    .filter((file) => file.endsWith(".json"))
    .flatMap((file) =>
      entries(
        JSON.parse(readFileSync(join(LOCALES, language, file), "utf8")),
        `${file.replace(".json", "")}:`,
      ),
    );
}

describe.each(LANGUAGES)("the %s translations", (language) => {
  const all = translations(language);
  const keys = new Set(all.map((entry) => entry.key));
  // "too_many" is an error's name, not a plural: a plural form has its "other" beside it.
  const isPlural = (key: string) => PLURAL_SUFFIX.test(key) && keys.has(key.replace(PLURAL_SUFFIX, "_other"));

  it("word every {{count}} through plural forms", () => {
    const single = all.filter(
      ({ key, text }) => /{{\s*count\b/.test(text) && !isPlural(key) && !COUNT_NOT_COUNTED.has(key),
    );
    expect(single.map((entry) => entry.key)).toEqual([]);
  });

  it("give every plural both its one and other forms", () => {
    const bases = new Set(
      all.filter(({ key }) => /_(one|other)$/.test(key)).map(({ key }) => key.replace(PLURAL_SUFFIX, "")),
    );
    const missing = [...bases].flatMap((base) =>
      [`${base}_one`, `${base}_other`].filter((key) => !keys.has(key)),
    );
    expect(missing).toEqual([]);
  });

  it("put no number before a plural noun outside a plural", () => {
    const counted = all.filter(
      ({ key, text }) =>
        !isPlural(key) &&
        !COUNT_NOT_COUNTED.has(key) &&
        [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\} (\p{L}+)/gu)].some(
          ([, name = "", word = ""]) => !NOT_A_COUNT.has(name) && /[sx]$/.test(word) && word.length > 3,
        ),
    );
    expect(counted.map((entry) => entry.key)).toEqual([]);
  });

  it("say a count of one in the singular", async () => {
    const t = await i18n(language, all);
    const bases = [
      ...new Set(all.filter(({ key }) => key.endsWith("_one")).map(({ key }) => key.slice(0, -4))),
    ];
    const plural = bases
      .map((base) => t(base, { count: 1 }))
      .filter((text) => /\b1 \p{L}{2,}[^s]s\b/u.test(text));
    expect(plural).toEqual([]);
  });
});

/** An i18next instance holding these strings, to word them as the app does. */
async function i18n(language: string, all: Entry[]) {
  const resources: Record<string, Record<string, string>> = {};
  for (const { key, text } of all) {
    const [namespace = "", path = ""] = key.split(":");
    resources[namespace] = { ...resources[namespace], [path]: text };
  }
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { [language]: resources },
    keySeparator: false,
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

import { describe, expect, it } from "vitest";
import { SIGN_IN_EVENT_KINDS } from "../../domain/schemas/account.ts";
import enAccount from "../../public/locales/en/account.json" with { type: "json" };
import enAdmin from "../../public/locales/en/admin.json" with { type: "json" };
import enAuth from "../../public/locales/en/auth.json" with { type: "json" };
import enBilling from "../../public/locales/en/billing.json" with { type: "json" };
import enBinder from "../../public/locales/en/binder.json" with { type: "json" };
import enCollaborators from "../../public/locales/en/collaborators.json" with { type: "json" };
import enCommon from "../../public/locales/en/common.json" with { type: "json" };
import enCompany from "../../public/locales/en/company.json" with { type: "json" };
import enDocuments from "../../public/locales/en/documents.json" with { type: "json" };
import enExchange from "../../public/locales/en/exchange.json" with { type: "json" };
import enForms from "../../public/locales/en/forms.json" with { type: "json" };
import enHome from "../../public/locales/en/home.json" with { type: "json" };
import enLegal from "../../public/locales/en/legal.json" with { type: "json" };
import enNetwork from "../../public/locales/en/network.json" with { type: "json" };
import enSearch from "../../public/locales/en/search.json" with { type: "json" };
import enSharedWithMe from "../../public/locales/en/shared-with-me.json" with { type: "json" };
import enSharing from "../../public/locales/en/sharing.json" with { type: "json" };
import frAccount from "../../public/locales/fr/account.json" with { type: "json" };
import frAdmin from "../../public/locales/fr/admin.json" with { type: "json" };
import frAuth from "../../public/locales/fr/auth.json" with { type: "json" };
import frBilling from "../../public/locales/fr/billing.json" with { type: "json" };
import frBinder from "../../public/locales/fr/binder.json" with { type: "json" };
import frCollaborators from "../../public/locales/fr/collaborators.json" with { type: "json" };
import frCommon from "../../public/locales/fr/common.json" with { type: "json" };
import frCompany from "../../public/locales/fr/company.json" with { type: "json" };
import frDocuments from "../../public/locales/fr/documents.json" with { type: "json" };
import frExchange from "../../public/locales/fr/exchange.json" with { type: "json" };
import frForms from "../../public/locales/fr/forms.json" with { type: "json" };
import frHome from "../../public/locales/fr/home.json" with { type: "json" };
import frLegal from "../../public/locales/fr/legal.json" with { type: "json" };
import frNetwork from "../../public/locales/fr/network.json" with { type: "json" };
import frSearch from "../../public/locales/fr/search.json" with { type: "json" };
import frSharedWithMe from "../../public/locales/fr/shared-with-me.json" with { type: "json" };
import frSharing from "../../public/locales/fr/sharing.json" with { type: "json" };
import { PWA_RESOURCES } from "../pwa/bundledStrings.ts";

function keyPaths(value: unknown, prefix = ""): string[] {
  if (typeof value !== "object" || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)[^}]*}}|<(\w+)>/g)].map((m) => m[1] ?? m[2] ?? "").sort();
}

describe.each([
  ["common", enCommon, frCommon],
  ["legal", enLegal, frLegal],
  ["account", enAccount, frAccount],
  ["auth", enAuth, frAuth],
  ["billing", enBilling, frBilling],
  ["binder", enBinder, frBinder],
  ["network", enNetwork, frNetwork],
  ["forms", enForms, frForms],
  ["sharing", enSharing, frSharing],
  ["shared-with-me", enSharedWithMe, frSharedWithMe],
  ["admin", enAdmin, frAdmin],
  ["company", enCompany, frCompany],
  ["exchange", enExchange, frExchange],
  ["documents", enDocuments, frDocuments],
  ["pwa", PWA_RESOURCES.en.pwa, PWA_RESOURCES.fr.pwa],
  ["search", enSearch, frSearch],
  ["home", enHome, frHome],
  ["collaborators", enCollaborators, frCollaborators],
])("the %s translations", (_ns, en, fr) => {
  it("have the same keys in English and French", () => {
    expect(keyPaths(fr).sort()).toEqual(keyPaths(en).sort());
  });

  it("use the same placeholders and tags in both languages, and leave no text empty", () => {
    const get = (root: unknown, path: string) =>
      path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], root);
    for (const path of keyPaths(en)) {
      const [enText, frText] = [get(en, path), get(fr, path)];
      expect(typeof enText === "string" && enText.length > 0, path).toBe(true);
      expect(typeof frText === "string" && frText.length > 0, path).toBe(true);
      expect(placeholders(String(frText)), path).toEqual(placeholders(String(enText)));
    }
  });
});

describe("what the server's answers name", () => {
  it("has a label for every kind of the security log, in both languages", () => {
    for (const kind of SIGN_IN_EVENT_KINDS) {
      expect(enAccount.activity.kind[kind], kind).toBeTruthy();
      expect(frAccount.activity.kind[kind], kind).toBeTruthy();
    }
  });
});

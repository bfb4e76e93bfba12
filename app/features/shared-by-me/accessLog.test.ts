import { describe, expect, it } from "vitest";
import type { NomineeLogEntry } from "../../../domain/schemas/share.ts";
import { logDays } from "./accessLog.ts";
import { createSharingI18n, MARCH_14 } from "./testSharing.tsx";

const HOUR = 3_600_000;

function entry(overrides: Partial<NomineeLogEntry>): NomineeLogEntry {
  return {
    id: String(Math.random()),
    kind: "view",
    subjectKind: "list",
    subjectId: "s1",
    category: null,
    field: null,
    createTime: MARCH_14,
    ...overrides,
  };
}

const LOG: NomineeLogEntry[] = [
  entry({ id: "a", subjectKind: "record", category: "insurance", createTime: MARCH_14 }),
  entry({ id: "f", subjectId: "insurance", category: "insurance", createTime: MARCH_14 - 1 }),
  entry({
    id: "b",
    kind: "reveal",
    subjectKind: "record",
    category: "password",
    field: "password",
    createTime: MARCH_14 + HOUR,
  }),
  entry({
    id: "c",
    kind: "download",
    subjectKind: "document",
    field: "will.pdf",
    createTime: MARCH_14 + 24 * HOUR,
  }),
  entry({ id: "d", subjectKind: "person", createTime: MARCH_14 - HOUR }),
  entry({ id: "e", subjectKind: "list", subjectId: "partner", createTime: MARCH_14 - 2 * HOUR }),
];

describe("the access log's lines", () => {
  it("reads in English, grouped by day (newest first), with UTC times", () => {
    const i18n = createSharingI18n("en");
    expect(logDays(LOG, "Alex", i18n.t, "en")).toEqual([
      {
        day: "2026-03-15",
        heading: "15 Mar 2026",
        lines: [{ id: "c", text: "Alex downloaded will.pdf, 14:02" }],
      },
      {
        day: "2026-03-14",
        heading: "14 Mar 2026",
        lines: [
          { id: "b", text: "Alex revealed Password in Passwords, 15:02" },
          { id: "a", text: "Alex viewed Insurance Policies, 14:02" },
          { id: "f", text: "Alex opened the Insurance Policies list, 14:01" },
          { id: "d", text: "Alex viewed a person of your network, 13:02" },
          { id: "e", text: "Alex opened the Spouse/Partner list, 12:02" },
        ],
      },
    ]);
  });

  it("reads in French", () => {
    const i18n = createSharingI18n("fr");
    const days = logDays(LOG, "Alex", i18n.t, "fr");
    expect(days.map((day) => day.heading)).toEqual(["15 mars 2026", "14 mars 2026"]);
    expect(days.flatMap((day) => day.lines.map((line) => line.text))).toEqual([
      "Alex a téléchargé will.pdf, 14:02",
      "Alex a affiché Mot de passe dans Mots de passe, 15:02",
      "Alex a consulté Polices d'assurance, 14:02",
      "Alex a ouvert la liste Polices d'assurance, 14:01",
      "Alex a consulté une personne de votre réseau, 13:02",
      "Alex a ouvert la liste Conjoint(e)/partenaire, 12:02",
    ]);
  });

  it("tells a file opened in the browser from a record viewed and a file downloaded", () => {
    const opened = [entry({ id: "g", subjectKind: "file", subjectId: "d1", category: "will" })];
    expect(logDays(opened, "Alex", createSharingI18n("en").t, "en")[0]?.lines).toEqual([
      { id: "g", text: "Alex opened a file of Will, 14:02" },
    ]);
    expect(logDays(opened, "Alex", createSharingI18n("fr").t, "fr")[0]?.lines[0]?.text).toBe(
      "Alex a ouvert un fichier de Testament, 14:02",
    );
  });
});

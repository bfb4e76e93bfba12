import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES } from "../../../domain/sections/index.ts";
import { createDataKeys } from "../../crypto/data-keys.ts";
import { loadMasterKeyring } from "../../crypto/master-keys.ts";
import { type FilledFile, fillFile } from "../../testing/full-file.ts";
import { createSignedInUser, type TestUser } from "../../testing/identity.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";
import { createListCache } from "../records/list-cache.ts";
import { fileExportSchema } from "./archive-document.ts";
import { readFileSnapshot, type SnapshotDeps } from "./snapshot.ts";

const QUIET = { warn() {}, error() {} };

describe.each(testDialects())("the owner's whole file on %s", (dialect) => {
  let test: TestApp;
  let owner: TestUser;
  let filled: FilledFile;
  let deps: SnapshotDeps;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    owner = await createSignedInUser(test, { name: "Olive Owner" });
    filled = await fillFile(test, owner);
    deps = {
      db: test.database.db,
      dataKeys: createDataKeys({
        db: test.database.db,
        masterKeys: loadMasterKeyring({ config: test.config, logger: QUIET }),
      }),
      listCache: createListCache(),
    };
  }, 120_000);
  afterAll(() => test.close());

  it("reads every part of the file, secrets withheld, in the export's checked shape", async () => {
    const snapshot = await readFileSnapshot(deps, owner.id, { secrets: false });
    const text = JSON.stringify(snapshot);
    for (const secret of filled.secrets) expect(text).not.toContain(secret);

    expect(new Set(snapshot.records.map((record) => record.category))).toEqual(
      new Set(CATEGORIES.map((category) => category.key)),
    );
    const me = snapshot.persons.find((person) => person.id === filled.meId);
    expect(me?.mainDetails.socialNumber).toBeNull();
    expect(me?.mainDetails.imageSrc).toMatch(/^data:image\/jpeg;base64,/);
    const partner = snapshot.persons.find((person) => person.id === filled.partnerId);
    expect(partner).toMatchObject({
      homeAddress: filled.addressId,
      iceDetails: { emergencyContacts: [filled.meId] },
    });
    expect(snapshot.documents).toHaveLength(filled.files.size + 1);
    expect(snapshot.documents.find((document) => document.id === filled.emptyDocumentId)?.file).toBeNull();
    expect(snapshot.comments.map((comment) => comment.notes).sort()).toEqual([
      "Call Pat first",
      "Kept at the notary's",
    ]);
    expect(snapshot.nominees).toEqual([
      expect.objectContaining({
        email: filled.nomineeEmail,
        release: "ten_days",
        personId: filled.partnerId,
      }),
    ]);
    expect(snapshot.nominees[0]).not.toHaveProperty("status");

    // What the snapshot holds passes the import's checks (files given their checksums).
    const document = {
      ...snapshot,
      documents: snapshot.documents.map((entry) => ({
        ...entry,
        file: entry.file === null ? null : { ...entry.file, sha256: "0".repeat(64) },
      })),
    };
    const parsed = fileExportSchema.safeParse(JSON.parse(JSON.stringify(document)));
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it("holds the secrets in clear only when asked", async () => {
    const snapshot = await readFileSnapshot(deps, owner.id, { secrets: true });
    const text = JSON.stringify(snapshot);
    for (const secret of filled.secrets) expect(text).toContain(secret);
    expect(snapshot.secrets).toBe(true);
  });

  it("keeps only what the filter lets through, and a left-out subject's comments stay out", async () => {
    const snapshot = await readFileSnapshot(deps, owner.id, {
      secrets: false,
      include: (subject) =>
        subject.kind !== "person" && !(subject.kind === "record" && subject.category === "will"),
    });
    expect(snapshot.persons).toEqual([]);
    expect(snapshot.records.some((record) => record.category === "will")).toBe(false);
    expect(snapshot.comments).toEqual([]);
  });

  it("reads another account's file as empty", async () => {
    const other = await createSignedInUser(test);
    const snapshot = await readFileSnapshot(deps, other.id, { secrets: true });
    expect(snapshot.persons.map((person) => person.group)).toEqual(["me"]);
    expect([snapshot.records, snapshot.documents, snapshot.comments, snapshot.nominees].flat()).toEqual([]);
  });
});

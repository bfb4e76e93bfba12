import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_EXPORT_DOCUMENT, type FileExportDocument } from "../../../domain/schemas/file-export.ts";
import { blobsOf, importArchive, unzip, zipOf, zipWithName } from "../../testing/archives.ts";
import { type FilledFile, fillFile } from "../../testing/full-file.ts";
import { createSignedInUser, request, type TestUser } from "../../testing/identity.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

type Archive = { document: FileExportDocument; entries: Map<string, Buffer> };

/**
 * An archive with ids and dates taken out, to compare two: each list in a stable order (its own
 * creation order, then content), every id replaced by its kind and place in that order, times gone.
 */
function canonical(archive: Archive): { document: unknown; files: Record<string, string> } {
  const { document } = archive;
  const labels = new Map<string, string>();
  const contentKey = (entry: object) => JSON.stringify(entry).replace(UUID, "ID");
  const order = <T extends { id: string }>(
    kind: string,
    list: readonly T[],
    first?: (entry: T) => number,
  ) => {
    const sorted = [...list].sort(
      (a, b) =>
        (first?.(a) ?? 0) - (first?.(b) ?? 0) ||
        Number((a as { createTime?: number }).createTime ?? 0) -
          Number((b as { createTime?: number }).createTime ?? 0) ||
        contentKey(a).localeCompare(contentKey(b)),
    );
    sorted.forEach((entry, index) => {
      labels.set(entry.id, `${kind}#${index}`);
    });
    return sorted;
  };
  const sorted = {
    persons: order("person", document.persons, (person) => (person.group === "me" ? -1 : 0)),
    addresses: order("address", document.addresses),
    institutions: order("institution", document.institutions),
    records: order("record", document.records),
    documents: order("document", document.documents),
    comments: order("comment", document.comments),
    nominees: [...document.nominees].sort((a, b) => a.email.localeCompare(b.email)),
  };
  const text = JSON.stringify(sorted, (key, value) =>
    key === "createTime" ||
    key === "updateTime" ||
    (key === "id" && typeof value === "string" && !labels.has(value))
      ? undefined
      : value,
  ).replace(UUID, (id) => labels.get(id) ?? "unknown-id");
  const files = Object.fromEntries(
    [...archive.entries]
      .filter(([name]) => name !== FILE_EXPORT_DOCUMENT)
      .map(([name, bytes]) => [
        name.replace(UUID, (id) => labels.get(id) ?? "unknown-id"),
        createHash("sha256").update(bytes).digest("hex"),
      ]),
  );
  return { document: JSON.parse(text), files };
}

describe.each(testDialects())("export and import on %s", (dialect) => {
  let test: TestApp;
  let owner: TestUser;
  let filled: FilledFile;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    owner = await createSignedInUser(test, { name: "Olive Owner" });
    filled = await fillFile(test, owner);
  }, 120_000);
  afterAll(() => test.close());

  const confirm = async (user: TestUser) => {
    const response = await request(test, {
      method: "POST",
      url: "/api/account/confirm-password",
      cookie: user.cookie,
      payload: { password: user.password },
    });
    expect(response.statusCode).toBe(200);
  };
  const exportOf = async (user: TestUser, secrets = false): Promise<Archive> => {
    const response = await request(test, {
      method: "GET",
      url: `/api/export${secrets ? "?secrets=true" : ""}`,
      cookie: user.cookie,
    });
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    const entries = await unzip(response.rawPayload);
    const json = entries.get(FILE_EXPORT_DOCUMENT);
    if (json === undefined) throw new Error("no kinfile.json");
    return { document: JSON.parse(json.toString("utf8")), entries };
  };
  const importInto = (user: TestUser, archive: Buffer | string, filename?: string) =>
    importArchive(test, user, archive, filename);
  const zipped = async (document: unknown, files: Map<string, Buffer> = new Map()) =>
    zipOf(
      new Map<string, Buffer | string>([
        ...[...files].filter(([name]) => name !== FILE_EXPORT_DOCUMENT),
        [FILE_EXPORT_DOCUMENT, JSON.stringify(document)],
      ]),
    );
  /** The file of an account that has imported nothing: its own "me" alone, and no stored file. */
  const expectUntouched = async (user: TestUser) => {
    const { document } = await exportOf(user);
    expect(document.persons.map((person) => person.group)).toEqual(["me"]);
    expect(
      [
        document.addresses,
        document.institutions,
        document.records,
        document.documents,
        document.comments,
        document.nominees,
      ].flat(),
    ).toEqual([]);
    expect(await blobsOf(test, user)).toEqual([]);
  };

  it("exports the whole file as a ZIP: the versioned document, every file decrypted with its checksum, no secret", async () => {
    const response = await request(test, { method: "GET", url: "/api/export", cookie: owner.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="kinfile-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const { document, entries } = await exportOf(owner);
    expect(document).toMatchObject({ format: "kinfile-file", version: 1, secrets: false });
    const text = JSON.stringify(document);
    for (const secret of filled.secrets) expect(text).not.toContain(secret);

    const withFiles = document.documents.filter((entry) => entry.file !== null);
    expect(withFiles).toHaveLength(filled.files.size);
    for (const entry of withFiles) {
      const bytes = entries.get(entry.file?.path ?? "");
      expect(bytes).toEqual(filled.files.get(entry.id));
      expect(entry.file?.sha256).toBe(
        createHash("sha256")
          .update(bytes ?? "")
          .digest("hex"),
      );
    }
    expect(entries.size).toBe(withFiles.length + 1);
  });

  it("puts the secrets in only after the password was just confirmed, and logs that they left", async () => {
    const refused = await request(test, {
      method: "GET",
      url: "/api/export?secrets=true",
      cookie: owner.cookie,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("password_not_confirmed");

    await confirm(owner);
    const { document } = await exportOf(owner, true);
    expect(document.secrets).toBe(true);
    const text = JSON.stringify(document);
    for (const secret of filled.secrets) expect(text).toContain(secret);

    const log = await request(test, { method: "GET", url: "/api/account/activity", cookie: owner.cookie });
    expect(log.json().items[0]).toMatchObject({ kind: "export", subjectKind: "file", field: "secrets" });
  });

  it("round trip: imported into a new account and exported again, the archive is the same but for ids and dates", async () => {
    await confirm(owner);
    const first = await exportOf(owner, true);
    const fresh = await createSignedInUser(test, { name: "Nina New" });
    const imported = await importInto(
      fresh,
      (
        await request(test, {
          method: "GET",
          url: "/api/export?secrets=true",
          cookie: owner.cookie,
        })
      ).rawPayload,
    );
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({
      persons: first.document.persons.length,
      addresses: first.document.addresses.length,
      institutions: first.document.institutions.length,
      records: first.document.records.length,
      documents: first.document.documents.length,
      files: filled.files.size,
      comments: 2,
      nominees: 1,
    });

    await confirm(fresh);
    const second = await exportOf(fresh, true);
    expect(canonical(second)).toEqual(canonical(first));
    // New rows, not the owner's: no id crossed over.
    const idsOf = ({ document }: Archive) =>
      [
        document.persons,
        document.addresses,
        document.institutions,
        document.records,
        document.documents,
        document.comments,
        document.nominees,
      ]
        .flat()
        .map((entry) => entry.id);
    const ownIds = new Set(idsOf(first));
    expect(
      JSON.stringify(second.document)
        .match(UUID)
        ?.filter((id) => ownIds.has(id)) ?? [],
    ).toEqual([]);
    expect(idsOf(second)).toHaveLength(ownIds.size);

    // The search finds what came in, the "me" it filled in under its new name too.
    const search = async (q: string) =>
      JSON.stringify(
        (await request(test, { method: "GET", url: `/api/search?q=${q}`, cookie: fresh.cookie })).json(),
      );
    expect(await search("Partner")).toContain("Pat");
    expect(await search("Owner")).toContain("Olive");
    expect(await search("Nina")).not.toContain("Nina");

    // The nominee is a share definition nobody was invited to: no mail went out.
    const nominees = await request(test, {
      method: "GET",
      url: "/api/shared/nominees",
      cookie: fresh.cookie,
    });
    expect(nominees.json()).toEqual([
      expect.objectContaining({ email: filled.nomineeEmail, status: "cancelled" }),
    ]);
    const mails = await test.database.db
      .selectFrom("mail_outbox")
      .select("id")
      .where("to_address", "=", filled.nomineeEmail)
      .execute();
    expect(mails).toHaveLength(1); // the owner's own invitation, not the import's
  }, 60_000);

  it("imports an export made without secrets: everything but the secrets, which stay empty", async () => {
    const fresh = await createSignedInUser(test);
    const archive = await request(test, { method: "GET", url: "/api/export", cookie: owner.cookie });
    const imported = await importInto(fresh, archive.rawPayload);
    expect(imported.statusCode, imported.body).toBe(200);
    await confirm(fresh);
    const { document } = await exportOf(fresh, true);
    const text = JSON.stringify(document);
    for (const secret of filled.secrets) expect(text).not.toContain(secret);
    const vault = document.records.find((record) => record.category === "password");
    expect(vault?.body).toMatchObject({ password: null, accountNickname: expect.any(String) });
    expect(canonical({ document: { ...document, secrets: false }, entries: new Map() }).document).toEqual(
      canonical({ ...(await exportOf(owner)), entries: new Map() }).document,
    );
  }, 60_000);

  it("refuses a file that already holds data, and changes nothing in it", async () => {
    const before = canonical(await exportOf(owner));
    const response = await importInto(
      owner,
      (await request(test, { method: "GET", url: "/api/export", cookie: owner.cookie })).rawPayload,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toMatch(/already holds data/);
    expect(canonical(await exportOf(owner))).toEqual(before);
  });

  describe("refuses a bad or foreign archive with its reason, importing nothing", () => {
    let target: TestUser;
    let genuine: Archive;
    beforeAll(async () => {
      target = await createSignedInUser(test);
      genuine = await exportOf(owner);
    });

    const refusedWith = async (archive: Buffer | string, fields: Record<string, unknown>) => {
      const response = await importInto(target, archive);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.fields).toMatchObject(fields);
      await expectUntouched(target);
      return response.json().error;
    };
    const fileField = (text: RegExp) => ({ file: expect.stringMatching(text) });

    it("not a ZIP", async () => {
      await refusedWith("just some text, not an archive", fileField(/not a ZIP/));
    });

    it("a ZIP without a Kinfile document, or another program's JSON, or an unknown version", async () => {
      await refusedWith(
        await zipOf(new Map([["notes.txt", "hello"]])),
        fileField(/Kinfile did not put there/),
      );
      await refusedWith(await zipOf(new Map([["files/a/b.txt", "hello"]])), fileField(/no kinfile.json/));
      await refusedWith(
        await zipped({ format: "another-app", version: 1 }),
        fileField(/not a Kinfile export/),
      );
      await refusedWith(await zipped({ ...genuine.document, version: 2 }), fileField(/version 2/));
      await refusedWith(
        await zipOf(new Map([[FILE_EXPORT_DOCUMENT, "{ not json"]])),
        fileField(/not readable JSON/),
      );
    });

    it("content that breaks the rules, naming where", async () => {
      const document = structuredClone(genuine.document);
      const partner = document.persons.findIndex((person) => person.group === "partner");
      (document.persons[partner] as { mainDetails: { firstName: string } }).mainDetails.firstName = "";
      const error = await refusedWith(await zipped(document, genuine.entries), {
        [`persons.${partner}.mainDetails.firstName`]: expect.any(String),
      });
      expect(error.message).toMatch(/nothing was imported/);
    });

    it("a nominee who is the importing account itself", async () => {
      const document = structuredClone(genuine.document);
      const nominee = document.nominees[0];
      if (nominee === undefined) throw new Error("the file has a nominee");
      nominee.email = target.email;
      await refusedWith(await zipped(document, genuine.entries), {
        "nominees.0.email": expect.stringMatching(/cannot name yourself/),
      });
    });

    it("a file changed after the export (its checksum), even once other files were stored", async () => {
      const entries = new Map(genuine.entries);
      const last = genuine.document.documents.filter((entry) => entry.file !== null).at(-1)?.file?.path ?? "";
      entries.set(last, Buffer.concat([entries.get(last) ?? Buffer.alloc(0), Buffer.from(" ")]));
      await refusedWith(await zipOf(entries), fileField(/does not match its checksum/));
    });

    it("a file the document names but the archive lacks", async () => {
      const entries = new Map(genuine.entries);
      const first = genuine.document.documents.find((entry) => entry.file !== null)?.file?.path ?? "";
      entries.delete(first);
      await refusedWith(await zipOf(entries), fileField(/missing from the archive/));
    });

    it("a path that climbs out of the archive", async () => {
      await refusedWith(await zipWithName("../../etc/evil.txt", "x"), fileField(/not a ZIP|unsafe path/));
      await refusedWith(await zipWithName("files/../../evil.txt", "x"), fileField(/not a ZIP|unsafe path/));
    });

    it("a ZIP bomb: an entry that unpacks to a thousand times its size", async () => {
      const bomb = await zipOf(
        new Map<string, Buffer | string>([
          [FILE_EXPORT_DOCUMENT, JSON.stringify(genuine.document)],
          ["files/bomb/zeros.txt", Buffer.alloc(20 * 1024 * 1024)],
        ]),
      );
      expect(bomb.length).toBeLessThan(200 * 1024);
      await refusedWith(bomb, fileField(/packed suspiciously tight/));
    });
  });

  it("needs a signed-in account with the full file to import, a signed-in one to export", async () => {
    expect((await request(test, { method: "GET", url: "/api/export" })).statusCode).toBe(401);
    expect((await importInto({ ...owner, cookie: "" }, "x")).statusCode).toBe(401);
  });
});

describe.each(testDialects())("the import's rate limit on %s", (dialect) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp(dialect, { config: { importRateLimit: { max: 2, windowMs: 60_000 } } });
  });
  afterAll(() => test.close());

  it("limits how often an account imports: past the limit, a 429 that says when to try again", async () => {
    const user = await createSignedInUser(test);
    const attempt = () => importArchive(test, user, "not a zip");
    expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(400);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });
});

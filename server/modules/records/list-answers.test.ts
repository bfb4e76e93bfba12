import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categoryDef } from "../../../domain/sections/index.ts";
import type { CategoryDef } from "../../../domain/sections/types.ts";
import { createdId } from "../../testing/api-writes.ts";
import { createSignedInUser, type TestUser } from "../../testing/identity.ts";
import { call } from "../../testing/person-photos.ts";
import { sampleRecord, sampleRefsOf } from "../../testing/record-samples.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";
import { until } from "../../testing/until.ts";
import { createListAnswers } from "./list-answers.ts";

const PASSWORD = categoryDef("password");
// A list with a reference column: the institution's name is in it.
const BILL = categoryDef("bill");
const KEYLOCK = categoryDef("keylock");

const urlOf = (category: CategoryDef, id?: string) =>
  `/api/records/${category.module}/${category.key}${id === undefined ? "" : `/${id}`}`;

function password(nickname: string) {
  return {
    accountNickname: nickname,
    username: "ann",
    password: "correct horse",
    url: "https://mail.example",
  };
}

async function list(test: TestApp, user: TestUser, category: CategoryDef = PASSWORD) {
  const response = await call(test, user, "GET", urlOf(category));
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

const nicknames = async (test: TestApp, user: TestUser) =>
  (await list(test, user))
    .json()
    .map((item: { columns: { accountNickname: string } }) => item.columns.accountNickname);

/** A change of one of the owner's persons, as the bus tells it: any list may show it. */
const personSaved = (ownerId: string) => ({ kind: "person", operation: "saved", ownerId, id: "p1" }) as const;

describe("the list answers' memory", () => {
  /** An answer's builder that counts its calls. */
  function builder(json: string) {
    const built = { count: 0 };
    const build = async () => {
      built.count += 1;
      return json;
    };
    return { built, build };
  }

  it("keeps an answer per owner and category, and builds it again after the owner's change only", async () => {
    const answers = createListAnswers();
    const ann = builder("[1]");
    const bob = builder("[2]");
    for (let round = 0; round < 3; round += 1) {
      expect((await answers.answer("ann", "password", ann.build)).body.toString()).toBe("[1]");
      expect((await answers.answer("bob", "password", bob.build)).body.toString()).toBe("[2]");
    }
    expect([ann.built.count, bob.built.count]).toEqual([1, 1]);
    answers.subscriber.changed([personSaved("ann")]);
    await answers.answer("ann", "password", ann.build);
    await answers.answer("bob", "password", bob.build);
    expect([ann.built.count, bob.built.count]).toEqual([2, 1]);
  });

  it("drops only the categories a change names, and the size they held", async () => {
    const answers = createListAnswers({ maxBytes: 12 });
    const passwords = builder("[1111]");
    const keys = builder("[2222]");
    await answers.answer("ann", "password", passwords.build);
    await answers.answer("ann", "keylock", keys.build);
    answers.subscriber.changed([
      { kind: "record", operation: "saved", ownerId: "ann", id: "r1", category: "password" },
    ]);
    await answers.answer("ann", "password", passwords.build);
    await answers.answer("ann", "keylock", keys.build);
    expect([passwords.built.count, keys.built.count]).toEqual([2, 1]);
    // Both fit still (12 bytes): the dropped answer's size went with it.
    await answers.answer("ann", "password", passwords.build);
    await answers.answer("ann", "keylock", keys.build);
    expect([passwords.built.count, keys.built.count]).toEqual([2, 1]);
  });

  it("does not keep an answer built while a change happened", async () => {
    const answers = createListAnswers();
    let built = 0;
    const changedMeanwhile = async () => {
      built += 1;
      answers.subscriber.changed([personSaved("ann")]);
      return "[old]";
    };
    await answers.answer("ann", "password", changedMeanwhile);
    await answers.answer("ann", "password", changedMeanwhile);
    expect(built).toBe(2);
  });

  it("keeps an answer built while a change happened that it does not list", async () => {
    const answers = createListAnswers();
    const otherChanges = [
      personSaved("bob"),
      { kind: "record", operation: "saved", ownerId: "ann", id: "k1", category: "keylock" },
    ] as const;
    let built = 0;
    const othersChangedMeanwhile = async () => {
      built += 1;
      for (const change of otherChanges) answers.subscriber.changed([change]);
      return "[kept]";
    };
    await answers.answer("ann", "password", othersChangedMeanwhile);
    await answers.answer("ann", "password", othersChangedMeanwhile);
    expect(built).toBe(1);
  });

  it("does not keep an answer built while the channel to the other servers went down and up", async () => {
    const answers = createListAnswers();
    let built = 0;
    const reconnectedMeanwhile = async () => {
      built += 1;
      answers.subscriber.down();
      answers.subscriber.up();
      return "[old]";
    };
    await answers.answer("ann", "password", reconnectedMeanwhile);
    await answers.answer("ann", "password", reconnectedMeanwhile);
    expect(built).toBe(2);
  });

  it("keeps a compressed copy per encoding, made once, and sends small answers as they are", async () => {
    const answers = createListAnswers();
    const long = JSON.stringify(
      Array.from({ length: 200 }, (_, index) => ({ index, name: `Account ${index}` })),
    );
    const ann = builder(long);
    const first = await answers.answer("ann", "password", ann.build, "br");
    const again = await answers.answer("ann", "password", ann.build, "br");
    expect(first.encoding).toBe("br");
    expect(again.body).toBe(first.body);
    expect(brotliDecompressSync(first.body).toString()).toBe(long);
    const gzip = await answers.answer("ann", "password", ann.build, "gzip");
    expect(gzip.encoding).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(long);
    expect((await answers.answer("ann", "password", ann.build)).body.toString()).toBe(long);
    expect(ann.built.count).toBe(1);
    const small = await answers.answer("bob", "password", builder("[2]").build, "br");
    expect([small.encoding, small.body.toString()]).toEqual([undefined, "[2]"]);
  });

  it("lets the least recently used owner's answers go past its size", async () => {
    // Room for two answers of 6 bytes, not three.
    const answers = createListAnswers({ maxBytes: 13 });
    const ann = builder("[1111]");
    const bob = builder("[2222]");
    const carl = builder("[3333]");
    await answers.answer("ann", "password", ann.build);
    await answers.answer("bob", "password", bob.build);
    await answers.answer("ann", "password", ann.build);
    await answers.answer("carl", "password", carl.build);
    // Bob's was the least recently used: it went, Ann's stayed.
    await answers.answer("ann", "password", ann.build);
    await answers.answer("bob", "password", bob.build);
    expect([ann.built.count, bob.built.count, carl.built.count]).toEqual([1, 2, 1]);
  });
});

describe.each(testDialects())("the record lists kept whole, on %s", (dialect) => {
  let test: TestApp;
  let ann: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    test = await buildTestApp(dialect);
    [ann, bob] = await Promise.all([
      createSignedInUser(test, { name: "Ann Example" }),
      createSignedInUser(test, { name: "Bob Other" }),
    ]);
  });
  afterAll(() => test.close());

  it("answers a repeated list with the same bytes and headers as the list built anew", async () => {
    await createdId(test, ann, urlOf(PASSWORD), password("Mail"));
    await createdId(test, ann, urlOf(PASSWORD), password("Bank"));
    const built = await list(test, ann);
    const kept = await list(test, ann);
    expect(kept.body).toBe(built.body);
    expect(kept.headers["content-type"]).toBe("application/json; charset=utf-8");
    for (const header of ["content-type", "content-length", "cache-control", "etag"]) {
      expect(kept.headers[header], header).toEqual(built.headers[header]);
    }
    // A second app on the same database has kept nothing: its list is built from the rows.
    const fresh = await buildTestApp(dialect, {
      database: { ...test.database, close: async () => {} },
      config: { masterKey: test.config.masterKey },
    });
    try {
      expect((await list(fresh, ann)).body).toBe(kept.body);
    } finally {
      await fresh.app.close();
    }
  });

  it("answers a kept list compressed as it answers a built one", async () => {
    // Compressed only above 1 KB.
    for (const index of [1, 2, 3, 4, 5, 6, 7, 8]) {
      await createdId(test, ann, urlOf(PASSWORD), password(`Compressed ${index}`));
    }
    const compressed = () =>
      call(test, ann, "GET", urlOf(PASSWORD), undefined, { "accept-encoding": "gzip" });
    const built = await compressed();
    const kept = await compressed();
    expect(built.headers["content-encoding"]).toBe("gzip");
    for (const header of ["content-encoding", "content-type", "content-length", "vary"]) {
      expect(kept.headers[header], header).toEqual(built.headers[header]);
    }
    expect(gunzipSync(kept.rawPayload).toString()).toBe(gunzipSync(built.rawPayload).toString());
    expect(gunzipSync(kept.rawPayload).toString()).toBe((await list(test, ann)).body);
    // A browser's header: brotli preferred, as @fastify/compress negotiates it.
    const brotli = await call(test, ann, "GET", urlOf(PASSWORD), undefined, {
      "accept-encoding": "gzip, deflate, br, zstd",
    });
    expect([brotli.headers["content-encoding"], brotli.headers.vary]).toEqual(["br", "accept-encoding"]);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe((await list(test, ann)).body);
    const refused = await call(test, ann, "GET", urlOf(PASSWORD), undefined, {
      "accept-encoding": "br",
      "x-no-compression": "1",
    });
    expect(refused.headers["content-encoding"]).toBeUndefined();
  });

  it("shows every create, update and delete in the next list", async () => {
    const id = await createdId(test, ann, urlOf(PASSWORD), password("Shop"));
    expect(await nicknames(test, ann)).toContain("Shop");
    const update = await call(test, ann, "PUT", urlOf(PASSWORD, id), password("Market"));
    expect(update.statusCode, update.body).toBe(200);
    expect(await nicknames(test, ann)).toContain("Market");
    expect(await nicknames(test, ann)).not.toContain("Shop");
    const removed = await call(test, ann, "DELETE", urlOf(PASSWORD, id));
    expect(removed.statusCode).toBe(204);
    expect(await nicknames(test, ann)).not.toContain("Market");
  });

  it("shows a renamed institution in the next list that names it", async () => {
    const institution = await createdId(test, ann, "/api/institutions/", { name: "Hydro North" });
    const bill = await sampleRecord(BILL, sampleRefsOf(test, ann));
    await createdId(test, ann, urlOf(BILL), { ...bill, companyName: institution });
    const names = async () =>
      (await list(test, ann, BILL))
        .json()
        .map((item: { columns: { companyName: { name: string } } }) => item.columns.companyName.name);
    expect(await names()).toEqual(["Hydro North"]);
    const renamed = await call(test, ann, "PUT", `/api/institutions/${institution}`, { name: "Hydro South" });
    expect(renamed.statusCode, renamed.body).toBeLessThan(300);
    expect(await names()).toEqual(["Hydro South"]);
  });

  it("keeps the owner's other lists across a record's save, and drops them all on any other write", async () => {
    const dana = await createSignedInUser(test, { name: "Dana Example" });
    const keyUrl = `/api/records/${KEYLOCK.module}/${KEYLOCK.key}`;
    const keyId = await createdId(test, dana, keyUrl, { use: "Front door", lockType: "houseKey" });
    const uses = async () =>
      (await list(test, dana, KEYLOCK)).json().map((item: { columns: { use: string } }) => item.columns.use);
    expect(await uses()).toEqual(["Front door"]);
    // Gone behind the app's back: a list still kept shows it, one built anew does not.
    await test.database.db.deleteFrom("record").where("id", "=", keyId).execute();
    // A password's create, replace and delete: the key list stays as it was kept.
    const mail = await createdId(test, dana, urlOf(PASSWORD), password("Old"));
    const replaced = await call(test, dana, "PUT", urlOf(PASSWORD, mail), password("New"));
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await nicknames(test, dana)).toEqual(["New"]);
    expect((await call(test, dana, "DELETE", urlOf(PASSWORD, mail))).statusCode).toBe(204);
    expect(await nicknames(test, dana)).toEqual([]);
    expect(await uses()).toEqual(["Front door"]);
    // A write of another kind (a person) may show in any list: every list is built anew.
    await createdId(test, dana, "/api/pn/person", {
      group: "child",
      type: "son",
      mainDetails: { firstName: "Eli" },
    });
    expect(await uses()).toEqual([]);
  });

  it("never answers one account's list to another", async () => {
    await createdId(test, bob, urlOf(PASSWORD), password("Bob's mail"));
    const annList = await nicknames(test, ann);
    const bobList = await nicknames(test, bob);
    expect(bobList).toEqual(["Bob's mail"]);
    expect(annList).not.toContain("Bob's mail");
    expect(await nicknames(test, ann)).toEqual(annList);
    expect(await nicknames(test, bob)).toEqual(["Bob's mail"]);
  });

  it("lists nothing of a deleted account, even kept a moment before", async () => {
    const carl = await createSignedInUser(test, { name: "Carl Gone" });
    await createdId(test, carl, urlOf(PASSWORD), password("Carl's mail"));
    expect(await nicknames(test, carl)).toEqual(["Carl's mail"]);
    // As the account's deletion does it (account/service.ts).
    await test.auth.changes.transaction(test.database.db, (trx) => test.eraser.erase(carl.id, trx));
    test.auth.sessions.forgetUser(carl.id);
    const after = await call(test, carl, "GET", urlOf(PASSWORD));
    expect(after.statusCode).toBe(401);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "the record lists of two app servers on one PostgreSQL",
  () => {
    let a: TestApp;
    let b: TestApp;
    let ann: TestUser;

    beforeAll(async () => {
      a = await buildTestApp("postgres");
      // The second server: the same database and keys, its own memory.
      b = await buildTestApp("postgres", {
        database: { ...a.database, close: async () => {} },
        config: { masterKey: a.config.masterKey },
      });
      ann = await createSignedInUser(a, { name: "Ann Example" });
    });
    afterAll(async () => {
      await b.app.close();
      await a.close();
    });

    /** How long until server B lists `nickname` among Ann's; fails past `ms`. */
    const seenOnB = (nickname: string, ms: number) =>
      until(async () => (await nicknames(b, ann)).includes(nickname), `server B lists ${nickname}`, ms);

    it("shows on server B a record written through server A within a moment", async () => {
      await createdId(a, ann, urlOf(PASSWORD), password("First"));
      await seenOnB("First", 1_000);
      // Kept on B now; a write through A drops it there.
      expect(await nicknames(b, ann)).toEqual(["First"]);
      await createdId(a, ann, urlOf(PASSWORD), password("Second"));
      // A notification arrives within milliseconds; the bound leaves room for a loaded machine.
      expect(await seenOnB("Second", 1_000)).toBeLessThan(1_000);
    });

    it("drops on server B only the lists a record's save on server A changes", async () => {
      const keyUrl = `/api/records/${KEYLOCK.module}/${KEYLOCK.key}`;
      const usesOnB = async () =>
        (await list(b, ann, KEYLOCK)).json().map((item: { columns: { use: string } }) => item.columns.use);
      // A key list kept on B that shows a key since gone behind both apps' backs. B keeps no list
      // built while a notification arrived (A's create's, say), so try again until one is kept.
      let kept = "";
      for (let attempt = 1; kept === "" && attempt <= 5; attempt += 1) {
        const use = `Shed ${attempt}`;
        const keyId = await createdId(a, ann, keyUrl, { use, lockType: "houseKey" });
        await until(async () => (await usesOnB()).includes(use), `server B lists ${use}`, 1_000);
        await a.database.db.deleteFrom("record").where("id", "=", keyId).execute();
        if ((await usesOnB()).includes(use)) kept = use;
      }
      expect(kept).not.toBe("");
      // A password's save on A: B's key list stays as it was kept.
      await createdId(a, ann, urlOf(PASSWORD), password("Third"));
      await seenOnB("Third", 1_000);
      expect(await usesOnB()).toContain(kept);
      // A person's save on A drops every list of Ann's on B.
      await createdId(a, ann, "/api/pn/person", {
        group: "child",
        type: "son",
        mainDetails: { firstName: "Eli" },
      });
      await until(async () => !(await usesOnB()).includes(kept), "server B drops the removed key", 1_000);
    });

    it("tells server B of a write in its own transaction: nothing of one that rolled back", async () => {
      const heard: string[] = [];
      b.auth.changes.committed({
        changed: (changes) => heard.push(...changes.map((change) => change.id)),
        down() {},
        up() {},
      });
      const told = (id: string) => ({ kind: "address", operation: "saved", ownerId: ann.id, id }) as const;
      await expect(
        a.auth.changes.transaction(a.database.db, async (trx) => {
          await a.auth.changes.publish(trx, told("rolled-back"));
          throw new Error("the write fails");
        }),
      ).rejects.toThrow("the write fails");
      await a.auth.changes.transaction(a.database.db, (trx) =>
        a.auth.changes.publish(trx, told("committed")),
      );
      // Notifications arrive in commit order: once the committed one is heard, the other never will be.
      await until(() => heard.includes("committed"), "server B hears the committed write", 1_000);
      expect(heard).not.toContain("rolled-back");
    });

    it("keeps nothing while its listening connection is lost, and lists the writes it missed", async () => {
      expect(await nicknames(b, ann)).not.toContain("Missed");
      // Cuts every app server's listening connection (B's among them): notifications go unheard.
      const cut =
        await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'kinfile listen kinfile_file_changes'`.execute(
          a.database.db,
        );
      expect(cut.rows.length).toBeGreaterThanOrEqual(2);
      await createdId(a, ann, urlOf(PASSWORD), password("Missed"));
      await seenOnB("Missed", 5_000);
    });
  },
);

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RELEASE_TIMINGS } from "../../../domain/catalog/releaseTimings.ts";
import { DAY_MS, type NomineeView, type SharedWithMeView } from "../../../domain/schemas/share.ts";
import { createSignedInUser, type TestUser } from "../../testing/identity.ts";
import {
  acceptedNominee,
  approvalLinkOf,
  as,
  buildLifecycleApp,
  type LifecycleHarness,
  NOMINEES,
  nomineeBody,
  nomineeView,
  postApproval,
  sharingMails,
} from "../../testing/nominee-lifecycle.ts";
import { testDialects } from "../../testing/test-database.ts";

/** Revoked means revoked: after the owner takes access away, only their own choice gives it back. */
describe.each(testDialects())("a revoked nominee on %s", (dialect) => {
  let test: LifecycleHarness;
  let ann: TestUser;

  beforeAll(async () => {
    test = await buildLifecycleApp(dialect);
    ann = await createSignedInUser(test, { name: "Ann Owner" });
  });
  afterAll(() => test.close());

  const owned = (id: string, path = "") => `${NOMINEES}/${id}${path}`;
  const asks = (nominee: TestUser, id: string) =>
    as(test, nominee).ok<SharedWithMeView>("POST", `/api/shared/nominee/${id}/request`);
  /** One of the shared reads (the module's category counts): 200 only while released. */
  const reads = async (nominee: TestUser, id: string) =>
    (await as(test, nominee).send("GET", `/api/shared/nominee/${id}/records/inventory/count`)).statusCode;

  it("with the rule now, asks again and waits for the owner, who approves by the mail's link", async () => {
    // Accepting released it at once, as the rule says.
    const { nominee: alex, id } = await acceptedNominee(test, ann, "now");
    expect(await reads(alex, id)).toBe(200);

    const revoked = await as(test, ann).ok<NomineeView>("POST", owned(id, "/revoke"));
    expect(revoked).toMatchObject({ status: "accepted", revokedAt: test.now() });
    expect(await reads(alex, id)).toBe(404);

    const asked = await asks(alex, id);
    expect(asked).toMatchObject({ status: "requested", releaseAt: null, revokedAt: revoked.revokedAt });
    expect(await reads(alex, id)).toBe(404);
    expect((await sharingMails(test, ann.email)).at(-1)?.template).toBe("shareRequest");
    // Nothing releases it by itself while the owner waits (the link still works for 10 days).
    test.advance(9 * DAY_MS);
    await test.runJobs();
    expect((await nomineeView(test, ann, id)).status).toBe("requested");
    expect(await reads(alex, id)).toBe(404);

    const { sign } = await approvalLinkOf(test, ann, id, true);
    expect((await postApproval(test, id, true, sign)).json()).toBe(true);
    expect(await nomineeView(test, ann, id)).toMatchObject({ status: "released", revokedAt: null });
    expect(await reads(alex, id)).toBe(200);
  });

  it("the owner's approval in the app, or a new grant, gives access back; a decline keeps it revoked", async () => {
    const { nominee: alex, id } = await acceptedNominee(test, ann, "now");
    await as(test, ann).ok("POST", owned(id, "/revoke"));
    await asks(alex, id);
    expect((await as(test, ann).ok<NomineeView>("POST", owned(id, "/approve"))).status).toBe("released");
    expect(await reads(alex, id)).toBe(200);

    await as(test, ann).ok("POST", owned(id, "/revoke"));
    await asks(alex, id);
    expect((await as(test, ann).ok<NomineeView>("POST", owned(id, "/decline"))).status).toBe("accepted");
    expect((await asks(alex, id)).status).toBe("requested");
    await as(test, ann).ok("POST", owned(id, "/decline"));

    const granted = await as(test, ann).ok<NomineeView>("POST", owned(id, "/grant"));
    expect(granted).toMatchObject({ status: "released", releasedAt: test.now(), revokedAt: null });
    expect(await reads(alex, id)).toBe(200);
    expect((await sharingMails(test, alex.email)).at(-1)?.subject).toBe(
      "You can now read what Ann Owner shares with you",
    );
    // A grant is for a nominee who accepted and holds no access.
    expect((await as(test, ann).send("POST", owned(id, "/grant"))).statusCode).toBe(409);
  });

  it.each(RELEASE_TIMINGS)("with the rule %s, no timer releases the next request", async (release) => {
    const { nominee: alex, id } = await acceptedNominee(test, ann, release);
    // Accepting released `now` already; the others are given access by the owner.
    if (release !== "now") await as(test, ann).ok("POST", owned(id, "/grant"));
    expect(await reads(alex, id)).toBe(200);
    await as(test, ann).ok("POST", owned(id, "/revoke"));

    expect(await asks(alex, id)).toMatchObject({ status: "requested", releaseAt: null });
    // A new rule chosen while it waits does not start a timer either.
    const changed = await as(test, ann).ok<NomineeView>("PUT", owned(id), nomineeBody(alex, "five_days"));
    expect(changed).toMatchObject({ status: "requested", releaseAt: null });
    test.advance(16 * DAY_MS);
    await test.runJobs();
    expect((await nomineeView(test, ann, id)).status).toBe("requested");
    expect(await reads(alex, id)).toBe(404);
  });

  it("revoking a pending request also waits for the owner next time", async () => {
    const { nominee: alex, id } = await acceptedNominee(test, ann, "five_days");
    expect((await asks(alex, id)).releaseAt).toBe(test.now() + 5 * DAY_MS);
    await as(test, ann).ok("POST", owned(id, "/revoke"));
    expect((await asks(alex, id)).releaseAt).toBeNull();
  });

  it("the end date the owner set counts as a revoke", async () => {
    const { nominee: alex, id } = await acceptedNominee(test, ann, "now");
    const endsAt = test.now() + DAY_MS;
    await as(test, ann).ok("PUT", owned(id), { ...nomineeBody(alex, "now"), accessEndsAt: endsAt });
    test.advance(DAY_MS);
    await test.runJobs();
    expect(await nomineeView(test, ann, id)).toMatchObject({ status: "accepted", revokedAt: endsAt });
    expect((await asks(alex, id)).status).toBe("requested");
    expect(await reads(alex, id)).toBe(404);
  });

  it("a declined request alone is not a revoke: the timer of the next one still runs", async () => {
    const { nominee: alex, id } = await acceptedNominee(test, ann, "ten_days");
    await asks(alex, id);
    await as(test, ann).ok("POST", owned(id, "/decline"));
    expect((await asks(alex, id)).releaseAt).toBe(test.now() + 10 * DAY_MS);
  });
});

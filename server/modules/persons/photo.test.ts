import jpeg from "jpeg-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../../domain/limits.ts";
import { createSignedInUser, type TestUser } from "../../testing/identity.ts";
import { call, dataUrl, jpegSizeOf, makeJpeg, makePng } from "../../testing/person-photos.ts";
import { buildTestApp, type TestApp } from "../../testing/test-app.ts";
import { testDialects } from "../../testing/test-database.ts";
import { fitWithin, resizeToFit } from "./image-resize.ts";
import { bytesOfImageSrc, PhotoError } from "./photo.ts";
import { preparePhoto } from "./photo-preparation.ts";

describe("resizing", () => {
  it("fits in the square keeping the aspect ratio, never enlarging", () => {
    expect(fitWithin(600, 400, 512)).toEqual({ width: 512, height: 341 });
    expect(fitWithin(400, 1200, 512)).toEqual({ width: 171, height: 512 });
    expect(fitWithin(300, 200, 512)).toEqual({ width: 300, height: 200 });
    expect(fitWithin(5000, 1, 512)).toEqual({ width: 512, height: 1 });
  });

  it("averages the area each pixel covers, and flattens transparency onto white", () => {
    // A 4x2 image: left half black, right half white -> 2x1: one black pixel, one white.
    const data = new Uint8Array(4 * 2 * 4);
    for (let index = 0; index < 8; index += 1) {
      const value = index % 4 < 2 ? 0 : 255;
      data.set([value, value, value, 255], index * 4);
    }
    expect([...resizeToFit({ width: 4, height: 2, data }, 2).data]).toEqual([
      0, 0, 0, 255, 255, 255, 255, 255,
    ]);
    // 3 -> 2 columns: the middle pixel is split between both halves.
    const row = Uint8Array.from([0, 0, 0, 255, 90, 90, 90, 255, 180, 180, 180, 255]);
    expect([...resizeToFit({ width: 3, height: 1, data: row }, 2).data]).toEqual([
      30, 30, 30, 255, 150, 150, 150, 255,
    ]);
    const transparent = Uint8Array.from([0, 0, 0, 0]);
    expect([...resizeToFit({ width: 1, height: 1, data: transparent }, 1).data]).toEqual([
      255, 255, 255, 255,
    ]);
  });
});

describe("photo preparation", () => {
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error instanceof PhotoError ? error.messageKey : "other";
    }
    return "accepted";
  };

  it("takes JPEG and PNG by content, as data URLs or bare base64", () => {
    const photo = preparePhoto(makeJpeg(600, 400).toString("base64"));
    const decoded = jpeg.decode(photo.jpeg);
    expect([decoded.width, decoded.height]).toEqual([512, 341]);
    const thumbnail = jpeg.decode(photo.thumbnail);
    expect([thumbnail.width, thumbnail.height]).toEqual([162, 108]);
    // A PNG labelled as a JPEG is still a PNG: the bytes decide.
    expect(jpeg.decode(preparePhoto(dataUrl("image/jpeg", makePng(20, 10))).jpeg).width).toBe(20);
  });

  it("refuses what only claims to be an image, with the spec's messages", () => {
    const jpegMagic = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    const gif = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");
    const truncated = makeJpeg(64, 64).subarray(0, 300);
    for (const src of [
      dataUrl("image/jpeg", Buffer.from("just some text, renamed photo.jpg")),
      dataUrl("image/jpeg", Buffer.concat([jpegMagic, Buffer.alloc(200, 7)])),
      dataUrl("image/gif", gif),
      dataUrl("image/jpeg", truncated),
      dataUrl("image/png", makePng(8, 8).subarray(0, 40)),
      "data:image/png,not-base64",
      "%%%",
    ]) {
      expect(
        refusal(() => preparePhoto(src)),
        src.slice(0, 40),
      ).toBe("errors:network.photo_type");
    }
  });

  it("refuses 5 MB and more before decoding, and headers claiming over 40 megapixels", () => {
    const big = Buffer.alloc(LIMITS.uploadBytesMax, 0);
    big.set([0xff, 0xd8, 0xff]);
    expect(refusal(() => bytesOfImageSrc(big.toString("base64")))).toBe("errors:network.photo_size");
    expect(refusal(() => bytesOfImageSrc(big.subarray(1).toString("base64")))).toBe("accepted");

    const huge = makePng(1, 1);
    huge.writeUInt32BE(10_000, 16);
    huge.writeUInt32BE(5_000, 20);
    expect(refusal(() => preparePhoto(huge.toString("base64")))).toBe("errors:network.photo_dimensions");
    const wide = makeJpeg(16, 16);
    // The SOF0 frame header of jpeg-js's output: height and width follow the marker.
    const frame = wide.indexOf(Buffer.from([0xff, 0xc0]));
    wide.writeUInt16BE(65_000, frame + 5);
    wide.writeUInt16BE(65_000, frame + 7);
    expect(refusal(() => preparePhoto(wide.toString("base64")))).toBe("errors:network.photo_dimensions");
  });
});

describe.each(testDialects())("person photos on %s", (dialect) => {
  let test: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    test = await buildTestApp(dialect);
    user = await createSignedInUser(test);
  });
  afterAll(() => test.close());

  const save = (body: object) => call(test, user, "POST", "/api/pn/person", body);
  const get = async (group: string, id: string) =>
    (await call(test, user, "GET", `/api/pn/person/${group}/${id}`)).json();
  const child = (imageSrc: unknown, id?: string) => ({
    ...(id === undefined ? {} : { id }),
    group: "child",
    type: "daughter",
    mainDetails: { firstName: "Pia", imageSrc },
  });

  it("stores a JPEG resized to fit 512 px, encrypted, and answers it as a JPEG data URL", async () => {
    const response = await save(child(dataUrl("image/jpeg", makeJpeg(600, 400))));
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json();
    const record = await get("child", id);
    expect(jpegSizeOf(record.mainDetails.imageSrc)).toEqual({ width: 512, height: 341 });

    // Cards get the small thumbnail, never the full photo.
    const [card] = (await call(test, user, "GET", "/api/pn/person/child")).json();
    expect(jpegSizeOf(card.mainDetails.imageSrc)).toEqual({ width: 162, height: 108 });

    const row = await test.database.db
      .selectFrom("person")
      .select(["photo_enc", "data"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const stored = Buffer.from(row.photo_enc ?? new Uint8Array());
    const answered = Buffer.from(record.mainDetails.imageSrc.split(",")[1], "base64");
    expect(stored.includes(answered.subarray(0, 64))).toBe(false);
    expect(row.data).not.toContain("base64");

    // Sending the same photo back keeps it as it is; an update without imageSrc keeps it too.
    await save(child(record.mainDetails.imageSrc, id));
    await save({ id, group: "child", type: "daughter", mainDetails: { firstName: "Pia" } });
    expect((await get("child", id)).mainDetails.imageSrc).toBe(record.mainDetails.imageSrc);

    // null deletes it.
    await save(child(null, id));
    expect((await get("child", id)).mainDetails.imageSrc).toBeNull();
    expect((await call(test, user, "GET", "/api/pn/person/child")).json()[0].mainDetails.imageSrc).toBeNull();
  });

  it("converts a PNG (transparency on white) without enlarging it", async () => {
    const id = (await save(child(dataUrl("image/png", makePng(300, 200, 128))))).json();
    expect(jpegSizeOf((await get("child", id)).mainDetails.imageSrc)).toEqual({ width: 300, height: 200 });
  });

  it("shows no avatar in advisors' cards", async () => {
    const id = (
      await save({
        group: "advisor",
        type: "banker",
        mainDetails: { firstName: "Bea", imageSrc: dataUrl("image/png", makePng(40, 40)) },
      })
    ).json();
    expect(jpegSizeOf((await get("advisor", id)).mainDetails.imageSrc).width).toBe(40);
    const cards = (await call(test, user, "GET", "/api/pn/person/advisor")).json();
    expect(cards.find((card: { id: string }) => card.id === id).mainDetails.imageSrc).toBeNull();
  });

  it("refuses a text file renamed .jpg and an image of 5 MB or more, naming the field", async () => {
    const text = await save(child(dataUrl("image/jpeg", Buffer.from("I am not a photo"))));
    expect(text.statusCode).toBe(400);
    expect(text.json().error.fields).toEqual({ "mainDetails.imageSrc": "You can upload only JPG/PNG file!" });

    const big = Buffer.alloc(LIMITS.uploadBytesMax + 1024, 1);
    big.set([0xff, 0xd8, 0xff]);
    const tooBig = await save(child(dataUrl("image/jpeg", big)));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error.fields).toEqual({ "mainDetails.imageSrc": "Image must be smaller than 5MB!" });

    const far = await call(test, user, "POST", "/api/pn/person", {
      ...child("A".repeat(10 * 1024 * 1024)),
    });
    expect(far.statusCode).toBe(413);
    expect(far.json().error.code).toBe("payload_too_large");
  });
});

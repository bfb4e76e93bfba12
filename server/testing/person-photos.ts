import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { request, type TestUser } from "./identity.ts";
import type { TestApp } from "./test-app.ts";

/** Helpers for the personal-network API tests (persons, addresses, institutions). */

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export function call(
  test: TestApp,
  user: TestUser | null,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return request(test, {
    method,
    url,
    ...(user === null ? {} : { cookie: user.cookie }),
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers,
  });
}

/** RGBA pixels of a gradient, so that resizing has something to average. */
function pixels(width: number, height: number, alpha = 255): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 4;
      data[offset] = Math.round((x / width) * 255);
      data[offset + 1] = Math.round((y / height) * 255);
      data[offset + 2] = 128;
      data[offset + 3] = alpha;
    }
  }
  return data;
}

export function makeJpeg(width: number, height: number): Buffer {
  return jpeg.encode({ width, height, data: pixels(width, height) }, 90).data;
}

export function makePng(width: number, height: number, alpha = 255): Buffer {
  const png = new PNG({ width, height });
  png.data = pixels(width, height, alpha);
  return PNG.sync.write(png);
}

export function dataUrl(type: string, bytes: Buffer): string {
  return `data:${type};base64,${bytes.toString("base64")}`;
}

/** Width and height of a data:image/jpeg URL the API answered. */
export function jpegSizeOf(src: string): { width: number; height: number } {
  const prefix = "data:image/jpeg;base64,";
  if (!src.startsWith(prefix)) throw new Error(`not a JPEG data URL: ${src.slice(0, 40)}`);
  const image = jpeg.decode(Buffer.from(src.slice(prefix.length), "base64"), { useTArray: true });
  return { width: image.width, height: image.height };
}

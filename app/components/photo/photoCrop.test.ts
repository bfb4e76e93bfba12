import { describe, expect, it } from "vitest";
import {
  centredOffset,
  clampOffset,
  coverScale,
  cropSquare,
  photoFileProblem,
  zoomAround,
} from "./photoCrop.ts";

const MB = 1024 * 1024;

describe("photo checks", () => {
  it("accept JPEG and PNG under 5 MB only", () => {
    expect(photoFileProblem({ type: "image/jpeg", size: MB })).toBeNull();
    expect(photoFileProblem({ type: "image/png", size: 5 * MB - 1 })).toBeNull();
    expect(photoFileProblem({ type: "image/gif", size: 10 })).toBe("errors:network.photo_type");
    expect(photoFileProblem({ type: "image/png", size: 5 * MB })).toBe("errors:network.photo_size");
  });
});

describe("square crop", () => {
  const image = { width: 2000, height: 1000 };
  const frame = 250;

  it("covers the frame at zoom 1 and starts centred", () => {
    const scale = coverScale(image, frame);
    expect(scale).toBe(0.25);
    expect(centredOffset(image, frame, scale)).toEqual({ x: -125, y: 0 });
  });

  it("never uncovers the frame", () => {
    const scale = coverScale(image, frame);
    expect(clampOffset({ x: 40, y: 40 }, image, frame, scale)).toEqual({ x: 0, y: 0 });
    expect(clampOffset({ x: -900, y: -10 }, image, frame, scale)).toEqual({ x: -250, y: 0 });
  });

  it("zooms around the centre and crops at most 512 px", () => {
    const from = coverScale(image, frame);
    const offset = zoomAround(centredOffset(image, frame, from), from, from * 2, frame);
    const square = cropSquare(offset, frame, from * 2);
    expect(square.side).toBe(500);
    expect(square.x + square.side / 2).toBeCloseTo(1000);
    expect(square.y + square.side / 2).toBeCloseTo(500);
    expect(square.output).toBe(500);
    expect(cropSquare({ x: 0, y: 0 }, frame, from).output).toBe(512);
  });
});

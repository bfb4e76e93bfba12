/** An 8-bit RGBA image, as the JPEG and PNG codecs read and write them. */
export type RgbaImage = { width: number; height: number; data: Uint8Array };

/** Size that fits in a `side` x `side` square, keeping the aspect ratio; never enlarged. */
export function fitWithin(width: number, height: number, side: number): { width: number; height: number } {
  const scale = Math.min(1, side / width, side / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

type Span = { start: number; weights: Float32Array };

/** For each target pixel, the source pixels it covers and how much of each (summing to 1). */
function spans(source: number, target: number): Span[] {
  const scale = source / target;
  const result: Span[] = [];
  for (let index = 0; index < target; index += 1) {
    const from = index * scale;
    const to = Math.min(source, (index + 1) * scale);
    const start = Math.floor(from);
    const end = Math.min(source, Math.ceil(to));
    const weights = new Float32Array(end - start);
    for (let offset = 0; offset < weights.length; offset += 1) {
      const pixel = start + offset;
      weights[offset] = (Math.min(to, pixel + 1) - Math.max(from, pixel)) / (to - from);
    }
    result.push({ start, weights });
  }
  return result;
}

/**
 * Area-average downscale (each target pixel is the mean of the source area it covers, partial
 * pixels weighted), in two separable passes. Transparent pixels are flattened onto white, since the
 * result becomes a JPEG. The answer is opaque RGBA.
 */
export function resizeToFit(image: RgbaImage, side: number): RgbaImage {
  const { width, height } = fitWithin(image.width, image.height, side);
  const source = image.data;
  const columns = spans(image.width, width);
  const rows = spans(image.height, height);

  // Pass 1: each source row shrunk to the target width, RGB over white, as floats.
  const narrow = new Float32Array(width * image.height * 3);
  for (let y = 0; y < image.height; y += 1) {
    const rowOffset = y * image.width * 4;
    for (let x = 0; x < width; x += 1) {
      const { start, weights } = columns[x] as Span;
      let red = 0;
      let green = 0;
      let blue = 0;
      for (let offset = 0; offset < weights.length; offset += 1) {
        const pixel = rowOffset + (start + offset) * 4;
        const alpha = (source[pixel + 3] as number) / 255;
        const weight = weights[offset] as number;
        const white = 255 * (1 - alpha);
        red += weight * ((source[pixel] as number) * alpha + white);
        green += weight * ((source[pixel + 1] as number) * alpha + white);
        blue += weight * ((source[pixel + 2] as number) * alpha + white);
      }
      const target = (y * width + x) * 3;
      narrow[target] = red;
      narrow[target + 1] = green;
      narrow[target + 2] = blue;
    }
  }

  // Pass 2: the columns shrunk to the target height.
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    const { start, weights } = rows[y] as Span;
    for (let x = 0; x < width; x += 1) {
      let red = 0;
      let green = 0;
      let blue = 0;
      for (let offset = 0; offset < weights.length; offset += 1) {
        const pixel = ((start + offset) * width + x) * 3;
        const weight = weights[offset] as number;
        red += weight * (narrow[pixel] as number);
        green += weight * (narrow[pixel + 1] as number);
        blue += weight * (narrow[pixel + 2] as number);
      }
      const target = (y * width + x) * 4;
      data[target] = Math.round(red);
      data[target + 1] = Math.round(green);
      data[target + 2] = Math.round(blue);
      data[target + 3] = 255;
    }
  }
  return { width, height, data };
}

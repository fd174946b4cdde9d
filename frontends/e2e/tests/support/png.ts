import { PNG } from 'pngjs';

/** A small real PNG (RGB gradient), made here so the tests ship no binary file. */
export function makePng(width = 160, height = 120): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      png.data[at] = 196;
      png.data[at + 1] = 80 + Math.round((x / width) * 120);
      png.data[at + 2] = 31 + Math.round((y / height) * 120);
      png.data[at + 3] = 255;
    }
  }
  return PNG.sync.write(png, { colorType: 2 }); // RGB, 8 bits per channel, as before
}

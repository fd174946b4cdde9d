import sharp from 'sharp';

/**
 * Draws a plate picture for a demo meal (no internet here to fetch photos): a real JPEG, stored in
 * MinIO and served like any uploaded image.
 */
export async function plateImage(seed: string, [a, b, c]: [string, string, string]): Promise<Buffer> {
  let h = 0;
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const blobs = Array.from({ length: 9 }, (_, i) => {
    const angle = ((h >> i) % 360) * (Math.PI / 180) + i;
    const r = 60 + ((h >> (i + 3)) % 90);
    const x = 400 + Math.cos(angle) * r;
    const y = 300 + Math.sin(angle) * r * 0.8;
    const size = 28 + ((h >> (i + 5)) % 40);
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${size}" fill="${[a, b, c][i % 3]}" opacity="0.92"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <defs>
      <radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#fbf3e4"/><stop offset="1" stop-color="#e9d5b5"/></radialGradient>
      <radialGradient id="plate" cx="45%" cy="40%" r="60%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e8e4dc"/></radialGradient>
    </defs>
    <rect width="800" height="600" fill="url(#bg)"/>
    <ellipse cx="410" cy="322" rx="262" ry="222" fill="#000" opacity="0.12"/>
    <ellipse cx="400" cy="300" rx="260" ry="220" fill="url(#plate)"/>
    <ellipse cx="400" cy="300" rx="190" ry="160" fill="#f7f4ee" stroke="#ddd6ca" stroke-width="3"/>
    <ellipse cx="400" cy="300" rx="150" ry="120" fill="${a}" opacity="0.85"/>
    ${blobs}
    <circle cx="360" cy="260" r="10" fill="#fff" opacity="0.5"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

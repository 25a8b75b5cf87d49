// Renders the app's install icons (src/client/public/icons) from the logo, src/client/public/favicon.svg, with sharp:
// 192 and 512 px as drawn, and a 512 px maskable one whose artwork sits inside the centre's safe zone (a circle of 80%
// of the side) on a full-bleed background, since the launcher crops it to its own shape. Run it when the logo changes:
// `node scripts/make-icons.mjs`; the PNGs are committed.
import { readFileSync, writeFileSync } from "node:fs";
import sharp from "sharp";

const PUBLIC = "src/client/public";
const logo = readFileSync(`${PUBLIC}/favicon.svg`, "utf8");

// The logo without its rounded corners, its drawing scaled to 60% about the centre (64 px viewBox, centre 32).
const maskable = logo
  .replace(/<rect([^>]*) rx="\d+"/, "<rect$1")
  .replace(/<path /, '<path transform="translate(12.8 12.8) scale(0.6)" ');
if (maskable === logo) throw new Error("favicon.svg no longer has the rect and path this script reshapes");

async function render(svg, size, file) {
  const png = await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  writeFileSync(`${PUBLIC}/icons/${file}`, png);
  console.log(`${file}: ${png.length} bytes`);
}

await render(logo, 192, "icon-192.png");
await render(logo, 512, "icon-512.png");
await render(maskable, 512, "icon-maskable-512.png");
await render(logo, 180, "apple-touch-icon.png");

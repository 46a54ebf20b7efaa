import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const publicDir = path.resolve(import.meta.dirname, '../public');
const logosDir = path.join(publicDir, 'logos');
const shipped = [
  ...fs.readdirSync(logosDir).map((name) => path.join(logosDir, name)),
  path.join(publicDir, 'favicon.svg'),
].filter((file) => file.endsWith('.svg'));

/**
 * Issue 34 item 6: an image can't use the page's web fonts, so a logo whose letters are `<text>`
 * is drawn in whatever the viewer's device has (Clifton's "Georgia, serif" fell back to another
 * serif). The logos Lido ships draw their letters as outlines, the same on every device.
 */
describe('the logos Lido ships', () => {
  it('finds them', () => {
    expect(shipped.map((file) => path.basename(file))).toEqual(
      expect.arrayContaining(['brightwater.svg', 'clifton-lido.svg', 'meadowbank.svg', 'lido.svg']),
    );
  });

  it.each(shipped.map((file) => [path.basename(file), file]))(
    '%s draws its letters as outlines, needing no font on the device',
    (_name, file) => {
      const svg = fs.readFileSync(file, 'utf8').replace(/<!--[\s\S]*?-->/g, '');
      expect(svg).not.toMatch(/<text\b|<tspan\b|font-family|@font-face/);
      expect(svg).toMatch(/^<svg [^>]*viewBox="[^"]+"/);
    },
  );
});

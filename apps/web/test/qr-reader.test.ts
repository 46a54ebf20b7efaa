import { afterEach, describe, expect, it, vi } from 'vitest';
import { frameReader } from '../src/features/front-of-house/check-in/qr-reader.ts';

// jsQR stands in as a fake that says which reader read the frame (jsdom has no canvas pixels).
vi.mock('jsqr', () => ({ default: () => ({ data: 'read-by-jsqr' }) }));

const video = { videoWidth: 4, videoHeight: 4 } as HTMLVideoElement;

/** A BarcodeDetector as a browser has it, knowing `formats`, that reads `value` from any frame. */
function browserDetector(formats: string[], value: string) {
  const frames: unknown[] = [];
  class FakeDetector {
    static getSupportedFormats = () => Promise.resolve(formats);
    constructor(public options: { formats: string[] }) {}
    detect(source: unknown) {
      frames.push(source);
      return Promise.resolve(this.options.formats.includes('qr_code') ? [{ rawValue: value }] : []);
    }
  }
  vi.stubGlobal('BarcodeDetector', FakeDetector);
  return frames;
}

afterEach(() => vi.unstubAllGlobals());

/** Decision 0097: the browser's own QR reader where it has one, otherwise jsQR. */
describe('the check-in camera’s QR reader', () => {
  it('reads with the browser’s BarcodeDetector when it knows QR codes', async () => {
    const frames = browserDetector(['ean_13', 'qr_code'], 'card-code-from-the-browser');
    const read = await frameReader();
    expect(await read(video)).toBe('card-code-from-the-browser');
    expect(frames).toEqual([video]);
  });

  it('falls back to jsQR when the browser’s detector knows no QR codes, or there is none', async () => {
    const frames = browserDetector(['ean_13'], 'never');
    HTMLCanvasElement.prototype.getContext = (() => ({
      drawImage: () => undefined,
      getImageData: () => ({ data: new Uint8ClampedArray(64) }),
    })) as unknown as typeof HTMLCanvasElement.prototype.getContext;
    expect(await (await frameReader())(video)).toBe('read-by-jsqr');
    expect(frames).toEqual([]);
    vi.unstubAllGlobals();
    expect(await (await frameReader())(video)).toBe('read-by-jsqr');
  });
});

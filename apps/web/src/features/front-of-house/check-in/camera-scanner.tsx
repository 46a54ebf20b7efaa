import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { type FrameReader, frameReader } from './qr-reader.ts';

/** How often a frame is read, and how long a code must be out of view before it counts again. */
const readEveryMs = 150;
const goneAfterMs = 3000;

type Camera = 'off' | 'starting' | 'on' | 'failed';

const cameraWords: Record<Camera, string> = {
  off: 'The camera is off.',
  starting: 'Starting the camera…',
  on: 'Looking for a QR code. Hold the card up to the camera.',
  failed: 'The camera could not be started. Allow the camera in the browser, or enter the customer ID.',
};

/**
 * The desk's camera, reading membership cards (decision 0097). One button starts and stops it (so
 * focus stays on it); each code is passed on once while it stays in view, and again only after it
 * has been out of view for a moment, so a card held up is one check-in, not one a frame.
 */
export function CameraScanner({ busy, onRead }: { busy: boolean; onRead: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<Camera>('off');
  const stream = useRef<MediaStream | null>(null);
  const reader = useRef<FrameReader | null>(null);
  const lastSeen = useRef<{ text: string; at: number } | null>(null);
  const handlers = useRef({ busy, onRead });
  useEffect(() => {
    handlers.current = { busy, onRead };
  }, [busy, onRead]);

  const stop = () => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    if (video.current) video.current.srcObject = null;
  };

  const start = async () => {
    setCamera('starting');
    try {
      const [media, read] = await Promise.all([
        navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        reader.current ? Promise.resolve(reader.current) : frameReader(),
      ]);
      reader.current = read;
      stream.current = media;
      if (video.current) {
        video.current.srcObject = media;
        await video.current.play();
      }
      setCamera('on');
    } catch {
      stop();
      setCamera('failed');
    }
  };

  useEffect(() => stop, []);

  useEffect(() => {
    if (camera !== 'on') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const tick = async () => {
      const element = video.current;
      if (element && reader.current && !handlers.current.busy) {
        const text = await reader.current(element).catch(() => null);
        const now = Date.now();
        if (text && !cancelled) {
          const seenBefore = lastSeen.current?.text === text && now - lastSeen.current.at < goneAfterMs;
          lastSeen.current = { text, at: now };
          if (!seenBefore) handlers.current.onRead(text);
        }
      }
      if (!cancelled) timer = setTimeout(tick, readEveryMs);
    };
    timer = setTimeout(tick, readEveryMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [camera]);

  return (
    <div className="check-in__camera">
      <Button
        variant={camera === 'on' ? 'secondary' : 'primary'}
        disabled={camera === 'starting'}
        onClick={() => {
          if (camera === 'on') {
            stop();
            setCamera('off');
          } else void start();
        }}
      >
        {camera === 'on' ? 'Stop camera' : 'Start camera'}
      </Button>
      <p className={camera === 'failed' ? 'error-line' : 'check-in__camera-state'} role="status">
        {cameraWords[camera]}
      </p>
      <video
        ref={video}
        className="check-in__video"
        hidden={camera !== 'on'}
        muted
        playsInline
        aria-label="Camera view"
      />
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { cardMessages } from './card-errors.ts';
import { useFrameStatus } from './frame-status.ts';

/**
 * The card provider's drop-in (Opayo's `sagepayCheckout`, served by our sandbox in development):
 * its card fields live in the provider's iframe, so no card number ever enters this page.
 */
export interface TokeniseResult {
  requestId?: string;
  success: boolean;
  cardIdentifier?: string;
  /** `field`: the frame's own check found this field wrong, and the message names it (sandbox extension) */
  error?: { httpCode: number; errorCode: number; errorMessage: string; field?: string };
}

interface DropIn {
  tokenise(options?: { newMerchantSessionKey?: string }): string | undefined;
  /** shows the billing name as the name on the card, unless one was typed there (sandbox extension) */
  prefill?(options: { cardholderName: string }): void;
  destroy(): void;
}

declare global {
  interface Window {
    sagepayCheckout?: (options: {
      merchantSessionKey: string;
      containerSelector: () => Element | null;
      mode?: 'card' | 'cvv';
      cardIdentifier?: string;
      title?: string;
      cardholderName?: string;
      onTokenise: (result: TokeniseResult) => void;
      onReady?: () => void;
      onValidityChange?: (valid: boolean) => void;
    }) => DropIn;
  }
}

/** The spec's limit on waiting for the card frame to answer (joining spec §8). */
export const tokeniseTimeoutMs = 2000;

export class TokeniseTimeout extends Error {
  constructor() {
    super(cardMessages.incomplete);
  }
}

const scripts = new Map<string, Promise<void>>();

/** Loads the provider's script once per URL (its origin is allowed by our CSP). */
export function loadProviderScript(url: string): Promise<void> {
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(url);
        script.remove();
        reject(new Error(cardMessages.notLoaded));
      };
      document.head.appendChild(script);
    });
    scripts.set(url, loading);
  }
  return loading;
}

export function useDropIn(options: {
  scriptUrl: string | undefined;
  sessionKey: string | undefined;
  mode: 'card' | 'cvv';
  cardIdentifier?: string | undefined;
  title: string;
  /** the billing name, shown as the name on the card so it is not asked twice (issue 34 item 5) */
  cardholderName?: string;
}) {
  // A callback ref: the frame is mounted once the container exists.
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const dropIn = useRef<DropIn | null>(null);
  const waiting = useRef(new Map<string, (result: TokeniseResult) => void>());
  const { scriptUrl, sessionKey, mode, cardIdentifier, title, cardholderName = '' } = options;
  // What the frame reported, for the frame it was reported by (a new session starts afresh).
  const frameKey = `${scriptUrl}|${sessionKey}|${mode}|${cardIdentifier ?? ''}`;
  const { current, report } = useFrameStatus(frameKey);
  // The latest billing name, for a frame made after it changed: a frame remade while the customer
  // typed would otherwise start with the name of the render that asked for it.
  const latestName = useRef(cardholderName);
  useEffect(() => {
    latestName.current = cardholderName;
  }, [cardholderName]);

  useEffect(() => {
    if (!scriptUrl || !sessionKey || !container) return;
    let cancelled = false;
    const pending = waiting.current;
    loadProviderScript(scriptUrl)
      .then(() => {
        if (cancelled) return;
        if (!window.sagepayCheckout) throw new Error(cardMessages.notLoaded);
        dropIn.current = window.sagepayCheckout({
          merchantSessionKey: sessionKey,
          containerSelector: () => container,
          mode,
          ...(cardIdentifier ? { cardIdentifier } : {}),
          title,
          cardholderName: latestName.current,
          onReady: () => report({ ready: true }),
          onValidityChange: (valid) => report({ valid }),
          onTokenise: (result) => {
            const done = result.requestId ? pending.get(result.requestId) : undefined;
            if (!done) return; // a late answer after the timeout is ignored
            pending.delete(result.requestId!);
            done(result);
          },
        });
      })
      .catch((error: unknown) => {
        if (!cancelled) report({ error: error instanceof Error ? error.message : cardMessages.notLoaded });
      });
    return () => {
      cancelled = true;
      dropIn.current?.destroy();
      dropIn.current = null;
      pending.clear();
    };
  }, [scriptUrl, sessionKey, mode, cardIdentifier, title, container, report]);

  // The name reaches the frame as it changes, without a new frame; a frame not ready yet keeps it
  // and shows it once it is.
  useEffect(() => {
    dropIn.current?.prefill?.({ cardholderName });
  }, [cardholderName, current.ready]);

  /** Asks the frame for a card identifier; no answer within 2 s is a timeout. */
  function tokenise(newMerchantSessionKey?: string): Promise<TokeniseResult> {
    const frame = dropIn.current;
    if (!frame || !current.ready) return Promise.reject(new Error(cardMessages.notReady));
    return new Promise((resolve, reject) => {
      const requestId = frame.tokenise(newMerchantSessionKey ? { newMerchantSessionKey } : undefined);
      if (!requestId) return reject(new Error(cardMessages.processing));
      const timer = window.setTimeout(() => {
        waiting.current.delete(requestId);
        reject(new TokeniseTimeout());
      }, tokeniseTimeoutMs);
      waiting.current.set(requestId, (result) => {
        window.clearTimeout(timer);
        resolve(result);
      });
    });
  }

  return {
    containerRef: setContainer,
    ready: current.ready,
    valid: current.valid,
    loadError: current.error,
    tokenise,
  };
}

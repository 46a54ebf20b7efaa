import { cleanup } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';

// An unexpected console.error fails the test that caused it.
const errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

// jsdom has <dialog> but not its modal methods; these mirror the browser's open state.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close')); // as the browser does, after the dialog has closed
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  const seen = errors.splice(0);
  expect(seen, 'console.error was called').toEqual([]);
});

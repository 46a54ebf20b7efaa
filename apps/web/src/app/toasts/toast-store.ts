import { useSyncExternalStore } from 'react';
import { appWords } from '../words.ts';

export type ToastType = 'danger' | 'success' | 'neutral' | 'warning';

/** Durations from the spec: payment toasts 10000, most others 5000; 0 never closes. */
export const toastDurations = { short: 3000, normal: 5000, long: 10000, never: 0 } as const;

export interface ToastInput {
  content: string;
  type?: ToastType;
  closeAfter?: number;
  validationMessages?: Record<string, string[]> | null;
  callback?: () => void;
}

export interface Toast extends Required<Omit<ToastInput, 'callback' | 'validationMessages'>> {
  id: number;
  validationMessages: Record<string, string[]> | null;
  callback: (() => void) | undefined;
}

let nextId = 1;
let toasts: Toast[] = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export function showToast(input: ToastInput): number {
  const toast: Toast = {
    id: nextId++,
    content: input.content,
    type: input.type ?? 'neutral',
    closeAfter: input.closeAfter ?? toastDurations.normal,
    validationMessages: input.validationMessages ?? null,
    callback: input.callback,
  };
  toasts = [...toasts, toast];
  emit();
  return toast.id;
}

export function dismissToast(id: number): void {
  const toast = toasts.find((item) => item.id === id);
  if (!toast) return;
  toasts = toasts.filter((item) => item.id !== id);
  emit();
  toast.callback?.();
}

export function clearToasts(): void {
  toasts = [];
  emit();
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
}

/** The spec's "Validation errors" toast for a 422. */
export function showValidationErrors(validationMessages: Record<string, string[]>): number {
  return showToast({ content: appWords('validationErrors'), type: 'danger', validationMessages });
}

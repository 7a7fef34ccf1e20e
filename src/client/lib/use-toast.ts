import { useSyncExternalStore } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@shared/constants.ts';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string | undefined;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

/**
 * A tiny module-level store, so any code (mutation callbacks included) can raise a toast without
 * a provider. It holds one toast at a time; a dismissed toast is dropped after a long delay.
 */
let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]): void {
  items = next;
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  emit([{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT));
  return id;
}

export function dismissToast(id: number): void {
  emit(items.map((item) => (item.id === id ? { ...item, open: false } : item)));
  setTimeout(() => emit(items.filter((item) => item.id !== id)), TOAST_REMOVE_DELAY_MS);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getItems = () => items;

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, getItems, getItems);
}

/**
 * react-i18next imports useSyncExternalStore from the 'use-sync-external-store/shim' package,
 * which on React 18 and later hands over to React's own hook but still ships its fallback for
 * React 17. vite.config.ts points the package here instead, so the front page does not carry
 * that dead fallback (DESIGN.md's 100 KB budget).
 */
export { useSyncExternalStore } from 'react';

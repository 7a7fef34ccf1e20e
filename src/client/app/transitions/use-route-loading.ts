import { useEffect, useState } from 'react';
import { PAGE_TRANSITION } from '@shared/constants.ts';

/** SPEC §4: a loading flag set on every location change and cleared after 100 ms. */
export function useRouteLoading(locationKey: string): boolean {
  const [loading, setLoading] = useState({ key: locationKey, active: true });
  if (loading.key !== locationKey) setLoading({ key: locationKey, active: true });
  useEffect(() => {
    const timer = setTimeout(() => setLoading({ key: locationKey, active: false }), PAGE_TRANSITION.loadingFlagMs);
    return () => clearTimeout(timer);
  }, [locationKey]);
  return loading.key === locationKey && loading.active;
}

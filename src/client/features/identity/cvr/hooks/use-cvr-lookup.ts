import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { CVR_LOOKUP_DELAY_MS } from '@shared/constants.ts';
import type { TCvrCompany } from '@shared/schemas/cvr.ts';
import { cvrInputStatus, normaliseCvr } from '@shared/validation/cvr.ts';
import { toast } from '@/lib/use-toast';
import { isApiError } from '@/lib/api-client';
import { useCvrCompany } from '../api/get-cvr-company';

export type CvrLookupStatus = 'idle' | 'valid' | 'invalid';
/** Why the status is invalid: a failed checksum, an unknown number, or a registry failure. */
export type CvrProblem = 'checksum' | 'notFound' | 'failed';

export interface CvrLookupState {
  status: CvrLookupStatus;
  loading: boolean;
  problem: CvrProblem | null;
  /** The server's own explanation when the registry failed or its quota ran out (502/503). */
  serverMessage: string | null;
  company: TCvrCompany | null;
}

/**
 * The CVR look-up: a value failing the checksum is invalid; a value still being typed is idle;
 * 8 digits with a valid checksum are looked up after a 500 ms pause. Success gives valid, not
 * found or failure gives invalid. Each finished look-up toasts once and reports the company.
 */
export function useCvrLookup(
  value: string,
  onFound?: (company: TCvrCompany) => void,
  /** At registration with the offline registry an unknown number is no error: the account is created unconfirmed. */
  notFoundMeans: 'error' | 'unconfirmed' = 'error',
): CvrLookupState {
  const { t } = useTranslation('cvr');
  const inputStatus = cvrInputStatus(value);
  const candidate = inputStatus === 'valid-format' ? normaliseCvr(value) : null;

  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    if (candidate === null) return;
    const timer = setTimeout(() => setSettled(candidate), CVR_LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [candidate]);
  const lookupCvr = candidate !== null && settled === candidate ? candidate : null;

  const query = useCvrCompany(lookupCvr);
  const notFound = isApiError(query.error) && query.error.status === 404;
  const serverMessage = isApiError(query.error) && query.error.status >= 500 ? (query.error.body?.message ?? null) : null;

  const report = useEffectEvent((company: TCvrCompany | null) => {
    if (company) {
      onFound?.(company);
      toast({ title: t('toast.found.title'), description: t('toast.found.description') });
    } else if (notFound && notFoundMeans === 'unconfirmed') {
      toast({ title: t('toast.notFound.title'), description: t('toast.notFoundUnconfirmed.description') });
    } else if (notFound) {
      toast({ title: t('toast.notFound.title'), description: t('toast.notFound.description'), variant: 'destructive' });
    } else {
      const description = [t('toast.failed.description'), serverMessage].filter(Boolean).join(' ');
      toast({ title: t('toast.failed.title'), description, variant: 'destructive' });
    }
  });

  const reported = useRef<string | null>(null);
  const finished = query.isSuccess || query.isError;
  useEffect(() => {
    if (lookupCvr === null) {
      reported.current = null;
      return;
    }
    if (!finished || reported.current === lookupCvr) return;
    reported.current = lookupCvr;
    report(query.isSuccess ? query.data : null);
  }, [lookupCvr, finished, query.isSuccess, query.data]);

  if (inputStatus === 'invalid') {
    return { status: 'invalid', loading: false, problem: 'checksum', serverMessage: null, company: null };
  }
  if (lookupCvr === null) return { status: 'idle', loading: false, problem: null, serverMessage: null, company: null };
  if (query.isSuccess) return { status: 'valid', loading: false, problem: null, serverMessage: null, company: query.data };
  if (query.isError) {
    return { status: 'invalid', loading: false, problem: notFound ? 'notFound' : 'failed', serverMessage, company: null };
  }
  return { status: 'idle', loading: query.isFetching, problem: null, serverMessage: null, company: null };
}

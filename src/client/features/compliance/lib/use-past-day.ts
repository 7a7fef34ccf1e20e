import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { endOfCopenhagenDay, pastDayOf } from '@/lib/copenhagen-days';

export interface PastDay {
  /** The day chosen (YYYY-MM-DD), or undefined for now. */
  day: string | undefined;
  /** The moment the reports are asked about: the end of that day in Copenhagen (ISO); undefined for now. */
  at: string | undefined;
  setDay: (day: string | undefined) => void;
  /** The query to keep the day on a link to another report ('' for now). */
  query: string;
}

/**
 * The day a compliance report is viewed as of. It comes from the address (?at=YYYY-MM-DD), so a link
 * from the matrix to a person's record or a course's report shows the same moment, and a past view
 * can be reloaded and shared.
 */
export function usePastDay(): PastDay {
  const [params] = useSearchParams();
  const [day, setDayState] = useState(() => pastDayOf(params.get('at')));
  return {
    day,
    at: day ? endOfCopenhagenDay(day) : undefined,
    setDay: (next) => {
      setDayState(next);
      // The address follows without the router: a new location mounts the page afresh (the page
      // stage is keyed by location), which would lose the filters chosen and move focus away.
      const url = new URL(window.location.href);
      if (next) url.searchParams.set('at', next);
      else url.searchParams.delete('at');
      window.history.replaceState(window.history.state, '', url);
    },
    query: day ? `?at=${day}` : '',
  };
}

import { useId } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTranslation } from '@/lib/use-translation';
import { formatDate, formatNumber } from '@/lib/format';
import { currentLocale } from '@/lib/i18n';
import { summariseSeries, type SeriesPoint } from '../lib/series-summary';

/**
 * Enrolments and completions per day (recharts, in its own chunk: see analytics-panel). The
 * drawing is one image with a name; the caption under it says the same in words.
 */
export default function AnalyticsChart({ series, days }: { series: readonly SeriesPoint[]; days: number }) {
  const { t } = useTranslation('account');
  const captionId = useId();
  const summary = summariseSeries(series);
  // The series' dates are UTC days; read at noon UTC they are the same day in every Danish or English time zone.
  const day = new Intl.DateTimeFormat(currentLocale(), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const tick = (date: string) => day.format(new Date(`${date}T12:00:00Z`));
  const names = { enrolments: t('dashboard.analytics.enrolments'), completions: t('dashboard.analytics.completions') };
  return (
    <figure className="flex flex-col gap-3">
      <div
        role="img"
        aria-label={t('dashboard.analytics.chartName', { days })}
        aria-describedby={captionId}
        className="h-72 w-full"
        data-testid="analytics-chart"
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={[...series]} margin={{ top: 8, right: 16, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="date"
              tickFormatter={tick}
              tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }}
              stroke="var(--border)"
              minTickGap={24}
            />
            <YAxis allowDecimals={false} tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }} stroke="var(--border)" />
            <Tooltip
              labelFormatter={(label) => tick(String(label))}
              formatter={(value) => formatNumber(Number(value))}
              contentStyle={{ background: 'var(--card)', border: '1px solid var(--border)', borderRadius: 12, color: 'var(--foreground)' }}
            />
            <Legend wrapperStyle={{ color: 'var(--foreground)', fontSize: 13 }} />
            <Line
              type="monotone"
              dataKey="enrolments"
              name={names.enrolments}
              stroke="var(--accent)"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
            <Line
              type="monotone"
              dataKey="completions"
              name={names.completions}
              stroke="var(--success)"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption id={captionId} className="text-sm text-muted-foreground" data-testid="analytics-chart-summary">
        {t('dashboard.analytics.chartSummary', { days, enrolments: summary.enrolments, completions: summary.completions })}{' '}
        {summary.busiest
          ? t('dashboard.analytics.chartBusiest', { date: formatDate(`${summary.busiest.date}T12:00:00Z`), n: summary.busiest.enrolments })
          : t('dashboard.analytics.chartQuiet')}
      </figcaption>
    </figure>
  );
}

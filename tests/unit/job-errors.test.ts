import { describe, expect, it } from 'vitest';
import { translate } from '../../src/shared/i18n/messages.ts';
import { describeError } from '../../src/server/jobs/views.ts';

// A failed step's error is shown in the reader's language, also when the step failed with an
// AppError (whose message is a message key).
describe('a failed step’s error', () => {
  it('translates an AppError’s message key', () => {
    const stored = JSON.stringify({ message: 'ai.providerUnavailable' });
    expect(describeError(stored, 'en')).toBe(translate('jobs.stepError', 'en', { message: translate('ai.providerUnavailable', 'en') }));
    expect(describeError(stored, 'da')).toContain(translate('ai.providerUnavailable', 'da'));
    expect(describeError(stored, 'da')).not.toContain('ai.providerUnavailable');
  });

  it('shows any other message as it is, inside the step error sentence', () => {
    expect(describeError(JSON.stringify({ message: 'socket hang up' }), 'en')).toBe(
      translate('jobs.stepError', 'en', { message: 'socket hang up' }),
    );
  });
});

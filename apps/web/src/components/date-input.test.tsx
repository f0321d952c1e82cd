import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderInApp, servePreferences } from '@/lib/preferences-test-harness';
import { DateInput, parseTypedDate } from './date-input';

function Harness({ initial = '', onlyDates = false }: { initial?: string; onlyDates?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <div>
      <label htmlFor="when">When</label>
      <DateInput id="when" value={value} onChange={setValue} onlyDates={onlyDates} />
      <output aria-label="Value">{value}</output>
      <button type="button" onClick={() => setValue('2026-12-25')}>
        Set Christmas
      </button>
    </div>
  );
}

describe('parseTypedDate', () => {
  it('reads a date in the given format only', () => {
    expect(parseTypedDate('03/04/2026', 'DD/MM/YYYY')).toBe('2026-04-03');
    expect(parseTypedDate('03/04/2026', 'MM/DD/YYYY')).toBe('2026-03-04');
    expect(parseTypedDate('3.4.26', 'DD.MM.YYYY')).toBe('2026-04-03');
    expect(parseTypedDate('2026-04-03', 'YYYY-MM-DD')).toBe('2026-04-03');
    expect(parseTypedDate('31/04/2026', 'DD/MM/YYYY')).toBeUndefined();
    expect(parseTypedDate('2026-04-03', 'DD/MM/YYYY')).toBeUndefined();
    expect(parseTypedDate('  ', 'DD/MM/YYYY')).toBe('');
  });
});

describe('DateInput', () => {
  it('takes a DD/MM user’s date in DD/MM, shows the format, and rewrites it in full on leaving', async () => {
    servePreferences({ date_format: 'DD/MM/YYYY' });
    const user = userEvent.setup();
    renderInApp(<Harness initial="2026-01-02" />);
    const input = screen.getByLabelText('When');
    await waitFor(() => expect(input).toHaveValue('02/01/2026'));
    expect(input).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    await user.clear(input);
    await user.type(input, '3/4/26');
    expect(screen.getByLabelText('Value')).toHaveTextContent('2026-04-03');
    await user.tab();
    expect(input).toHaveValue('03/04/2026');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks a text that is not a date and hands it on, or keeps the last date when only dates count', async () => {
    servePreferences({ date_format: 'MM/DD/YYYY' });
    const user = userEvent.setup();
    const { unmount } = renderInApp(<Harness initial="2026-01-02" />);
    let input = screen.getByLabelText('When');
    await waitFor(() => expect(input).toHaveValue('01/02/2026'));
    await user.clear(input);
    await user.type(input, '13/45/2026');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Value')).toHaveTextContent('13/45/2026');
    unmount();

    renderInApp(<Harness initial="2026-01-02" onlyDates />);
    input = screen.getByLabelText('When');
    await waitFor(() => expect(input).toHaveValue('01/02/2026'));
    await user.clear(input);
    expect(screen.getByLabelText('Value')).toHaveTextContent('');
    await user.type(input, '13/45');
    expect(screen.getByLabelText('Value')).toHaveTextContent('');
    await user.clear(input);
    await user.type(input, '12/31/2026');
    expect(screen.getByLabelText('Value')).toHaveTextContent('2026-12-31');
  });

  it('shows a date set from outside in the user’s format, and has a calendar button', async () => {
    servePreferences({ date_format: 'DD.MM.YYYY' });
    const user = userEvent.setup();
    renderInApp(<Harness />);
    const input = screen.getByLabelText('When');
    await waitFor(() => expect(input).toHaveAttribute('placeholder', 'DD.MM.YYYY'));
    await user.click(screen.getByRole('button', { name: 'Set Christmas' }));
    expect(input).toHaveValue('25.12.2026');
    expect(screen.getByRole('button', { name: 'Choose a date' })).toBeEnabled();
  });
});

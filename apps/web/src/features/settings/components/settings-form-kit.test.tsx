import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { SettingsSearchProvider } from '../search';
import {
  CheckboxGroupRow,
  DropdownRow,
  EMPTY_SELECT_VALUE_ERROR,
  NumberRow,
  SettingsGroup,
  SwitchRow,
} from './settings-form-kit';

function Threshold({ kind, initial }: { kind: 'spending' | 'low_balance'; initial: number | null }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <NumberRow label="Threshold" kind={kind} value={value} onValueChange={setValue} />
      <p>saved: {value === null ? 'off' : value}</p>
      <Toaster />
    </>
  );
}

function Colours({ max }: { max?: number }) {
  const [values, setValues] = useState<string[]>(['red']);
  return (
    <CheckboxGroupRow
      label="Colours"
      options={[
        { value: 'red', label: 'Red' },
        { value: 'green', label: 'Green' },
        { value: 'blue', label: 'Blue' },
      ]}
      values={values}
      onValuesChange={setValues}
      max={max}
    />
  );
}

describe('settings form kit', () => {
  it('highlights the settings search in titles, labels and descriptions', () => {
    render(
      <SettingsSearchProvider query="bal">
        <SettingsGroup title="Balances" description="Global balance settings">
          <SwitchRow label="Show balances" description="Off masks them" checked onCheckedChange={() => {}} />
        </SettingsGroup>
      </SettingsSearchProvider>,
    );
    const marks = document.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toEqual(['Bal', 'bal', 'bal', 'bal']);
    // The label stays the switch's name (happy-dom spaces out the <mark>, real browsers do not).
    expect(screen.getByRole('switch', { name: /Show bal\s?ances/ })).toBeChecked();
  });

  it('refuses a dropdown option with an empty value', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() =>
        render(
          <DropdownRow
            label="Pick"
            value="a"
            options={[
              { value: 'a', label: 'A' },
              { value: '', label: 'None' },
            ]}
            onValueChange={() => {}}
          />,
        ),
      ).toThrow(EMPTY_SELECT_VALUE_ERROR);
    } finally {
      spy.mockRestore();
    }
  });

  it('picks a dropdown value by keyboard-accessible combobox, showing examples', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    render(
      <DropdownRow
        label="Date Format"
        value="a"
        options={[
          { value: 'a', label: 'MM/DD/YYYY', example: '01/31/2026' },
          { value: 'b', label: 'YYYY-MM-DD', example: '2026-01-31' },
        ]}
        onValueChange={onValueChange}
      />,
    );
    const combobox = screen.getByRole('combobox', { name: 'Date Format' });
    expect(combobox).toHaveTextContent('MM/DD/YYYY — 01/31/2026');
    await user.click(combobox);
    await user.click(await screen.findByRole('option', { name: 'YYYY-MM-DD — 2026-01-31' }));
    expect(onValueChange).toHaveBeenCalledWith('b');
  });

  it('caps a checkbox group: "Selected: n/max" and the other options disabled at the cap', async () => {
    const user = userEvent.setup();
    render(<Colours max={2} />);
    const group = screen.getByRole('group', { name: 'Colours' });
    expect(within(group).getByText('Selected: 1/2')).toBeInTheDocument();
    await user.click(within(group).getByRole('checkbox', { name: 'Blue' }));
    expect(within(group).getByText('Selected: 2/2')).toBeInTheDocument();
    expect(within(group).getByRole('checkbox', { name: 'Green' })).toBeDisabled();
    expect(within(group).getByRole('checkbox', { name: 'Red' })).toBeEnabled();
    await user.click(within(group).getByRole('checkbox', { name: 'Red' }));
    expect(within(group).getByRole('checkbox', { name: 'Green' })).toBeEnabled();
  });

  it('has no counter and no cap without max', async () => {
    const user = userEvent.setup();
    render(<Colours />);
    await user.click(screen.getByRole('checkbox', { name: 'Green' }));
    await user.click(screen.getByRole('checkbox', { name: 'Blue' }));
    expect(screen.queryByText(/Selected:/)).not.toBeInTheDocument();
    expect(
      screen.getAllByRole('checkbox').filter((box) => box.getAttribute('aria-checked') === 'true'),
    ).toHaveLength(3);
  });

  it('takes a threshold in steps of 0.01 from 0 to 1,000,000', async () => {
    const user = userEvent.setup();
    render(<Threshold kind="spending" initial={null} />);
    const input = screen.getByLabelText('Threshold');
    expect(input).toHaveAttribute('step', '0.01');
    expect(input).toHaveAttribute('min', '0');
    expect(input).toHaveAttribute('max', '1000000');
    await user.type(input, '250.75');
    expect(screen.getByText('saved: 250.75')).toBeInTheDocument();
  });

  it('refuses a negative or too large amount with the spec messages, and saves nothing', async () => {
    const user = userEvent.setup();
    render(<Threshold kind="low_balance" initial={100} />);
    const input = screen.getByLabelText('Threshold');
    await user.clear(input);
    await user.type(input, '-5');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Invalid amount: Please enter a valid positive number',
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('saved: 100')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '1000001' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid positive number');
    expect(screen.getByText('saved: 100')).toBeInTheDocument();
    // Leaving the field says so once more and puts the saved value back.
    await user.tab();
    expect(await screen.findByText('Invalid amount')).toBeInTheDocument();
    expect(input).toHaveValue(100);
  });

  it('turns a blank spending threshold off (null)', async () => {
    const user = userEvent.setup();
    render(<Threshold kind="spending" initial={300} />);
    await user.clear(screen.getByLabelText('Threshold'));
    expect(screen.getByText('saved: off')).toBeInTheDocument();
  });

  it('puts a blank low-balance threshold back to 100', async () => {
    const user = userEvent.setup();
    render(<Threshold kind="low_balance" initial={40} />);
    const input = screen.getByLabelText('Threshold');
    await user.clear(input);
    expect(screen.getByText('saved: 100')).toBeInTheDocument();
    await user.tab();
    expect(input).toHaveValue(100);
  });
});

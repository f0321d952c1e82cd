import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { OtpInput } from './otp-input';

function Harness({ length }: { length?: number }) {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="otp">Code</label>
      <OtpInput id="otp" value={value} onChange={setValue} length={length} />
    </>
  );
}

describe('OtpInput', () => {
  it('keeps digits only, up to the length, from typing and pasting', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Code');
    await user.type(input, '1a2 b3');
    expect(input).toHaveValue('123');
    await user.clear(input);
    await user.click(input);
    await user.paste('987 654 321');
    expect(input).toHaveValue('987654');
  });

  it('honours a custom length', async () => {
    const user = userEvent.setup();
    render(<Harness length={4} />);
    await user.type(screen.getByLabelText('Code'), '123456');
    expect(screen.getByLabelText('Code')).toHaveValue('1234');
  });
});

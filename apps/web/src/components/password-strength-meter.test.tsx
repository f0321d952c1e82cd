import { PASSWORD_FEEDBACK } from '@lodestar/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordStrengthMeter } from './password-strength-meter';

describe('PasswordStrengthMeter', () => {
  it('shows nothing for an empty password', () => {
    render(<PasswordStrengthMeter password="" />);
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
  });

  it.each([
    ['abc', 'Weak'],
    ['abcdefghijkL1', 'Medium'],
    ['Abcdefghijklmnop1!', 'Strong'],
  ])('rates %s as %s, in text as well as the meter', (password, level) => {
    render(<PasswordStrengthMeter password={password} />);
    expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute('aria-valuetext', level);
    expect(screen.getByText(level)).toBeInTheDocument();
  });

  it('lists the unmet hints and is announced politely', () => {
    render(<PasswordStrengthMeter password="abc" />);
    expect(screen.getByText(PASSWORD_FEEDBACK.length)).toBeInTheDocument();
    expect(screen.getByText(PASSWORD_FEEDBACK.special)).toBeInTheDocument();
    expect(screen.getByTestId('password-strength')).toHaveAttribute('aria-live', 'polite');
  });
});

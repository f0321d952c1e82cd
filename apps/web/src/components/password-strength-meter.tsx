import { passwordStrength, type PasswordStrength } from '@lodestar/domain';
import { cn } from '@/lib/utils';

const LEVEL_TEXT: Record<PasswordStrength['level'], string> = {
  weak: 'Weak',
  medium: 'Medium',
  strong: 'Strong',
};

const LEVEL_BAR: Record<PasswordStrength['level'], string> = {
  weak: 'bg-destructive',
  medium: 'bg-brand',
  strong: 'bg-primary',
};

const SEGMENTS = 5;

export type PasswordStrengthMeterProps = { password: string; id?: string; className?: string };

/**
 * Spec §5 password strength: a five-segment meter, the level (weak/medium/strong) as text and the
 * unmet hints. Nothing is shown for an empty password. Changes are announced politely.
 */
export function PasswordStrengthMeter({ password, id, className }: PasswordStrengthMeterProps) {
  const strength = password ? passwordStrength(password) : undefined;
  return (
    <div id={id} className={cn('space-y-1.5', className)} aria-live="polite" data-testid="password-strength">
      {strength ? (
        <>
          <div className="flex items-center gap-2">
            <div
              className="flex flex-1 gap-1"
              role="meter"
              aria-label="Password strength"
              aria-valuemin={0}
              aria-valuemax={SEGMENTS}
              aria-valuenow={strength.score}
              aria-valuetext={LEVEL_TEXT[strength.level]}
            >
              {Array.from({ length: SEGMENTS }, (_, index) => (
                <span
                  key={index}
                  className={cn(
                    'h-1.5 flex-1 rounded-full',
                    index < strength.score ? LEVEL_BAR[strength.level] : 'bg-muted',
                  )}
                />
              ))}
            </div>
            <span className="w-16 text-right text-xs font-medium text-muted-foreground">
              {LEVEL_TEXT[strength.level]}
            </span>
          </div>
          {strength.feedback.length > 0 && (
            <ul className="list-disc space-y-0.5 pl-4 text-xs text-muted-foreground">
              {strength.feedback.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </div>
  );
}

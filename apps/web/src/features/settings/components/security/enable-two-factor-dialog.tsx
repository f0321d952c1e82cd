import { MESSAGES, otpCodeSchema } from '@lodestar/domain';
import { LIMITS } from '@lodestar/domain/constants';
import { useQueryClient } from '@tanstack/react-query';
import { Copy, ShieldCheck, Smartphone } from 'lucide-react';
import QRCode from 'qrcode';
import { type FormEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { OtpInput } from '@/components/otp-input';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { SESSION_QUERY_KEY } from '@/lib/session';
import { copyToClipboard } from '../../clipboard';
import { SETTINGS_TOASTS } from '../../messages';
import { useSessionExpiredHandler } from '@/lib/session';
import { type MfaEnrollment, userApi, userQueryKeys } from '../../user-api';

export type EnableTwoFactorStep = 'enroll' | 'verify' | 'backup';

type State = {
  step: EnableTwoFactorStep;
  enrollment: MfaEnrollment | null;
  /** The QR code as a data: URL (an SVG image), or null when it could not be drawn. */
  qrCode: string | null;
  code: string;
  codeError?: string;
  recoveryCodes: string[];
  busy: boolean;
};

const INITIAL: State = {
  step: 'enroll',
  enrollment: null,
  qrCode: null,
  code: '',
  recoveryCodes: [],
  busy: false,
};

/** The otpauth:// URI drawn as an SVG QR code in a data: URL (the CSP allows data: images, not inline scripts). */
async function qrCodeDataUrl(uri: string): Promise<string | null> {
  try {
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  } catch (error) {
    console.error('Could not draw the QR code', error);
    return null;
  }
}

const STEP_NUMBER: Record<EnableTwoFactorStep, number> = { enroll: 1, verify: 2, backup: 3 };

/**
 * Enable 2FA (spec §4): enroll → verify (after enrollment succeeds) → backup (after the code is
 * accepted). Back on verify returns to enroll; a wrong code is cleared and the step stays. Recovery
 * codes are shown once; "I've Saved My Codes" reports success, refreshes the 2FA status and clears
 * everything. Closing at any step clears the state too.
 */
export function EnableTwoFactorDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const onSessionExpired = useSessionExpiredHandler();
  const [state, setState] = useState<State>(INITIAL);
  const patch = (changes: Partial<State>) => setState((current) => ({ ...current, ...changes }));
  const codeInput = useRef<HTMLInputElement>(null);
  const id = useId();

  const refreshStatus = () => {
    void queryClient.invalidateQueries({ queryKey: userQueryKeys.all });
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };

  const close = () => {
    // An abandoned enrollment leaves an unverified factor, which does not turn 2FA on; after the
    // backup step 2FA is on, so the status is re-read either way.
    if (state.step !== 'enroll') refreshStatus();
    setState(INITIAL);
    onOpenChange(false);
  };

  const changeOpen = (next: boolean) => {
    if (next) return onOpenChange(true);
    // Recovery codes are shown once: the backup step ends only with "I've Saved My Codes".
    if (state.busy || state.step === 'backup') return;
    close();
  };

  const startEnrollment = async () => {
    if (state.busy) return;
    patch({ busy: true });
    try {
      const enrollment = await userApi.enrollMfa();
      const qrCode = await qrCodeDataUrl(enrollment.uri);
      setState({ ...INITIAL, step: 'verify', enrollment, qrCode });
    } catch (failure) {
      console.error('2FA enrollment failed', failure);
      patch({ busy: false });
      if (onSessionExpired(failure)) return;
      toast.error(SETTINGS_TOASTS.twoFactorStartFailed);
    }
  };

  /** The code as the domain rule reads it, or undefined after showing the rule's message on the field. */
  const checkedCode = (): string | undefined => {
    const parsed = otpCodeSchema.safeParse(state.code);
    if (parsed.success) return parsed.data;
    patch({ codeError: parsed.error.issues[0]?.message ?? MESSAGES.sixDigitCode });
    codeInput.current?.focus();
    return undefined;
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (state.busy || !state.enrollment) return;
    const code = checkedCode();
    if (code === undefined) return;
    patch({ busy: true, codeError: undefined });
    try {
      const { recoveryCodes } = await userApi.verifyMfa(state.enrollment.factorId, code);
      setState((current) => ({ ...current, step: 'backup', code: '', recoveryCodes, busy: false }));
    } catch (failure) {
      console.error('2FA verification failed', failure);
      patch({ busy: false, code: '' });
      if (onSessionExpired(failure)) return;
      // Under the field as well as the toast, until the next try.
      patch({ codeError: SETTINGS_TOASTS.invalidCode });
      toast.error(SETTINGS_TOASTS.invalidCode);
      codeInput.current?.focus();
    }
  };

  const finish = () => {
    toast.success(SETTINGS_TOASTS.twoFactorEnabled);
    close();
  };

  const codeValid = state.code.length === LIMITS.otpLength;
  const codeErrorId = `${id}-code-error`;

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent
        showCloseButton={state.step !== 'backup'}
        onInteractOutside={(event) => {
          if (state.step === 'backup' || state.busy) event.preventDefault();
        }}
      >
        <DialogHeader>
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
            Step {STEP_NUMBER[state.step]} of 3
          </p>
          <DialogTitle>
            {state.step === 'enroll'
              ? 'Enable Two-Factor Authentication'
              : state.step === 'verify'
                ? 'Scan and verify'
                : 'Save your recovery codes'}
          </DialogTitle>
          <DialogDescription>
            {state.step === 'enroll'
              ? 'Protect your account with a second step at sign-in: a 6-digit code from an authenticator app.'
              : state.step === 'verify'
                ? 'Scan the QR code with your authenticator app, or enter the setup key by hand, then type the 6-digit code it shows.'
                : 'Each code signs you in once if you lose your authenticator. They are shown only this once: store them somewhere safe.'}
          </DialogDescription>
        </DialogHeader>

        {state.step === 'enroll' ? (
          <>
            <div className="flex gap-3 rounded-md bg-muted p-4 text-sm">
              <Smartphone aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
              <p>
                You need an authenticator app such as 1Password, Bitwarden, Google Authenticator or Authy.
                After this, signing in asks for your password and a code from the app.
              </p>
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" disabled={state.busy} onClick={close}>
                Cancel
              </Button>
              <Button type="button" disabled={state.busy} onClick={() => void startEnrollment()}>
                {state.busy ? 'Starting...' : 'Continue'}
              </Button>
            </DialogFooter>
          </>
        ) : null}

        {state.step === 'verify' && state.enrollment ? (
          <form noValidate onSubmit={(event) => void verify(event)} className="grid gap-4">
            <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
              {state.qrCode ? (
                <img
                  src={state.qrCode}
                  alt="QR code to scan with your authenticator app"
                  width={176}
                  height={176}
                  className="size-44 shrink-0 rounded-md border bg-white p-2"
                />
              ) : (
                <p className="text-sm text-muted-foreground">
                  The QR code could not be drawn: enter the setup key instead.
                </p>
              )}
              <div className="grid w-full min-w-0 gap-2">
                <p id={`${id}-secret-label`} className="text-sm font-medium">
                  Setup key
                </p>
                <div className="flex items-center gap-2">
                  <code
                    aria-labelledby={`${id}-secret-label`}
                    className="min-w-0 flex-1 break-all rounded-md bg-muted px-3 py-2 font-mono text-sm"
                  >
                    {state.enrollment.secret}
                  </code>
                  <Button
                    type="button"
                    variant="outline"
                    size="icon"
                    aria-label="Copy setup key"
                    onClick={() =>
                      void copyToClipboard(state.enrollment?.secret ?? '', SETTINGS_TOASTS.codeCopied)
                    }
                  >
                    <Copy aria-hidden="true" />
                  </Button>
                </div>
              </div>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-code`}>Verification code</Label>
              <OtpInput
                id={`${id}-code`}
                ref={codeInput}
                value={state.code}
                onChange={(code) => patch({ code })}
                length={LIMITS.otpLength}
                autoFocus
                readOnly={state.busy}
                onKeyDown={(event) => {
                  // Verify is disabled until six digits are in, which also blocks Enter: say why instead.
                  if (event.key === 'Enter' && !codeValid && !state.busy) {
                    event.preventDefault();
                    checkedCode();
                  }
                }}
                aria-invalid={state.codeError ? true : undefined}
                aria-describedby={state.codeError ? codeErrorId : undefined}
              />
              {state.codeError ? (
                <p id={codeErrorId} className="text-sm font-medium text-destructive">
                  {state.codeError}
                </p>
              ) : null}
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" disabled={state.busy} onClick={() => setState(INITIAL)}>
                Back
              </Button>
              <Button type="submit" disabled={state.busy || !codeValid}>
                {state.busy ? 'Verifying...' : 'Verify'}
              </Button>
            </DialogFooter>
          </form>
        ) : null}

        {state.step === 'backup' ? (
          <>
            <ol aria-label="Recovery codes" className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2">
              {state.recoveryCodes.map((code, index) => (
                <li
                  key={`${index}-${code}`}
                  className="flex items-center justify-between gap-2 rounded-md bg-muted py-1 pl-3 pr-1"
                >
                  <code className="font-mono text-sm">{code}</code>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={`Copy recovery code ${index + 1}`}
                    onClick={() => void copyToClipboard(code, SETTINGS_TOASTS.codeCopied)}
                  >
                    <Copy aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ol>
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                onClick={() =>
                  void copyToClipboard(state.recoveryCodes.join('\n'), SETTINGS_TOASTS.allCodesCopied)
                }
              >
                <Copy aria-hidden="true" />
                Copy all
              </Button>
              <Button type="button" onClick={finish}>
                <ShieldCheck aria-hidden="true" />
                I&apos;ve Saved My Codes
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

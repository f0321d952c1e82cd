import { ExternalLink } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '../api';
import { useConnectSimplefin } from '../queries';

/** The message the server gave for the token (a 400 names the field), else its general message. */
function tokenProblem(error: unknown): string {
  if (error instanceof ApiError) {
    const item = error.items.find((entry) => entry.field === 'setupToken');
    if (item) return item.message;
  }
  return errorMessage(error);
}

/**
 * Paste a SimpleFIN setup token, connect; the first sync starts at once and shows its progress in the
 * connections list. With `connectionId` the token reconnects that SimpleFIN connection instead.
 */
export function SimplefinConnectForm({
  setupUrl,
  connectionId,
  onCancel,
  onConnected,
}: {
  setupUrl: string | null;
  connectionId?: string;
  onCancel: () => void;
  onConnected: () => void;
}) {
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const connect = useConnectSimplefin();
  const fieldId = useId();
  const helpId = useId();
  const problemId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (connect.isPending) return;
    if (!token.trim()) {
      setProblem('Paste the setup token from SimpleFIN Bridge');
      return;
    }
    setProblem(null);
    connect.mutate(
      { setupToken: token.trim(), ...(connectionId ? { connectionId } : {}) },
      {
        onSuccess: () => onConnected(),
        onError: (error) => setProblem(tokenProblem(error)),
      },
    );
  };
  return (
    <form className="grid grid-cols-1 gap-3" onSubmit={submit} noValidate>
      <div className="grid grid-cols-1 gap-1.5">
        <Label htmlFor={fieldId}>Setup token</Label>
        <Textarea
          id={fieldId}
          value={token}
          onChange={(event) => setToken(event.target.value)}
          rows={4}
          spellCheck={false}
          autoComplete="off"
          className="font-mono text-xs [overflow-wrap:anywhere]"
          aria-describedby={problem ? `${helpId} ${problemId}` : helpId}
          aria-invalid={problem ? true : undefined}
        />
        <p id={helpId} className="text-sm text-muted-foreground">
          In SimpleFIN Bridge, connect your banks, then create a setup token for this app and paste it here. A
          token works once; Lodestar keeps the access it gives encrypted and syncs at most every 4 hours.
        </p>
        {problem ? (
          <p id={problemId} role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {setupUrl ? (
          <a
            className="inline-flex items-center gap-1 text-sm font-medium text-primary underline underline-offset-4"
            href={setupUrl}
            target="_blank"
            rel="noreferrer noopener"
          >
            Get a setup token
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only">(opens SimpleFIN Bridge in a new tab)</span>
          </a>
        ) : (
          <span />
        )}
        <div className="flex gap-2">
          <Button type="button" variant="outline" onClick={onCancel} disabled={connect.isPending}>
            {connectionId ? 'Cancel' : 'Back'}
          </Button>
          <Button type="submit" disabled={connect.isPending}>
            {connect.isPending ? 'Connecting...' : connectionId ? 'Reconnect' : 'Connect'}
          </Button>
        </div>
      </div>
    </form>
  );
}

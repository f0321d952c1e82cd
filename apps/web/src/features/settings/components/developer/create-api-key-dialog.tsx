import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSessionExpiredHandler } from '@/lib/session';
import { copyToClipboard } from '../../clipboard';
import { Highlight } from '../../search';
import {
  API_KEY_EXPIRY_DAYS,
  API_KEY_NAME_MAX,
  type ApiKeyScope,
  apiKeyNameError,
  type CreatedApiKey,
  developerApi,
  developerQueryKeys,
} from '../../developer-api';

export const API_KEY_TOASTS = {
  created: 'API key created',
  createFailed: 'Failed to create API key',
  revoked: 'API key revoked',
  revokeFailed: 'Failed to revoke API key',
} as const;

export const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  read: 'Read only',
  read_write: 'Read & write',
};

const SCOPE_OPTIONS = [
  { value: 'read', label: SCOPE_LABELS.read },
  { value: 'read_write', label: SCOPE_LABELS.read_write },
] as const;

type ExpiryChoice = 'never' | '30' | '90' | '365';

const EXPIRY_OPTIONS = API_KEY_EXPIRY_DAYS.map((days) => ({
  value: (days === null ? 'never' : String(days)) as ExpiryChoice,
  label: days === null ? 'Never' : `${days} days`,
}));

const expiryDays = (choice: ExpiryChoice): number | null => (choice === 'never' ? null : Number(choice));

/** The secret, shown once, with Copy and the warning that it will not be shown again. */
function SecretStep({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Copy your new API key</DialogTitle>
        <DialogDescription>
          {`“${created.key.name}” is ready. Send it as Authorization: Bearer <key>.`}
        </DialogDescription>
      </DialogHeader>
      <p
        role="alert"
        className="flex gap-2 rounded-md border border-amber-700/40 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-400/10 dark:text-amber-100 in-[.high-contrast]:border-foreground in-[.high-contrast]:bg-card in-[.high-contrast]:text-foreground"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          This is the only time the key is shown: it will not be shown again. Store it somewhere safe, such as
          a password manager. If you lose it, revoke it and create a new one.
        </span>
      </p>
      <FormField label="Your API key">
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              readOnly
              value={created.secret}
              spellCheck={false}
              autoComplete="off"
              className="font-mono"
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button
              type="button"
              variant="outline"
              aria-label="Copy API key"
              onClick={() => void copyToClipboard(created.secret)}
            >
              <Copy aria-hidden="true" />
              Copy
            </Button>
          </div>
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </>
  );
}

/** 'Create API Key': name, scope (read only by default) and expiry, then the secret shown once. */
export function CreateApiKeyDialog() {
  const queryClient = useQueryClient();
  const onSessionExpired = useSessionExpiredHandler();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [expiry, setExpiry] = useState<ExpiryChoice>('never');
  const [nameError, setNameError] = useState<string>();
  const [created, setCreated] = useState<CreatedApiKey>();

  const create = useMutation({
    mutationFn: () => developerApi.createApiKey({ name, scope, expiresInDays: expiryDays(expiry) }),
    onSuccess: (result) => {
      setCreated(result);
      toast.success(API_KEY_TOASTS.created);
      void queryClient.invalidateQueries({ queryKey: developerQueryKeys.apiKeys });
    },
    onError: (failure) => {
      console.error('Creating an API key failed', failure);
      if (onSessionExpired(failure)) return;
      const fieldError =
        failure instanceof ApiError ? failure.items.find((item) => item.field === 'name') : undefined;
      if (fieldError) setNameError(fieldError.message);
      else toast.error(API_KEY_TOASTS.createFailed, { description: errorMessage(failure) });
    },
  });

  const reset = () => {
    setName('');
    setScope('read');
    setExpiry('never');
    setNameError(undefined);
    // The secret leaves memory with the dialog.
    setCreated(undefined);
    create.reset();
  };

  const changeOpen = (next: boolean) => {
    if (create.isPending) return;
    if (!next) reset();
    setOpen(next);
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button>
          <Highlight text="Create API Key" />
        </Button>
      </DialogTrigger>
      <DialogContent
        // While the secret shows, a stray click outside must not throw it away.
        onInteractOutside={(event) => created && event.preventDefault()}
      >
        {created ? (
          <SecretStep created={created} onDone={() => changeOpen(false)} />
        ) : (
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              const problem = apiKeyNameError(name);
              setNameError(problem);
              if (!problem && !create.isPending) create.mutate();
            }}
          >
            <DialogHeader>
              <DialogTitle>Create API key</DialogTitle>
              <DialogDescription>
                A key lets a program read, or also change, your data through the API.
              </DialogDescription>
            </DialogHeader>
            <FormField label="Name" error={nameError} hint={`Up to ${API_KEY_NAME_MAX} characters.`}>
              {(control) => (
                <Input
                  {...control}
                  name="name"
                  autoComplete="off"
                  placeholder="e.g. Home Assistant"
                  value={name}
                  readOnly={create.isPending}
                  onChange={(event) => {
                    setName(event.target.value);
                    if (nameError) setNameError(undefined);
                  }}
                />
              )}
            </FormField>
            <div className="grid gap-2">
              <p className="text-sm font-medium">Access</p>
              <SegmentedControl
                label="Access"
                value={scope}
                options={SCOPE_OPTIONS}
                onValueChange={setScope}
              />
              <p className="text-xs text-muted-foreground">
                {scope === 'read'
                  ? 'Can read your data, never change it.'
                  : 'Can read and change your data. It can never manage keys, sessions, exports or your account.'}
              </p>
            </div>
            <div className="grid gap-2">
              <p className="text-sm font-medium">Expires</p>
              <SegmentedControl
                label="Expires"
                value={expiry}
                options={EXPIRY_OPTIONS}
                onValueChange={setExpiry}
              />
            </div>
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                disabled={create.isPending}
                onClick={() => changeOpen(false)}
              >
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Creating...' : 'Create Key'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

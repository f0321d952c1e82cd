import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Send, TriangleAlert, Webhook } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { FormField } from '@/components/form-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
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
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSessionExpiredHandler } from '@/lib/session';
import { copyToClipboard } from '../../clipboard';
import { useSettingsDates } from '../../format';
import {
  type CreatedWebhook,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookList,
  webhookKeys,
  webhooksApi,
} from '../../webhooks-api';
import { CardEmpty, CardError, CardLoading } from '../card-states';
import { ConfirmActionDialog } from '../confirm-action-dialog';
import { SettingsGroup } from '../settings-form-kit';

export const WEBHOOK_TOASTS = {
  created: 'Webhook endpoint added',
  createFailed: 'Failed to add the webhook endpoint',
  testQueued: 'Test event sent: see the delivery log',
  testFailed: 'Failed to send the test event',
  deleted: 'Webhook endpoint deleted',
  changed: 'Webhook endpoint updated',
} as const;

const STATUS_LABELS: Record<WebhookDelivery['status'], string> = {
  pending: 'Waiting to retry',
  sending: 'Sending',
  succeeded: 'Delivered',
  failed: 'Failed',
};

function SecretStep({ created, onDone }: { created: CreatedWebhook; onDone: () => void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Copy the signing secret</DialogTitle>
        <DialogDescription>
          Every delivery to {created.endpoint.url} carries a Lodestar-Signature header: HMAC-SHA256 of the
          timestamp, a dot and the body, keyed with this secret.
        </DialogDescription>
      </DialogHeader>
      <p
        role="alert"
        className="flex gap-2 rounded-md border border-amber-700/40 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-400/10 dark:text-amber-100 in-[.high-contrast]:border-foreground in-[.high-contrast]:bg-card in-[.high-contrast]:text-foreground"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>This is the only time the secret is shown. Store it where your receiver can read it.</span>
      </p>
      <FormField label="Signing secret">
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
              aria-label="Copy signing secret"
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

function AddWebhookDialog({ events, disabled }: { events: WebhookList['events']; disabled: boolean }) {
  const queryClient = useQueryClient();
  const onSessionExpired = useSessionExpiredHandler();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [urlError, setUrlError] = useState<string>();
  const [eventsError, setEventsError] = useState<string>();
  const [created, setCreated] = useState<CreatedWebhook>();
  const groupId = useId();
  const create = useMutation({
    mutationFn: () => webhooksApi.create(url, chosen),
    onSuccess: (result) => {
      setCreated(result);
      toast.success(WEBHOOK_TOASTS.created);
      void queryClient.invalidateQueries({ queryKey: webhookKeys.list });
    },
    onError: (failure) => {
      if (onSessionExpired(failure)) return;
      const field =
        failure instanceof ApiError ? failure.items.find((item) => item.field === 'url') : undefined;
      if (field) setUrlError(field.message);
      else toast.error(WEBHOOK_TOASTS.createFailed, { description: errorMessage(failure) });
    },
  });
  const changeOpen = (next: boolean) => {
    if (create.isPending) return;
    if (!next) {
      setUrl('');
      setChosen([]);
      setUrlError(undefined);
      setEventsError(undefined);
      setCreated(undefined);
      create.reset();
    }
    setOpen(next);
  };
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button disabled={disabled}>Add endpoint</Button>
      </DialogTrigger>
      <DialogContent onInteractOutside={(event) => created && event.preventDefault()}>
        {created ? (
          <SecretStep created={created} onDone={() => changeOpen(false)} />
        ) : (
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              const urlProblem =
                url.trim() === '' ? 'Enter the endpoint’s address, starting with https://' : undefined;
              const eventsProblem = chosen.length === 0 ? 'Choose at least one event' : undefined;
              setUrlError(urlProblem);
              setEventsError(eventsProblem);
              if (!urlProblem && !eventsProblem && !create.isPending) create.mutate();
            }}
          >
            <DialogHeader>
              <DialogTitle>Add webhook endpoint</DialogTitle>
              <DialogDescription>
                Lodestar posts a signed JSON message to this address when one of the chosen events happens.
              </DialogDescription>
            </DialogHeader>
            <FormField
              label="Endpoint URL"
              error={urlError}
              hint="An https address your receiver listens on."
            >
              {(control) => (
                <Input
                  {...control}
                  name="url"
                  type="url"
                  autoComplete="off"
                  placeholder="https://example.com/hooks/lodestar"
                  value={url}
                  readOnly={create.isPending}
                  onChange={(event) => {
                    setUrl(event.target.value);
                    if (urlError) setUrlError(undefined);
                  }}
                />
              )}
            </FormField>
            <fieldset className="grid gap-2" aria-describedby={eventsError ? `${groupId}-error` : undefined}>
              <legend className="mb-1 text-sm font-medium">Events</legend>
              {events.map((event) => {
                const id = `${groupId}-${event.type}`;
                return (
                  <div key={event.type} className="flex items-start gap-2">
                    <Checkbox
                      id={id}
                      checked={chosen.includes(event.type)}
                      onCheckedChange={(checked) => {
                        setChosen((current) =>
                          checked === true
                            ? [...current, event.type]
                            : current.filter((type) => type !== event.type),
                        );
                        setEventsError(undefined);
                      }}
                    />
                    <label htmlFor={id} className="text-sm leading-4">
                      {event.label}{' '}
                      <span className="font-mono text-xs text-muted-foreground">{event.type}</span>
                    </label>
                  </div>
                );
              })}
              {eventsError ? (
                <p id={`${groupId}-error`} className="text-sm font-medium text-destructive">
                  {eventsError}
                </p>
              ) : null}
            </fieldset>
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
                {create.isPending ? 'Adding...' : 'Add endpoint'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const dates = useSettingsDates();
  const log = useQuery({
    queryKey: webhookKeys.deliveries(endpoint.id),
    queryFn: () => webhooksApi.deliveries(endpoint.id),
    // While a delivery is under way, look again shortly.
    refetchInterval: (query) =>
      query.state.data?.deliveries.some(
        (d) => d.status === 'sending' || (d.status === 'pending' && d.attempts === 0),
      )
        ? 1_000
        : false,
  });
  if (log.isPending) return <CardLoading label="Loading deliveries" rows={2} />;
  if (log.isError)
    return (
      <CardError
        title="Failed to load deliveries"
        error={log.error}
        onRetry={() => void log.refetch()}
        retrying={log.isFetching}
      />
    );
  if (log.data.deliveries.length === 0)
    return <p className="text-sm text-muted-foreground">No deliveries yet.</p>;
  return (
    // Focusable so the table can be scrolled sideways by keyboard on a narrow screen.
    <div
      className="overflow-x-auto"
      tabIndex={0}
      role="region"
      aria-label={`Delivery log of ${endpoint.url}`}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{`Deliveries to ${endpoint.url}, newest first`}</caption>
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              When
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Event
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Result
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Status codes
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {log.data.deliveries.map((delivery) => (
            <tr key={delivery.id}>
              <td className="py-1.5 pr-3 whitespace-nowrap">
                <time dateTime={delivery.createdAt}>{dates.dateTime(delivery.createdAt)}</time>
              </td>
              <td className="py-1.5 pr-3 font-mono text-xs">{delivery.eventType}</td>
              <td className="py-1.5 pr-3">
                <Badge
                  variant={
                    delivery.status === 'succeeded'
                      ? 'success'
                      : delivery.status === 'failed'
                        ? 'destructive'
                        : 'warning'
                  }
                >
                  {STATUS_LABELS[delivery.status]}
                </Badge>
              </td>
              <td className="py-1.5 pr-3 font-mono text-xs">
                {delivery.log.length === 0
                  ? '—'
                  : delivery.log.map((attempt) => attempt.status ?? attempt.error ?? '—').join(' → ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function EndpointRow({ endpoint }: { endpoint: WebhookEndpoint }) {
  const queryClient = useQueryClient();
  const onSessionExpired = useSessionExpiredHandler();
  const [showLog, setShowLog] = useState(false);
  const logId = useId();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: webhookKeys.list });
    void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpoint.id) });
  };
  const test = useMutation({
    mutationFn: () => webhooksApi.test(endpoint.id),
    onSuccess: () => {
      toast.success(WEBHOOK_TOASTS.testQueued);
      setShowLog(true);
      refresh();
    },
    onError: (failure) => {
      if (!onSessionExpired(failure))
        toast.error(WEBHOOK_TOASTS.testFailed, { description: errorMessage(failure) });
    },
  });
  const toggle = useMutation({
    mutationFn: () => webhooksApi.setEnabled(endpoint.id, !endpoint.enabled),
    onSuccess: () => {
      toast.success(WEBHOOK_TOASTS.changed);
      refresh();
    },
    onError: (failure) => {
      if (!onSessionExpired(failure)) toast.error(errorMessage(failure));
    },
  });
  const remove = async () => {
    try {
      await webhooksApi.remove(endpoint.id);
      toast.success(WEBHOOK_TOASTS.deleted);
      await queryClient.invalidateQueries({ queryKey: webhookKeys.list });
      return true;
    } catch (failure) {
      if (!onSessionExpired(failure)) toast.error(errorMessage(failure));
      return false;
    }
  };
  return (
    <li className="space-y-3 px-5 py-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 gap-3">
          <Webhook aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
          <div className="min-w-0 space-y-1">
            <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
              <span className="break-all">{endpoint.url}</span>
              {endpoint.enabled ? <Badge variant="success">On</Badge> : <Badge variant="warning">Off</Badge>}
            </p>
            {endpoint.disabledReason && !endpoint.enabled ? (
              <p className="text-sm text-muted-foreground">{endpoint.disabledReason}</p>
            ) : null}
            <p className="flex flex-wrap gap-1">
              {endpoint.events.map((event) => (
                <Badge key={event} variant="outline" className="font-mono">
                  {event}
                </Badge>
              ))}
            </p>
            <p className="font-mono text-xs text-muted-foreground">{`Secret ${endpoint.secretPrefix}…`}</p>
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={!endpoint.enabled || test.isPending}
            onClick={() => test.mutate()}
            aria-label={`Send test event to ${endpoint.url}`}
          >
            <Send aria-hidden="true" />
            Send test event
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-expanded={showLog}
            aria-controls={logId}
            onClick={() => setShowLog((value) => !value)}
          >
            {showLog ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button size="sm" variant="outline" disabled={toggle.isPending} onClick={() => toggle.mutate()}>
            {endpoint.enabled ? 'Turn off' : 'Turn on'}
          </Button>
          <ConfirmActionDialog
            trigger="Delete"
            triggerSize="sm"
            triggerLabel={`Delete webhook endpoint ${endpoint.url}`}
            title="Delete this endpoint?"
            description="Deliveries to it stop at once and its delivery log is deleted."
            confirmLabel="Delete Endpoint"
            busyLabel="Deleting..."
            onConfirm={remove}
          />
        </div>
      </div>
      {showLog ? (
        <div id={logId}>
          <DeliveryLog endpoint={endpoint} />
        </div>
      ) : null}
    </li>
  );
}

/** Webhooks (ADR 040): endpoints with their events, the secret shown once, test events and the delivery log. */
export function WebhooksCard() {
  const list = useQuery({ queryKey: webhookKeys.list, queryFn: webhooksApi.list });
  return (
    <SettingsGroup
      title="Webhooks"
      description="Lodestar tells your own services when something happens: new transactions after a sync, a connection’s status, low balances, large transactions and budgets passed."
    >
      {list.isSuccess ? (
        <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">
            {`Up to ${list.data.maxEndpoints} endpoints. Failed deliveries are retried for 24 hours; an endpoint that keeps failing is turned off and you get an email.`}
          </p>
          <div className="shrink-0">
            <AddWebhookDialog
              events={list.data.events}
              disabled={list.data.endpoints.length >= list.data.maxEndpoints}
            />
          </div>
        </div>
      ) : null}
      {list.isPending ? (
        <CardLoading label="Loading webhooks" rows={2} />
      ) : list.isError ? (
        <CardError
          title="Failed to load webhooks"
          error={list.error}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.endpoints.length === 0 ? (
        <CardEmpty icon={Webhook}>No webhook endpoints yet</CardEmpty>
      ) : (
        <ul aria-label="Webhook endpoints" className="divide-y">
          {list.data.endpoints.map((endpoint) => (
            <EndpointRow key={endpoint.id} endpoint={endpoint} />
          ))}
        </ul>
      )}
    </SettingsGroup>
  );
}

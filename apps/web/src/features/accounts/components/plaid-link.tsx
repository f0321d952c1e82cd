import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  usePlaidLink,
  type PlaidLinkError,
  type PlaidLinkOnExit,
  type PlaidLinkOnSuccess,
} from 'react-plaid-link';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { accountsApi, accountsQueryKeys } from '../api';
import { ACCOUNTS_TEXT } from '../messages';
import { useFailureToast, useInvalidateMoneyData, useReconnect } from '../queries';

/** Linking a new bank, or signing in again to a connection's bank (Link's update mode). */
export type PlaidLinkRequest = { mode: 'new' } | { mode: 'update'; connectionId: string };

type Duplicate = { id: string; displayName: string; message: string };

type PlaidLinkControl = {
  start: (request: PlaidLinkRequest) => void;
  /** Which request is under way (a link token asked for, or Link open), if any. */
  pending: PlaidLinkRequest | null;
};

const PlaidLinkContext = createContext<PlaidLinkControl | null>(null);

/** Plaid Link's control where a PlaidLinkProvider is above, else null. */
export function useOptionalPlaidLinkControl(): PlaidLinkControl | null {
  return useContext(PlaidLinkContext);
}

/** Starts Plaid Link from anywhere under the accounts screens. */
export function usePlaidLinkControl(): PlaidLinkControl {
  const control = useContext(PlaidLinkContext);
  if (!control) throw new Error('usePlaidLinkControl needs a PlaidLinkProvider');
  return control;
}

/** What Link said when it closed with an error, in plain words (Plaid's display_message is for users). */
export function linkExitText(error: PlaidLinkError, mode: PlaidLinkRequest['mode']): string {
  const base = mode === 'update' ? ACCOUNTS_TEXT.plaidReconnectFailed : ACCOUNTS_TEXT.plaidLinkFailed;
  const said = error.display_message?.trim();
  return said ? `${base} Plaid says: ${said}` : base;
}

/**
 * Opens Link once its script is loaded and a handler exists for the token; unmounting closes and
 * destroys Link (react-plaid-link does so when the token goes away).
 */
function LinkOpener({
  token,
  onSuccess,
  onExit,
  onLoadFailed,
}: {
  token: string;
  onSuccess: PlaidLinkOnSuccess;
  onExit: PlaidLinkOnExit;
  onLoadFailed: () => void;
}) {
  const { open, ready, error } = usePlaidLink({ token, onSuccess, onExit });
  const opened = useRef(false);
  useEffect(() => {
    if (ready && !opened.current) {
      opened.current = true;
      open();
    }
  }, [ready, open]);
  useEffect(() => {
    if (error) onLoadFailed();
  }, [error, onLoadFailed]);
  return (
    <p role="status" className="sr-only">
      {ready ? 'Plaid Link is open' : 'Opening Plaid Link'}
    </p>
  );
}

/**
 * Plaid Link for the accounts screens: asks the server for a link token, opens Link (outside any dialog,
 * so Link's own frame gets the focus), then posts the public token to /plaid/exchange and goes to Banks,
 * where the first sync shows its progress. In update mode a finished Link reconnects the connection,
 * which syncs it. A login already linked is offered as a reconnect of that connection.
 */
export function PlaidLinkProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<PlaidLinkRequest | null>(null);
  const [session, setSession] = useState<{ token: string; request: PlaidLinkRequest } | null>(null);
  const [duplicate, setDuplicate] = useState<Duplicate | null>(null);
  const queryClient = useQueryClient();
  const invalidate = useInvalidateMoneyData();
  const navigate = useNavigate();
  const fail = useFailureToast();
  const reconnect = useReconnect();

  const token = useMutation({
    mutationFn: (request: PlaidLinkRequest) =>
      accountsApi.plaidLinkToken(request.mode === 'update' ? { connectionId: request.connectionId } : {}),
    onSuccess: (answer, request) => setSession({ token: answer.linkToken, request }),
    onError: (error) => {
      setPending(null);
      fail('Could not open Plaid', error);
    },
  });

  const exchange = useMutation({
    mutationFn: accountsApi.plaidExchange,
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: accountsQueryKeys.connections });
      if (answer.duplicateOf) {
        setDuplicate({ ...answer.duplicateOf, message: 'message' in answer ? answer.message : '' });
        return;
      }
      void invalidate();
      toast.success(ACCOUNTS_TEXT.plaidConnected, { description: ACCOUNTS_TEXT.plaidConnectedDescription });
      void navigate('/banks');
    },
    onError: (error) => fail('Could not link the bank', error),
    onSettled: () => setPending(null),
  });

  const start = useCallback(
    (request: PlaidLinkRequest) => {
      if (pending) return;
      setDuplicate(null);
      setPending(request);
      token.mutate(request);
    },
    [pending, token],
  );

  const onSuccess = useCallback<PlaidLinkOnSuccess>(
    (publicToken, metadata) => {
      const request = session?.request;
      setSession(null);
      if (!request) return;
      if (request.mode === 'update') {
        // Link signed the item in again; reconnecting checks that with Plaid and starts a sync.
        reconnect.mutate(request.connectionId, { onSettled: () => setPending(null) });
        return;
      }
      if (!publicToken) {
        setPending(null);
        toast.error('Bank not linked', { description: ACCOUNTS_TEXT.plaidLinkFailed });
        return;
      }
      const given = metadata.institution;
      const institution =
        given?.institution_id && given.name
          ? { institutionId: given.institution_id, name: given.name }
          : null;
      exchange.mutate({ publicToken, institution });
    },
    [session, reconnect, exchange],
  );

  const onExit = useCallback<PlaidLinkOnExit>(
    (error) => {
      const mode = session?.request.mode ?? 'new';
      setSession(null);
      setPending(null);
      if (error)
        toast.error(mode === 'update' ? 'Not reconnected' : 'Bank not linked', {
          description: linkExitText(error, mode),
        });
    },
    [session],
  );

  const onLoadFailed = useCallback(() => {
    setSession(null);
    setPending(null);
    toast.error('Could not open Plaid', { description: ACCOUNTS_TEXT.plaidScriptFailed });
  }, []);

  const reconnectDuplicate = () => {
    if (!duplicate) return;
    const id = duplicate.id;
    setDuplicate(null);
    start({ mode: 'update', connectionId: id });
  };

  return (
    <PlaidLinkContext.Provider value={{ start, pending }}>
      {children}
      {session ? (
        <LinkOpener
          key={session.token}
          token={session.token}
          onSuccess={onSuccess}
          onExit={onExit}
          onLoadFailed={onLoadFailed}
        />
      ) : null}
      <Dialog open={duplicate !== null} onOpenChange={(open) => !open && setDuplicate(null)}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Already linked</DialogTitle>
            <DialogDescription>{duplicate?.message}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setDuplicate(null)}>
              Not now
            </Button>
            <Button onClick={reconnectDuplicate}>Reconnect {duplicate?.displayName}</Button>
          </div>
        </DialogContent>
      </Dialog>
    </PlaidLinkContext.Provider>
  );
}

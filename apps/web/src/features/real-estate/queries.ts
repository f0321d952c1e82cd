import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client';
import { useSessionExpiredHandler } from '@/lib/session';
import {
  type NewProperty,
  type NewValuation,
  type PropertyChanges,
  type PropertyDetail,
  realEstateApi,
  realEstateKeys,
} from './api';

/**
 * The real-estate mutations. Each one changes net worth and its history, so everything under
 * ['dashboard'] (the properties included) is read again, and ['accounts'] too: a property is backed by
 * an account of its own.
 */
function useRefresh() {
  const queryClient = useQueryClient();
  return useCallback(
    (saved?: PropertyDetail) => {
      if (saved) queryClient.setQueryData(realEstateKeys.detail(saved.id), saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
        queryClient.invalidateQueries({ queryKey: ['accounts'] }),
      ]);
    },
    [queryClient],
  );
}

/** Form mutations: failures are shown on the form; a 401 hands over to the session handler. */
function useFormFailure() {
  const onSessionExpired = useSessionExpiredHandler();
  return (error: unknown) => {
    onSessionExpired(error);
  };
}

/** Failures of a button (no form to show them on): a toast with the server's reason. */
function useFailureToast() {
  const onSessionExpired = useSessionExpiredHandler();
  return (title: string, error: unknown) => {
    if (!onSessionExpired(error)) toast.error(title, { description: errorMessage(error) });
  };
}

export function useCreateProperty(onDone: (saved: PropertyDetail) => void) {
  const refresh = useRefresh();
  const onError = useFormFailure();
  return useMutation({
    mutationFn: (body: NewProperty) => realEstateApi.create(body),
    onSuccess: (saved) => {
      void refresh(saved);
      toast.success(`${saved.name} added`);
      onDone(saved);
    },
    onError,
  });
}

export function useUpdateProperty(propertyId: string, onDone: () => void) {
  const refresh = useRefresh();
  const onError = useFormFailure();
  return useMutation({
    mutationFn: (body: PropertyChanges) => realEstateApi.update(propertyId, body),
    onSuccess: (saved) => {
      void refresh(saved);
      toast.success(`${saved.name} saved`);
      onDone();
    },
    onError,
  });
}

export function useDeleteProperty(onDone: () => void) {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: ({ id }: { id: string; name: string }) => realEstateApi.remove(id),
    onSuccess: (_, { id, name }) => {
      queryClient.removeQueries({ queryKey: realEstateKeys.detail(id) });
      void refresh();
      toast.success(`${name} deleted`);
      onDone();
    },
    onError: (error, { name }) => fail(`Could not delete ${name}`, error),
  });
}

export function useAddValuation(propertyId: string, onDone: () => void) {
  const refresh = useRefresh();
  const onError = useFormFailure();
  return useMutation({
    mutationFn: (body: NewValuation) => realEstateApi.addValuation(propertyId, body),
    onSuccess: (saved) => {
      void refresh(saved);
      toast.success('Valuation added');
      onDone();
    },
    onError,
  });
}

export function useDeleteValuation(propertyId: string, onDone: () => void) {
  const refresh = useRefresh();
  const fail = useFailureToast();
  return useMutation({
    mutationFn: (valuationId: string) => realEstateApi.removeValuation(propertyId, valuationId),
    onSuccess: (saved) => {
      void refresh(saved);
      toast.success('Valuation deleted');
      onDone();
    },
    onError: (error) => fail('Could not delete the valuation', error),
  });
}

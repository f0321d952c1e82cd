import { CACHE, PREFERENCES_TIMING, type Theme, UI_TIMING } from '@lodestar/domain';
// The zod-free reading of preferences (ADR 072): the app shell loads no schema library.
import {
  mergePreferences,
  type PreferenceKey,
  type Preferences,
  type PreferencesPatch,
  readPreferencesPatch,
} from '@lodestar/domain/stored-preferences';
import { notifyManager, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { toast } from 'sonner';
import { apiFetch } from './api-client';
import { SESSION_QUERY_KEY, useSession } from './session';
import {
  applyAppearance,
  PREFERENCES_STORAGE_KEY,
  parseStoredPreferences,
  readPreferencesCache,
  resolveAppearance,
  systemPrefersDark,
} from './theme';

/**
 * The user's preferences (spec §3, §4) for the whole app: read from the server for a signed-in user,
 * cached in localStorage 'user-preferences' (so the next visit, and signed-out screens, start from the
 * last known values), changed optimistically and saved in debounced batches.
 */

/** Spec §8 texts of the preferences provider. */
export const PREFERENCES_MESSAGES = {
  loadFailed: 'Failed to load preferences',
  saveFailed: 'Failed to save preference',
  saveFailedDescription: 'Your changes may not have been saved. Please try again.',
  themeSaveFailed: 'Failed to save theme preference',
  themeSaved: 'Theme preference saved',
  outsideProvider: 'usePreferences must be used within PreferencesProvider',
} as const;

/** Query key prefix of the stored preferences; other features invalidate it after changing a preference. */
export const PREFERENCES_QUERY_KEY = ['user', 'preferences'] as const;

export type PreferencesContextValue = {
  preferences: Preferences;
  /** True until the first read of the server ends (or, signed out, until the session is known). */
  loading: boolean;
  /** 'Failed to load preferences' while the server copy could not be read (the cached copy is shown). */
  error: string | null;
  signedIn: boolean;
  /**
   * Changes some preferences at once on screen and in the cache, and saves them (debounced, one PATCH
   * per burst). Resolves true when saved (or, signed out, remembered in this browser).
   */
  updatePreferences: (changes: PreferencesPatch) => Promise<boolean>;
  updatePreference: <K extends PreferenceKey>(key: K, value: Preferences[K]) => Promise<boolean>;
  /** Applies a theme at once and saves it now (not debounced). Resolves true when saved. */
  setTheme: (theme: Theme) => Promise<boolean>;
  /** Reads the preferences from the server again. */
  reload: () => Promise<void>;
  /**
   * Where the latest change stands: 'saving' while a change waits or is on its way, 'saved' for a few
   * seconds once the server has it, else 'idle' (a failure is said by its own toast).
   */
  saveState: SaveState;
};

export type SaveState = 'idle' | 'saving' | 'saved';

/** How long "Saved" stays after a save. */
export const SAVED_SHOWN_MS = 3_000;

const PreferencesContext = createContext<PreferencesContextValue | null>(null);

/** The provider's value, or null outside it (for hooks that must also work without it). */
export function usePreferencesOrNull(): PreferencesContextValue | null {
  return useContext(PreferencesContext);
}

/** The preferences, their load state and the ways to change them. Throws outside PreferencesProvider. */
export function usePreferences(): PreferencesContextValue {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error(PREFERENCES_MESSAGES.outsideProvider);
  return value;
}

/** The cached copy merged over the defaults (a damaged cache counts as empty). */
export function cachedPreferences(): Preferences {
  return mergePreferences(parseStoredPreferences(readPreferencesCache()));
}

function writeCache(value: Record<string, unknown>): void {
  try {
    window.localStorage.setItem(PREFERENCES_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the change still applies to this page, it just is not remembered.
  }
}

/** Keeps every other cached key (older caches hold only some) and sets `changes`. */
function writeCacheChanges(changes: PreferencesPatch): void {
  writeCache({ ...parseStoredPreferences(readPreferencesCache()), ...changes });
}

function applyToDocument(preferences: Preferences): void {
  applyAppearance(document.documentElement, resolveAppearance(preferences, systemPrefersDark()));
  // Lists and tables read it through the `compact:` variant (styles.css).
  document.documentElement.dataset.density = preferences.compact_view ? 'compact' : 'comfortable';
}

function debounceFor(batch: PreferencesPatch): number {
  // Thresholds are typed digit by digit: wait longer before saving them (spec §4).
  return 'alert_thresholds' in batch ? PREFERENCES_TIMING.thresholdDebounceMs : PREFERENCES_TIMING.debounceMs;
}

/** The in-flight changes minus those of `sent` (a key changed again since keeps its newer value). */
function withoutSent(inflight: PreferencesPatch, sent: PreferencesPatch): PreferencesPatch {
  const rest: Record<string, unknown> = { ...inflight };
  for (const key of Object.keys(sent) as PreferenceKey[]) {
    if (rest[key] === sent[key]) delete rest[key];
  }
  return rest;
}

const SESSION_PENDING = ' pending';
const SIGNED_OUT = ' signed out';

/** The signed-in user's id, SIGNED_OUT, or SESSION_PENDING while the session is not known yet. */
function readSessionState(queryClient: QueryClient): string {
  const query = queryClient.getQueryCache().find({ queryKey: SESSION_QUERY_KEY, exact: true });
  const data: unknown = query?.state.data;
  if (data === undefined) return query?.state.status === 'error' ? SIGNED_OUT : SESSION_PENDING;
  if (typeof data === 'object' && data !== null && 'id' in data && typeof data.id === 'string')
    return data.id;
  return SIGNED_OUT;
}

function settleWaiters(saved: boolean, list: readonly ((saved: boolean) => void)[]): void {
  for (const resolve of list) resolve(saved);
}

const send = (method: 'PATCH' | 'PUT', body: unknown, keepalive = false) =>
  apiFetch<unknown>('/user/preferences', { method, body, keepalive });

export function PreferencesProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // Reads the session (and fetches it when needed); who is signed in is then read from the query cache
  // itself, because sign-in and sign-out clear that cache and set the session afresh, which an observer
  // of the cleared query would not see until something else re-rendered this provider.
  useSession();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(notifyManager.batchCalls(onChange)),
    [queryClient],
  );
  const readState = () => readSessionState(queryClient);
  // The same on the server (a prerendered page, app/public-pages.ts): the cache is filled beforehand.
  const sessionState = useSyncExternalStore(subscribe, readState, readState);
  const sessionPending = sessionState === SESSION_PENDING;
  const userId = sessionPending || sessionState === SIGNED_OUT ? null : sessionState;
  const signedIn = userId !== null;
  const queryKey = useMemo(() => [...PREFERENCES_QUERY_KEY, userId] as const, [userId]);
  const query = useQuery({
    queryKey,
    queryFn: () => apiFetch<unknown>('/user/preferences'),
    enabled: signedIn,
    // A failed read falls back to the cache at once (spec §4) instead of waiting through retries.
    retry: false,
    staleTime: CACHE.default.staleMs,
    gcTime: CACHE.default.gcMs,
  });

  // What is on screen, and whose server copy it was last brought in line with (null: none yet). Until
  // the signed-in user's first answer is adopted the provider is still loading: the answer arrives one
  // render before the effect that shows it.
  const [state, setState] = useState(() => ({
    preferences: cachedPreferences(),
    adoptedFor: null as string | null,
  }));
  const { preferences, adoptedFor } = state;
  const shown = useRef(preferences);
  /** The last copy the server confirmed (null until the first successful read). */
  const confirmed = useRef<Preferences | null>(null);
  /** Changed but not sent yet, and sent but not answered yet: both stay on screen over server data. */
  const pending = useRef<PreferencesPatch>({});
  const inflight = useRef<PreferencesPatch>({});
  const waiters = useRef<((saved: boolean) => void)[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Bumped when the signed-in user changes, so answers meant for the previous user are dropped. */
  const generation = useRef(0);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const savedTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const markSaved = useCallback((saved: boolean) => {
    if (savedTimer.current) clearTimeout(savedTimer.current);
    savedTimer.current = null;
    setSaveState(saved ? 'saved' : 'idle');
    if (saved) savedTimer.current = setTimeout(() => setSaveState('idle'), SAVED_SHOWN_MS);
  }, []);
  const signedInRef = useRef(signedIn);
  const queryKeyRef = useRef(queryKey);
  useLayoutEffect(() => {
    signedInRef.current = signedIn;
    queryKeyRef.current = queryKey;
  }, [signedIn, queryKey]);

  const show = useCallback((next: Preferences, adoptedFrom?: string | null) => {
    shown.current = next;
    setState((previous) => ({
      preferences: next,
      adoptedFor: adoptedFrom === undefined ? previous.adoptedFor : adoptedFrom,
    }));
  }, []);

  /** Takes a server answer as the truth, keeping local changes that are still on their way. */
  const adopt = useCallback(
    (data: unknown, owner?: string | null) => {
      const server = mergePreferences(confirmed.current ?? shown.current, data);
      confirmed.current = server;
      const next = mergePreferences(server, inflight.current, pending.current);
      writeCache(next);
      show(next, owner);
    },
    [show],
  );

  const discardLocalChanges = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = {};
    inflight.current = {};
    const list = waiters.current;
    waiters.current = [];
    settleWaiters(false, list);
  }, []);

  const reload = useCallback(async () => {
    await queryClient.refetchQueries({ queryKey: queryKeyRef.current, exact: true });
  }, [queryClient]);

  const flush = useCallback(
    async (keepalive = false) => {
      timer.current = null;
      const batch = pending.current;
      const batchWaiters = waiters.current;
      pending.current = {};
      waiters.current = [];
      if (Object.keys(batch).length === 0) return settleWaiters(true, batchWaiters);
      inflight.current = { ...inflight.current, ...batch };
      const sentFor = generation.current;
      try {
        const data = await send('PATCH', batch, keepalive);
        if (sentFor !== generation.current) return settleWaiters(false, batchWaiters);
        inflight.current = withoutSent(inflight.current, batch);
        queryClient.setQueryData(queryKeyRef.current, data);
        adopt(data);
        settleWaiters(true, batchWaiters);
        if (!timer.current && Object.keys(inflight.current).length === 0) markSaved(true);
      } catch (failure) {
        if (sentFor !== generation.current) return settleWaiters(false, batchWaiters);
        console.error('Failed to save preferences', failure);
        settleWaiters(false, batchWaiters);
        markSaved(false);
        toast.error(PREFERENCES_MESSAGES.saveFailed, {
          id: 'preferences-save-failed',
          description: PREFERENCES_MESSAGES.saveFailedDescription,
        });
        // Spec §4: reload from the server, which puts the screen back to what is really stored.
        discardLocalChanges();
        if (confirmed.current) {
          writeCache(confirmed.current);
          show(confirmed.current);
        }
        await reload();
      }
    },
    [adopt, discardLocalChanges, markSaved, queryClient, reload, show],
  );

  const updatePreferences = useCallback(
    (changes: PreferencesPatch): Promise<boolean> => {
      const parsed = readPreferencesPatch(changes);
      if (!parsed) return Promise.resolve(false);
      const next = mergePreferences(shown.current, parsed);
      writeCacheChanges(parsed);
      applyToDocument(next);
      show(next);
      if (!signedInRef.current) return Promise.resolve(true);
      setSaveState('saving');
      pending.current = { ...pending.current, ...parsed };
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), debounceFor(pending.current));
      return new Promise((resolve) => waiters.current.push(resolve));
    },
    [flush, show],
  );

  useEffect(
    () => () => {
      if (savedTimer.current) clearTimeout(savedTimer.current);
    },
    [],
  );

  const updatePreference = useCallback(
    <K extends PreferenceKey>(key: K, value: Preferences[K]) =>
      updatePreferences({ [key]: value } as PreferencesPatch),
    [updatePreferences],
  );

  const setTheme = useCallback(
    async (theme: Theme): Promise<boolean> => {
      const next = mergePreferences(shown.current, { theme });
      writeCacheChanges({ theme });
      applyToDocument(next);
      show(next);
      if (!signedInRef.current) return true;
      inflight.current = { ...inflight.current, theme };
      const sentFor = generation.current;
      const settle = () => {
        inflight.current = withoutSent(inflight.current, { theme });
      };
      try {
        const data = await send('PUT', { key: 'theme', value: theme });
        if (sentFor !== generation.current) return false;
        settle();
        queryClient.setQueryData(queryKeyRef.current, data);
        adopt(data);
        return true;
      } catch (failure) {
        if (sentFor !== generation.current) return false;
        console.error(PREFERENCES_MESSAGES.themeSaveFailed, failure);
        settle();
        // The theme stays applied in this browser; only the server copy is behind (spec §7).
        toast.error(PREFERENCES_MESSAGES.themeSaveFailed, { duration: UI_TIMING.shortToastMs });
        return false;
      }
    },
    [adopt, queryClient, show],
  );

  // Another user signed in (or the user signed out): unsent changes belonged to the previous session.
  // The cache is kept, so the theme does not flash on the sign-in page. (Before the next effect, so a
  // new user's first answer is not merged over the previous user's copy.)
  const lastUser = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (sessionPending) return;
    if (lastUser.current !== undefined && lastUser.current !== userId) {
      generation.current += 1;
      confirmed.current = null;
      discardLocalChanges();
    }
    lastUser.current = userId;
  }, [discardLocalChanges, sessionPending, userId]);

  // A new server answer (first load, a reload, another feature's change): server values win.
  useEffect(() => {
    if (signedIn && query.data !== undefined) adopt(query.data, userId);
  }, [adopt, query.data, query.dataUpdatedAt, signedIn, userId]);

  // What <html> shows follows the preferences (the saved theme once they load, spec §4).
  useLayoutEffect(() => {
    applyToDocument(preferences);
  }, [preferences]);

  // Other tabs write the same cache; the operating system may switch light/dark under 'system'.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== PREFERENCES_STORAGE_KEY) return;
      show(mergePreferences(shown.current, parseStoredPreferences(readPreferencesCache())));
    };
    const scheme =
      typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined;
    const onScheme = () => applyToDocument(shown.current);
    // Leaving the page within the debounce window: send what is waiting, allowed to outlive the page.
    const onPageHide = () => {
      if (timer.current && signedInRef.current) {
        clearTimeout(timer.current);
        void flush(true);
      }
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener('pagehide', onPageHide);
    scheme?.addEventListener('change', onScheme);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('pagehide', onPageHide);
      scheme?.removeEventListener('change', onScheme);
    };
  }, [flush, show]);

  useEffect(() => () => discardLocalChanges(), [discardLocalChanges]);

  const loading = signedIn ? query.isPending || (query.isSuccess && adoptedFor !== userId) : sessionPending;
  const error = signedIn && query.isError ? PREFERENCES_MESSAGES.loadFailed : null;
  const value = useMemo<PreferencesContextValue>(
    () => ({
      preferences,
      loading,
      error,
      signedIn,
      updatePreferences,
      updatePreference,
      setTheme,
      reload,
      saveState,
    }),
    [preferences, loading, error, signedIn, updatePreferences, updatePreference, setTheme, reload, saveState],
  );
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>;
}

import { NEWS_CATEGORIES, NEWS_CATEGORY_LABELS, type NewsCategory } from '@lodestar/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { usePreferences } from '@/lib/preferences';
import { NEWS_TEXTS } from '../messages';
import { newsSourcesQuery } from '../news-sources-api';
import { Highlight } from '../search';
import { CheckboxGroupRow, SettingsGroup } from './settings-form-kit';

const SOURCE_MAX_LENGTH = 200;
const SOURCES_MAX = 50;

const CATEGORY_OPTIONS = NEWS_CATEGORIES.map((value) => ({ value, label: NEWS_CATEGORY_LABELS[value] }));

const sameSource = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The publishers the news feed gave the user lately (GET /market/news/sources), each a checkbox that is
 * ticked when `enabled_news_sources` names it: ticking adds it, unticking removes it.
 */
function SeenSources({
  chosen,
  onChange,
}: {
  chosen: readonly string[];
  onChange: (name: string, checked: boolean) => void;
}) {
  const seen = useQuery(newsSourcesQuery());
  const id = useId();
  let body;
  if (seen.isPending) {
    body = (
      <div
        role="status"
        aria-label={NEWS_TEXTS.seenLoading}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2"
      >
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-5 w-40 max-w-full" />
        ))}
      </div>
    );
  } else if (seen.isError) {
    body = (
      <LoadError
        title={NEWS_TEXTS.seenError}
        error={seen.error}
        onRetry={() => void seen.refetch()}
        retrying={seen.isFetching}
        className="px-0 py-0"
      />
    );
  } else if (seen.data.sources.length === 0) {
    body = <p className="text-sm text-muted-foreground">{NEWS_TEXTS.seenEmpty}</p>;
  } else {
    const full = chosen.length >= SOURCES_MAX;
    body = (
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {seen.data.sources.map((source, index) => {
          const checked = chosen.some((name) => sameSource(name, source.name));
          const optionId = `${id}-${index}`;
          return (
            <div key={source.name} className="flex min-w-0 items-center gap-2">
              <Checkbox
                id={optionId}
                checked={checked}
                disabled={!checked && full}
                onCheckedChange={(state) => onChange(source.name, state === true)}
              />
              <label htmlFor={optionId} className="min-w-0 text-sm peer-disabled:opacity-60">
                <span className="break-words">
                  <Highlight text={source.name} />
                </span>{' '}
                <span className="text-muted-foreground">
                  · {source.headlines} {source.headlines === 1 ? 'headline' : 'headlines'}
                </span>
              </label>
            </div>
          );
        })}
      </div>
    );
  }
  return (
    <fieldset
      className="mt-2"
      aria-describedby={`${id}-description`}
      aria-busy={seen.isFetching || undefined}
    >
      <legend className="text-sm font-medium">
        <Highlight text={NEWS_TEXTS.seen} />
      </legend>
      <p id={`${id}-description`} className="mt-0.5 mb-3 text-sm text-muted-foreground">
        <Highlight text={NEWS_TEXTS.seenDescription} />
      </p>
      {body}
    </fieldset>
  );
}

function NewsSources() {
  const { preferences, updatePreference } = usePreferences();
  const sources = preferences.enabled_news_sources;
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const add = (event: FormEvent) => {
    event.preventDefault();
    const name = draft.trim();
    if (!name) return setError('Enter a publisher name');
    if (name.length > SOURCE_MAX_LENGTH) return setError(`At most ${SOURCE_MAX_LENGTH} characters`);
    if (sources.some((source) => sameSource(source, name))) return setError(`${name} is already listed`);
    if (sources.length >= SOURCES_MAX) return setError(`At most ${SOURCES_MAX} publishers`);
    setError(null);
    setDraft('');
    void updatePreference('enabled_news_sources', [...sources, name]);
  };
  const remove = (name: string) => {
    void updatePreference(
      'enabled_news_sources',
      sources.filter((source) => source !== name),
    );
  };
  const toggle = (name: string, checked: boolean) => {
    setError(null);
    if (!checked) {
      void updatePreference(
        'enabled_news_sources',
        sources.filter((source) => !sameSource(source, name)),
      );
    } else if (!sources.some((source) => sameSource(source, name)) && sources.length < SOURCES_MAX) {
      void updatePreference('enabled_news_sources', [...sources, name]);
    }
  };
  return (
    <div className="grid gap-3 px-5 py-4">
      <div>
        <label htmlFor={`${id}-input`} className="block text-sm font-medium">
          <Highlight text={NEWS_TEXTS.sources} />
        </label>
        <p id={`${id}-description`} className="mt-0.5 text-sm text-muted-foreground">
          <Highlight text={NEWS_TEXTS.sourcesDescription} />
        </p>
      </div>
      <form onSubmit={add} className="flex flex-wrap gap-2" noValidate>
        <Input
          id={`${id}-input`}
          value={draft}
          placeholder={NEWS_TEXTS.sourceInput}
          maxLength={SOURCE_MAX_LENGTH}
          aria-describedby={`${id}-description${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          className="min-w-0 flex-1 sm:max-w-xs"
        />
        <Button type="submit" variant="outline">
          Add publisher
        </Button>
      </form>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {sources.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <Highlight text={NEWS_TEXTS.sourcesEmpty} />
        </p>
      ) : (
        <ul aria-label="News sources" className="flex flex-wrap gap-2">
          {sources.map((source) => (
            <li
              key={source}
              className="flex items-center gap-1 rounded-full border py-0.5 pr-0.5 pl-3 text-sm"
            >
              <span className="max-w-[16rem] truncate">{source}</span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${source}`}
                onClick={() => remove(source)}
                className="h-7 rounded-full px-2"
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
      <SeenSources chosen={sources} onChange={toggle} />
    </div>
  );
}

/** The news preferences: publishers (`enabled_news_sources`) and types (`news_categories`); empty means all. */
export function NewsSettings() {
  const { preferences, updatePreference } = usePreferences();
  const chosen = NEWS_CATEGORIES.filter((value) =>
    preferences.news_categories.some((stored) => stored.trim().toLowerCase() === value),
  );
  const shown: NewsCategory[] = chosen.length ? chosen : [...NEWS_CATEGORIES];
  return (
    <SettingsGroup title={NEWS_TEXTS.group} description={NEWS_TEXTS.groupDescription}>
      <NewsSources />
      <CheckboxGroupRow<NewsCategory>
        label={NEWS_TEXTS.types}
        description={NEWS_TEXTS.typesDescription}
        options={CATEGORY_OPTIONS}
        values={shown}
        onValuesChange={(values) => {
          if (values.length === 0) {
            toast.info('Keep at least one type of news');
            return;
          }
          // Every type chosen is stored as the empty list: all types, including any the feed adds later.
          void updatePreference('news_categories', values.length === NEWS_CATEGORIES.length ? [] : values);
        }}
      />
    </SettingsGroup>
  );
}

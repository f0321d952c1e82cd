import type { ComponentProps } from 'react';
import { LoadError as SharedLoadError } from '@/components/load-error';

/** The shared load error, as a card of its own on the Accounts page. */
export function LoadError(props: ComponentProps<typeof SharedLoadError>) {
  return <SharedLoadError {...props} className="rounded-lg border bg-card" />;
}

import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A placeholder block; decorative, so hidden from assistive technology (the region says 'Loading…'). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}

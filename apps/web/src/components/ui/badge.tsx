import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A small status label. Text contrast is at least 4.5:1 in light and dark and 7:1 in high contrast,
 * where the tinted variants become black/white text with a solid border (status is carried by the
 * words, never by colour alone).
 */
export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center gap-1 rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-muted text-foreground in-[.high-contrast]:border-foreground',
        outline: 'border-input bg-transparent text-foreground in-[.high-contrast]:border-foreground',
        success:
          'border-green-700/30 bg-green-50 text-green-800 dark:border-green-400/40 dark:bg-green-400/10 dark:text-green-300 in-[.high-contrast]:border-foreground in-[.high-contrast]:bg-card in-[.high-contrast]:text-foreground',
        warning:
          'border-amber-700/30 bg-amber-50 text-amber-900 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-200 in-[.high-contrast]:border-foreground in-[.high-contrast]:bg-card in-[.high-contrast]:text-foreground',
        destructive:
          'border-transparent bg-destructive text-destructive-foreground in-[.high-contrast]:border-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants> & { asChild?: boolean };

export function Badge({ className, variant, asChild = false, ...props }: BadgeProps) {
  const Component = asChild ? Slot.Root : 'span';
  return (
    <Component
      data-variant={variant ?? 'default'}
      className={cn(badgeVariants({ variant }), className)}
      {...props}
    />
  );
}

import { useMediaQuery } from './use-media-query';

/** Spec §2 breakpoints (px): mobile below 768, tablet 768–1023, desktop 1024 and above. */
export const BREAKPOINTS = { tablet: 768, desktop: 1024 } as const;

export type ScreenSize = 'mobile' | 'tablet' | 'desktop';

export function useScreenSize(): ScreenSize {
  const isTabletUp = useMediaQuery(`(min-width: ${BREAKPOINTS.tablet}px)`);
  const isDesktop = useMediaQuery(`(min-width: ${BREAKPOINTS.desktop}px)`);
  if (isDesktop) return 'desktop';
  return isTabletUp ? 'tablet' : 'mobile';
}

import { BREAKPOINTS } from '@lodestar/domain/constants';
import { useMediaQuery } from './use-media-query';

export type ScreenSize = 'mobile' | 'tablet' | 'desktop';

export function useScreenSize(): ScreenSize {
  const isTabletUp = useMediaQuery(`(min-width: ${BREAKPOINTS.tabletMinPx}px)`);
  const isDesktop = useMediaQuery(`(min-width: ${BREAKPOINTS.desktopMinPx}px)`);
  if (isDesktop) return 'desktop';
  return isTabletUp ? 'tablet' : 'mobile';
}

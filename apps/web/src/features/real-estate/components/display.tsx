// The real-estate page shows figures like every other page (components/figure-display.tsx).
export {
  Amount,
  useFigureDisplay as useRealEstateDisplay,
  type FigureDisplay as RealEstateDisplay,
} from '@/components/figure-display';

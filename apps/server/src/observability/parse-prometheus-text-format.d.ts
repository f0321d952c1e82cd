// The package ships no types; this is the shape its README documents (prom2json's).
declare module 'parse-prometheus-text-format' {
  export type ParsedSample = {
    value?: string;
    labels?: Record<string, string>;
    buckets?: Record<string, string>;
    quantiles?: Record<string, string>;
    count?: string;
    sum?: string;
  };
  export type ParsedFamily = {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: ParsedSample[];
  };
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}

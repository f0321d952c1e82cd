/** Sets the browser tab's title (React 19 hoists <title> into <head>); screen readers announce it too. */
export function DocumentTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · Lodestar` : 'Lodestar'}</title>;
}

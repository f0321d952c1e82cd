import { Newspaper } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

export function BlogRoute() {
  return (
    <>
      <PageHeader title="Blog" description="Release notes and articles about running your own finances." />
      <EmptyState icon={Newspaper} title="No posts yet">
        Articles and release notes will be published here.
      </EmptyState>
    </>
  );
}

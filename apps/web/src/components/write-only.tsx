import type { ReactNode } from 'react';
import { useWriteAccess } from '@/lib/household';

/**
 * Shows its children (a create, edit or delete control) only to someone who may change the household
 * the pages show: a read-only member sees none of them, and the household notice says why.
 */
export function WriteOnly({ children }: { children: ReactNode }) {
  const { canWrite } = useWriteAccess();
  return canWrite ? children : null;
}

/** Shows its children (linking, reconnecting or removing a connection) only in one's own household. */
export function OwnerOnly({ children }: { children: ReactNode }) {
  const { isOwner } = useWriteAccess();
  return isOwner ? children : null;
}

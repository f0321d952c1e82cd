import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { DocumentTitle } from '@/components/document-title';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { apiFetch, errorMessage, type ApiData } from '@/lib/api-client';
import { setActingHousehold } from '@/lib/household';

type Accepted = ApiData<'/household/invitations/accept', 'post'>;

/** `/household/accept?token=…`: the link of a household invitation, opened signed in with the invited address. */
export function AcceptInvitationRoute() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: () =>
      apiFetch<Accepted>('/household/invitations/accept', { method: 'POST', body: { token } }),
    onSuccess: async (joined) => {
      setActingHousehold(joined.ownerUserId);
      await queryClient.resetQueries();
      toast.success(`You joined ${joined.ownerName}’s household`);
      await navigate('/dashboard');
    },
  });
  return (
    <div className="mx-auto max-w-lg">
      <DocumentTitle title="Household invitation" />
      <PageHeader
        title="Household invitation"
        description="Someone invited you to see their finances in Lodestar."
      />
      <div className="grid gap-4 rounded-lg border bg-card p-5">
        <Users aria-hidden="true" className="size-8 text-muted-foreground" />
        {token ? (
          <>
            <p className="text-sm">
              Accepting lets you switch to their household from the top bar. They choose whether you can
              change anything, and can remove you at any time.
            </p>
            {accept.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {errorMessage(accept.error)}
              </p>
            ) : null}
            <Button
              onClick={() => accept.mutate()}
              disabled={accept.isPending}
              className="justify-self-start"
            >
              {accept.isPending ? 'Accepting...' : 'Accept the invitation'}
            </Button>
          </>
        ) : (
          <p role="alert" className="text-sm text-destructive">
            This link has no invitation in it. Open the link from the invitation email again.
          </p>
        )}
      </div>
    </div>
  );
}

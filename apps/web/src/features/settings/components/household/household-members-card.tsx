import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UserPlus, Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { apiFetch, errorMessage, type ApiData } from '@/lib/api-client';
import { useSettingsDates } from '../../format';
import { CardEmpty, CardError, CardLoading } from '../card-states';
import { SettingsGroup } from '../settings-form-kit';

type Members = ApiData<'/household/members'>;
type Member = Members['members'][number];
type Access = Member['access'];

const MEMBERS_KEY = ['user', 'household', 'members'] as const;

const ACCESS_LABELS: Record<Access, string> = { read: 'Read-only', write: 'Read & write' };
const STATUS_LABELS: Record<Member['status'], string> = {
  active: 'Member',
  invited: 'Invited',
  expired: 'Invitation expired',
};

function AccessSelect({
  id,
  value,
  onChange,
  disabled,
  label,
}: {
  id: string;
  value: Access;
  onChange: (access: Access) => void;
  disabled?: boolean;
  label: string;
}) {
  return (
    <select
      id={id}
      aria-label={label}
      className="h-9 rounded-md border border-input bg-background px-2 text-sm"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as Access)}
    >
      <option value="read">{ACCESS_LABELS.read}</option>
      <option value="write">{ACCESS_LABELS.write}</option>
    </select>
  );
}

/**
 * Household members (ADR 038): invite someone by email (the link works 7 days) with read-only or read &
 * write access; each member's last activity; change access or remove at once.
 */
export function HouseholdMembersCard() {
  const dates = useSettingsDates();
  const queryClient = useQueryClient();
  const members = useQuery({
    queryKey: MEMBERS_KEY,
    queryFn: () => apiFetch<Members>('/household/members'),
  });
  const [email, setEmail] = useState('');
  const [access, setAccess] = useState<Access>('read');
  // The members and the household activity (an invitation or a removal is recorded there too).
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['user', 'household'] });

  const invite = useMutation({
    mutationFn: () =>
      apiFetch('/household/members', { method: 'POST', body: { email: email.trim(), access } }),
    onSuccess: () => {
      toast.success(`Invitation sent to ${email.trim()}`);
      setEmail('');
      refresh();
    },
    onError: (error) => toast.error('Could not send the invitation', { description: errorMessage(error) }),
  });
  const change = useMutation({
    mutationFn: (input: { id: string; access: Access }) =>
      apiFetch(`/household/members/${encodeURIComponent(input.id)}`, {
        method: 'PATCH',
        body: { access: input.access },
      }),
    onSuccess: () => {
      toast.success('Access changed');
      refresh();
    },
    onError: (error) => toast.error('Could not change the access', { description: errorMessage(error) }),
  });
  const revoke = useMutation({
    mutationFn: (member: Member) =>
      apiFetch(`/household/members/${encodeURIComponent(member.id)}`, { method: 'DELETE' }),
    onSuccess: (_answer, member) => {
      toast.success(`${member.email} removed`);
      refresh();
    },
    onError: (error) => toast.error('Could not remove them', { description: errorMessage(error) }),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!invite.isPending && email.trim()) invite.mutate();
  };
  const limit = members.data?.limit;

  return (
    <SettingsGroup
      title="Household members"
      description="People you let see your finances. They sign in with their own account; you choose whether they can change anything. Settings, security and billing stay yours."
    >
      <form
        noValidate
        onSubmit={onSubmit}
        className="grid gap-3 px-5 py-4 sm:grid-cols-[1fr_auto_auto] sm:items-end"
      >
        <FormField label="Email">
          {(control) => (
            <Input
              {...control}
              type="email"
              name="memberEmail"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          )}
        </FormField>
        <AccessSelect id="member-access" label="Access" value={access} onChange={setAccess} />
        <Button type="submit" disabled={invite.isPending || !email.trim()}>
          <UserPlus aria-hidden="true" />
          {invite.isPending ? 'Sending...' : 'Invite'}
        </Button>
        {limit !== undefined && limit !== null ? (
          <p className="text-sm text-muted-foreground sm:col-span-3">
            Your plan includes {limit} household member{limit === 1 ? '' : 's'}.
          </p>
        ) : null}
      </form>
      {members.isPending ? (
        <CardLoading label="Loading household members" rows={1} />
      ) : members.isError ? (
        <CardError
          title="Failed to load household members"
          error={members.error}
          onRetry={() => void members.refetch()}
          retrying={members.isFetching}
        />
      ) : members.data.members.length === 0 ? (
        <CardEmpty icon={Users}>Nobody else sees your household yet.</CardEmpty>
      ) : (
        <ul aria-label="Household members" className="divide-y border-t">
          {members.data.members.map((member) => (
            <li key={member.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium">{member.name ?? member.email}</p>
                <p className="truncate text-sm text-muted-foreground">
                  {member.name ? `${member.email} · ` : ''}
                  {STATUS_LABELS[member.status]}
                  {member.status === 'active'
                    ? member.lastActiveAt
                      ? ` · last active ${dates.date(member.lastActiveAt)}`
                      : ' · not active yet'
                    : ''}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <AccessSelect
                  id={`access-${member.id}`}
                  label={`Access for ${member.email}`}
                  value={member.access}
                  disabled={change.isPending}
                  onChange={(next) => change.mutate({ id: member.id, access: next })}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(member)}
                  aria-label={`Remove ${member.email}`}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </SettingsGroup>
  );
}

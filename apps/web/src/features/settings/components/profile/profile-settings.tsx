import { SignedInOnly } from '../signed-in-only';
import { PasskeysCard } from '../security/passkeys-card';
import { SecurityActivityCard } from '../security/security-activity-card';
import { SecurityBlock } from '../security/security-block';
import { SessionsCard } from '../security/sessions-card';
import { AccountInformation } from './account-information';
import { LinkedIdentitiesCard } from './linked-identities-card';
import { HouseholdActivityCard } from '../household/household-activity-card';
import { HouseholdMembersCard } from '../household/household-members-card';
import { ProfileInformationForm } from './profile-information-form';

/** Spec §2 profile section: profile information, account information, then security. */
export function ProfileSettings() {
  return (
    <SignedInOnly returnTo="/settings/profile">
      {(user) => (
        <div className="space-y-6">
          {/* Keyed by user so a different account never inherits a half-typed name. */}
          <ProfileInformationForm key={user.id} user={user} />
          <AccountInformation user={user} />
          <SecurityBlock user={user} />
          <PasskeysCard />
          <LinkedIdentitiesCard />
          <HouseholdMembersCard />
          <HouseholdActivityCard />
          <SessionsCard />
          <SecurityActivityCard />
        </div>
      )}
    </SignedInOnly>
  );
}

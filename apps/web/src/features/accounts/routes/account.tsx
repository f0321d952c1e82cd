import { useParams } from 'react-router';
import { AccountPage } from '../components/account-page';

/** /accounts/:accountId — one account. */
export function AccountRoute() {
  const { accountId = '' } = useParams();
  // A new page per account, so nothing of one account's dialogs or state carries over to the next.
  return <AccountPage key={accountId} accountId={accountId} />;
}

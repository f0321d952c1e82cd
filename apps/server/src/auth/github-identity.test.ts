import { describe, expect, it } from 'vitest';
import { chooseGitHubEmail } from './github-identity';

/** Which of a GitHub account's addresses signs in (GitHub's /user and /user/emails answers). */
describe('chooseGitHubEmail', () => {
  const primary = { email: 'mona@example.com', primary: true, verified: true };
  const other = { email: 'mona@work.example', primary: false, verified: true };

  it('takes the public address, verified when /user/emails says so', () => {
    expect(chooseGitHubEmail({ email: 'Mona@Work.example' }, [primary, other])).toEqual({
      email: 'Mona@Work.example',
      verified: true,
    });
    expect(chooseGitHubEmail({ email: 'mona@public.example' }, [primary])).toEqual({
      email: 'mona@public.example',
      verified: false,
    });
  });

  it('takes the verified primary address when the profile shows none', () => {
    expect(chooseGitHubEmail({ email: null }, [other, primary])).toEqual({
      email: primary.email,
      verified: true,
    });
  });

  it('prefers another verified address to an unverified primary one, and says when none is verified', () => {
    const unverifiedPrimary = { ...primary, verified: false };
    expect(chooseGitHubEmail({ email: null }, [unverifiedPrimary, other])).toEqual({
      email: other.email,
      verified: true,
    });
    expect(chooseGitHubEmail({ email: null }, [unverifiedPrimary])).toEqual({
      email: primary.email,
      verified: false,
    });
    expect(chooseGitHubEmail({ email: null }, [])).toBeNull();
  });
});

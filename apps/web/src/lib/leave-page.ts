/**
 * Leaves the app for another site in this tab (an identity provider's sign-in page). An object, so tests
 * can watch where the browser would have gone.
 */
export const leavePage = {
  to(url: string): void {
    window.location.assign(url);
  },
};

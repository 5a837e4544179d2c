/**
 * Who may open which page; the router's guarded routes are typed and tested
 * against these lists.
 */
export const ROUTE_ACCESS = {
  /** Visitors only: a signed-in user is sent to /dashboard. */
  publicOnly: ['/register-patient', '/login-patient', '/forgot-password'],
  /** Any signed-in user. */
  signedIn: ['/dashboard', '/education', '/research', '/support-programs'],
  /** Participants' own pages: administrators have none. */
  participant: ['/survey', '/contact-us', '/profile-settings', '/messages'],
  /** Staff pages: System Options, and Your security (their own sign-in methods and sessions). */
  admin: ['/system-options', '/security'],
} as const;

export type Audience = 'visitor' | 'participant' | 'admin';

const pathOf = (link: string) => link.split(/[?#]/)[0] || '/';
const within = (list: readonly string[], link: string) => list.includes(pathOf(link));

/** Whether a link inside the portal opens its page for this person, rather than sending them elsewhere. */
export function canOpen(link: string, audience: Audience): boolean {
  if (audience === 'visitor')
    return (
      !within(ROUTE_ACCESS.signedIn, link) &&
      !within(ROUTE_ACCESS.participant, link) &&
      !within(ROUTE_ACCESS.admin, link)
    );
  if (within(ROUTE_ACCESS.publicOnly, link)) return false;
  return audience === 'admin' ? !within(ROUTE_ACCESS.participant, link) : !within(ROUTE_ACCESS.admin, link);
}
